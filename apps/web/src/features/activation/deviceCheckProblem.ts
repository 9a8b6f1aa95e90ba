import { DEVICE_TEXTS } from '@portal/contracts/devices';
import { REFUSAL_CODES } from '@portal/contracts/refusals';
import { ApiError } from '../../lib/api.ts';
import { alertLinesFor } from '../../lib/errors.ts';

/** Where the installer reads the proof on the unit. */
export const ICCID_WHERE =
  'The ICCID is the 19- or 20-digit number on the unit’s label, under the bar code marked ICCID. Enter its last four digits.';

/** An unknown serial and another dealer's unit answer alike (404): the words cover both. */
export const DEVICE_NOT_FOUND_TEXT =
  'Device not found. Check the serial number on the unit. A unit installed for another dealer can only be activated by that dealer.';

/** What a device check's refusal says to the installer, and which field it is about (spec 02 §8; by code). */
export function deviceCheckProblem(error: unknown): {
  text: string;
  field: 'device_key' | 'iccid' | null;
  signOut?: boolean;
} {
  const code = error instanceof ApiError ? error.body?.code : undefined;
  switch (code) {
    case REFUSAL_CODES.NOT_IN_SERVICE_MODE:
      return { text: DEVICE_TEXTS.notInServiceMode, field: null };
    case REFUSAL_CODES.DEVICE_NOT_FOUND:
      return { text: DEVICE_NOT_FOUND_TEXT, field: 'device_key' };
    case REFUSAL_CODES.INVALID_INSTALLER_ACCOUNT:
      return { text: DEVICE_TEXTS.invalidInstallerAccount, field: null, signOut: true };
    case REFUSAL_CODES.DEVICE_PROOF_REQUIRED:
      return { text: DEVICE_TEXTS.proofRequired, field: 'iccid' };
    case REFUSAL_CODES.DEVICE_PROOF_WRONG:
      return { text: DEVICE_TEXTS.proofWrong, field: 'iccid' };
    case REFUSAL_CODES.DEVICE_PROOF_LIMITED:
      return { text: DEVICE_TEXTS.proofLimited, field: null };
    case REFUSAL_CODES.DEVICE_OFFLINE:
      return { text: DEVICE_TEXTS.deviceOffline, field: null };
    case REFUSAL_CODES.DEVICE_CLOUD_UNAVAILABLE:
      return { text: DEVICE_TEXTS.cloudUnavailable, field: null };
    default:
      if (!(error instanceof ApiError))
        return { text: 'No answer from the portal. Check your connection and try again.', field: null };
      return { text: alertLinesFor(error).join(' '), field: null };
  }
}
