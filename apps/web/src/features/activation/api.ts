import type { ActivationType } from '@portal/contracts/devices';
import type { ActivationStep, ActivationStepState } from '@portal/contracts/activation';
import { ACTIVATION_TOKEN_HEADER } from '@portal/contracts/activation';
import { routes } from '@portal/contracts/endpoints/routes';
import { call } from '../../lib/api.ts';

/**
 * The activation's calls (issue 29). A guest's activation is theirs by its token (the start answers it
 * once): every activation call carries it in X-Activation-Token; a signed-in person's session is enough.
 */
const tokenHeaders = (guestToken: string | null | undefined) =>
  guestToken ? { [ACTIVATION_TOKEN_HEADER]: guestToken } : undefined;

/** With `iccid_last_digits` only when there is proof to send (an installed unit needs none). */
const proofOf = (proof: string | null | undefined) => (proof ? { iccid_last_digits: proof } : {});

export const activationCalls = {
  start: (body: { device_key: string; activation_type: ActivationType; proof: string; advanced: boolean }) =>
    call(routes.activations.start, {
      body: {
        device_key: body.device_key,
        activation_type: body.activation_type,
        advanced: body.advanced,
        ...proofOf(body.proof),
      },
    }),
  listOpen: (guestToken: string | null, signal?: AbortSignal) =>
    call(routes.activations.list, { query: { status: 'in_progress' }, headers: tokenHeaders(guestToken), signal }),
  get: (id: string, guestToken: string | null, signal?: AbortSignal) =>
    call(routes.activations.get, { params: { id }, headers: tokenHeaders(guestToken), signal }),
  update: (
    id: string,
    guestToken: string | null,
    body: { version: number; current_step?: ActivationStep; step?: ActivationStep; step_state?: ActivationStepState },
  ) => call(routes.activations.update, { params: { id }, body, headers: tokenHeaders(guestToken) }),
  restart: (
    id: string,
    guestToken: string | null,
    body: { version: number; proof: string | null; advanced: boolean },
  ) =>
    call(routes.activations.restart, {
      params: { id },
      body: { version: body.version, advanced: body.advanced, ...proofOf(body.proof) },
      headers: tokenHeaders(guestToken),
    }),
  /** The unit activated (when its type calls for it) and installed, and the activation completed: one call. */
  complete: (
    id: string,
    guestToken: string | null,
    body: { version: number; proof: string | null; exit_service_mode: boolean; involved_installers?: string[] },
  ) =>
    call(routes.activations.complete, {
      params: { id },
      body: {
        version: body.version,
        exit_service_mode: body.exit_service_mode,
        ...(body.involved_installers && body.involved_installers.length > 0
          ? { involved_installers: body.involved_installers }
          : {}),
        ...proofOf(body.proof),
      },
      headers: tokenHeaders(guestToken),
    }),
  abandon: (id: string, guestToken: string | null) =>
    call(routes.activations.abandon, { params: { id }, headers: tokenHeaders(guestToken) }),
};

export const deviceCalls = {
  /** The activation's device check (a device not in Service Mode is refused). */
  check: (deviceKey: string, proof: string | null) =>
    call(routes.devices.deviceCheck, { body: { device_key: deviceKey, ...proofOf(proof) } }),
  /** The same facts without the Service Mode rule: the stepper's refresh (a unit may leave it at completion). */
  facts: (deviceKey: string, proof: string | null) =>
    call(routes.devices.devicePurchasingCheck, { body: { device_key: deviceKey, ...proofOf(proof) } }),
  latestLog: (deviceKey: string, proof: string | null, signal?: AbortSignal) =>
    call(routes.devices.logs, { query: { device_key: deviceKey, limit: 1, ...proofOf(proof) }, signal }),
};
