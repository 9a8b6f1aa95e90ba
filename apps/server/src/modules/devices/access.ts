import { DEVICE_PROOF_LIMITS, DEVICE_TEXTS, isNonInstaller, REFUSAL_CODES } from '@portal/contracts';
import type { Actor } from '../../actor.ts';
import type { Db } from '../../db/client.ts';
import {
  DeviceCloudError,
  DeviceCloudHttpError,
  type CloudErrorCode,
  type DeviceCloud,
  type Shadow,
} from '../../adapters/devices/index.ts';
import { Refusal } from '../../refusal.ts';
import { installationOf, proofFailuresSince, recordProofFailure } from './repo.ts';

/**
 * Who may drive a device (issue 28 §5; docs/decisions.md "Who may drive a device"):
 *
 * 1. An installer account that can not activate for a dealer — every user type 'installer' (spec 01 §6:
 *    not a non-installer) and retired, or with no business to act for — is refused every device call with
 *    spec 02 §5's 'Invalid Installer Account. Please activate as guest.': activation allows optional login
 *    (spec 01 §2.2), so such a person signs out and activates as a guest, proving possession as any guest.
 * 2. A device installed for a business (device_installations): that business's people, and a sales rep
 *    acting for it (spec 01 §4: the actor's business), whatever digits they send. Anyone else: 404, as
 *    for a device that does not exist (nobody learns another dealer's device is there).
 * 3. A device not installed: whoever proves they hold it — the ICCID's last four digits printed on the
 *    unit, compared with what the device reports — guests included. Wrong digits are counted per device
 *    and per address (device_proof_failures); past DEVICE_PROOF_LIMITS every try is refused (429), the
 *    right digits included, until the window passes.
 */

export interface DeviceProof {
  /** The ICCID's last digits the caller read off the unit (body or query `iccid_last_digits`). */
  iccidLastDigits?: string;
  /** The caller's address (request.ip), for the per-address limit. */
  ip: string;
}

export interface DeviceAccess {
  /** The business the device is installed for (the caller's), or null while it is installed for nobody. */
  installedFor: string | null;
  /** The device as the cloud reports it now. */
  shadow: Shadow;
}

export type DeviceAccessFor = (actor: Actor | null, deviceKey: string, proof: DeviceProof) => Promise<DeviceAccess>;

/** spec 02 §5: the installer account that is told to activate as a guest (rule 1 above). */
export const isInvalidInstallerAccount = (actor: Actor) =>
  !isNonInstaller(actor.user) && (actor.user.is_retired || actor.business === null);

const refusal = (kind: Refusal['kind'], detail: string, code: string, retryAfterMs?: number) =>
  new Refusal(kind, detail, { code, retryAfterMs });

/** The portal's refusal for each of the device cloud's (issue 28 §3): never a 500. */
const CLOUD_REFUSALS: Record<CloudErrorCode, { kind: Refusal['kind']; code: string; detail?: string }> = {
  NOT_FOUND: { kind: 'not_found', code: REFUSAL_CODES.DEVICE_NOT_FOUND, detail: DEVICE_TEXTS.deviceNotFound },
  VERSION_CONFLICT: { kind: 'conflict', code: REFUSAL_CODES.DEVICE_VERSION_CONFLICT },
  CONFLICT: { kind: 'conflict', code: REFUSAL_CODES.DEVICE_CONFLICT },
  QUERY_REQUIRED: { kind: 'conflict', code: REFUSAL_CODES.DEVICE_QUERY_REQUIRED },
  INVALID: { kind: 'invalid', code: REFUSAL_CODES.DEVICE_INVALID },
  NOT_SUPPORTED: { kind: 'unprocessable', code: REFUSAL_CODES.DEVICE_NOT_SUPPORTED },
  DEVICE_OFFLINE: { kind: 'unavailable', code: REFUSAL_CODES.DEVICE_OFFLINE },
};

/**
 * The refusal of a device cloud's error (its message is written for people); `field` names the request's
 * field an INVALID is about, answered as a field error. Anything else is thrown on as it is.
 */
export function refusalOfCloudError(error: unknown, field?: string): unknown {
  // The cloud's service down or misconfigured: the device calls wait for it, the rest of the portal works.
  if (error instanceof DeviceCloudHttpError)
    return refusal('unavailable', DEVICE_TEXTS.cloudUnavailable, REFUSAL_CODES.DEVICE_CLOUD_UNAVAILABLE);
  if (!(error instanceof DeviceCloudError)) return error;
  const mapped = CLOUD_REFUSALS[error.code] ?? CLOUD_REFUSALS.CONFLICT;
  const detail = mapped.detail ?? error.message;
  if (error.code === 'INVALID' && field)
    return new Refusal('invalid', detail, { code: mapped.code, validation: [{ field, messages: [detail] }] });
  return refusal(mapped.kind, detail, mapped.code);
}

/** Runs a call of the cloud, answering its refusals as the portal's. */
export async function fromCloud<T>(call: () => Promise<T>, field?: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw refusalOfCloudError(error, field);
  }
}

const notFound = () => refusal('not_found', DEVICE_TEXTS.deviceNotFound, REFUSAL_CODES.DEVICE_NOT_FOUND);

/** `deviceAccessFor(actor | null, deviceKey, proof)`: throws a refusal, or answers whose the device is. */
export function createDeviceAccess(deps: { db: Db; devices: DeviceCloud }): DeviceAccessFor {
  return async (actor, deviceKey, proof) => {
    if (actor && isInvalidInstallerAccount(actor))
      throw refusal('forbidden', DEVICE_TEXTS.invalidInstallerAccount, REFUSAL_CODES.INVALID_INSTALLER_ACCOUNT);

    const installation = await installationOf(deps.db, deviceKey);
    if (installation) {
      if (!actor?.business || actor.business.id !== installation.businessPartnerId) throw notFound();
      const shadow = await fromCloud(() => deps.devices.shadow(deviceKey));
      if (!shadow) throw notFound();
      return { installedFor: installation.businessPartnerId, shadow };
    }

    // Not installed: the proof of possession, within the limits of wrong tries.
    const since = new Date(Date.now() - DEVICE_PROOF_LIMITS.windowMs);
    const failures = await proofFailuresSince(deps.db, deviceKey, proof.ip, since);
    const limitedBy =
      failures.device.count >= DEVICE_PROOF_LIMITS.perDevice
        ? failures.device.oldest
        : failures.address.count >= DEVICE_PROOF_LIMITS.perAddress
          ? failures.address.oldest
          : undefined;
    if (limitedBy !== undefined) {
      const retryAfterMs = Math.max(
        1000,
        (limitedBy ? new Date(limitedBy).getTime() : Date.now()) + DEVICE_PROOF_LIMITS.windowMs - Date.now(),
      );
      throw refusal('limited', DEVICE_TEXTS.proofLimited, REFUSAL_CODES.DEVICE_PROOF_LIMITED, retryAfterMs);
    }
    const shadow = await fromCloud(() => deps.devices.shadow(deviceKey));
    if (!shadow) throw notFound();
    if (!proof.iccidLastDigits)
      throw refusal('forbidden', DEVICE_TEXTS.proofRequired, REFUSAL_CODES.DEVICE_PROOF_REQUIRED);
    if (!shadow.reported.iccid.endsWith(proof.iccidLastDigits)) {
      await recordProofFailure(deps.db, deviceKey, proof.ip);
      throw refusal('forbidden', DEVICE_TEXTS.proofWrong, REFUSAL_CODES.DEVICE_PROOF_WRONG);
    }
    return { installedFor: null, shadow };
  };
}
