import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACTIVATION_STEP_HEADER, activationStepLinkOf } from '@portal/contracts/activation';
import { DEVICE_TEXTS, endpoints, REFUSAL_CODES } from '@portal/contracts';
import { maybeSignedIn, requireSignedIn, signedIn } from '../../plugins/actor.ts';
import { route, type Guard } from '../../plugins/endpoints.ts';
import { Refusal } from '../../refusal.ts';
import { isInvalidInstallerAccount } from './access.ts';
import { mayListDevices } from './listing-routes.ts';
import type { CallOrigin, DeviceService } from './service.ts';

/**
 * spec 02 §5: an installer account that can not activate for a dealer is told to activate as a guest,
 * from the session alone, before the request is read (403 before 400). The service's access check asks again.
 */
export const refuseInvalidInstallerAccount: Guard = async (request) => {
  if (request.actor && isInvalidInstallerAccount(request.actor))
    throw new Refusal('forbidden', DEVICE_TEXTS.invalidInstallerAccount, {
      code: REFUSAL_CODES.INVALID_INSTALLER_ACCOUNT,
    });
};

/**
 * The device calls of spec 02 §7 (issue 28 §3). Activation allows optional login (spec 01 §2.2): every
 * call but linking an installer takes a guest, and the service decides who may drive the device
 * (access.ts: the business it is installed for, or whoever proves they hold it).
 */
/** The call's origin: its address, and the activation step on the caller's screen (X-Activation-Step). */
const originOf = (request: FastifyRequest): CallOrigin => ({
  ip: request.ip,
  activationStep: activationStepLinkOf(request.headers[ACTIVATION_STEP_HEADER]),
});

export const deviceRoutes =
  (service: DeviceService): FastifyPluginAsyncZod =>
  async (app) => {
    const { devices } = endpoints;
    /** Guests included (optional login), but not an installer account that must activate as a guest. */
    const anyone = { guard: refuseInvalidInstallerAccount };

    route(app, devices.deviceCheck, anyone, async (request) =>
      service.deviceCheck(maybeSignedIn(request), request.body, originOf(request)),
    );
    route(app, devices.devicePurchasingCheck, anyone, async (request) =>
      service.devicePurchasingCheck(maybeSignedIn(request), request.body, originOf(request)),
    );
    route(app, devices.sendCommand, anyone, async (request) =>
      service.sendCommand(maybeSignedIn(request), request.body, originOf(request)),
    );
    route(app, devices.job, anyone, async (request) =>
      service.job(maybeSignedIn(request), request.params.id, request.query.iccid_last_digits, originOf(request)),
    );
    route(app, devices.logs, anyone, async (request) =>
      service.logs(maybeSignedIn(request), request.query, originOf(request)),
    );
    route(app, devices.swap, anyone, async (request) =>
      service.swap(maybeSignedIn(request), request.body, originOf(request)),
    );
    route(app, devices.activate, anyone, async (request) =>
      service.activate(maybeSignedIn(request), request.body, originOf(request)),
    );
    route(app, devices.install, anyone, async (request) =>
      service.install(maybeSignedIn(request), request.body, originOf(request)),
    );
    route(app, devices.welcome, anyone, async (request) =>
      service.welcome(maybeSignedIn(request), request.body, originOf(request)),
    );
    route(app, devices.hardwiredMode, anyone, async (request) =>
      service.hardwiredMode(maybeSignedIn(request), request.body, originOf(request)),
    );
    route(app, devices.checkFirmwareUpdate, anyone, async (request) =>
      service.checkFirmwareUpdate(
        maybeSignedIn(request),
        request.params.key,
        request.query.iccid_last_digits,
        originOf(request),
      ),
    );
    route(app, devices.firmwareUpdate, anyone, async (request) =>
      service.firmwareUpdate(maybeSignedIn(request), request.params.key, request.body, originOf(request)),
    );
    route(app, devices.setPin, anyone, async (request) =>
      service.setPin(maybeSignedIn(request), request.params.key, request.body, originOf(request)),
    );
    route(app, devices.clearPin, anyone, async (request) =>
      service.clearPin(maybeSignedIn(request), request.params.key, request.query, originOf(request)),
    );
    route(app, devices.optionTables, anyone, async (request) =>
      service.optionTables(maybeSignedIn(request), request.params.key, request.query, originOf(request)),
    );
    route(app, devices.updateOptionTables, anyone, async (request) =>
      service.updateOptionTables(maybeSignedIn(request), request.params.key, request.body, originOf(request)),
    );
    route(app, devices.specialOptionTables, anyone, async (request) =>
      service.optionTables(
        maybeSignedIn(request),
        request.params.key,
        { ...request.query, schema: request.query.schema ?? 'poc' },
        originOf(request),
      ),
    );
    route(app, devices.updateSpecialOptionTables, anyone, async (request) =>
      service.updateOptionTables(
        maybeSignedIn(request),
        request.params.key,
        { ...request.body, schema: request.body.schema ?? 'poc' },
        originOf(request),
      ),
    );
    route(app, devices.features, anyone, async (request) =>
      service.features(maybeSignedIn(request), request.params.key, request.query, originOf(request)),
    );
    route(app, devices.updateFeatures, anyone, async (request) =>
      service.updateFeatures(maybeSignedIn(request), request.params.key, request.body, originOf(request)),
    );
    route(app, devices.keylockerMode, anyone, async (request) =>
      service.keylockerMode(maybeSignedIn(request), request.params.key, request.body, originOf(request)),
    );
    // spec 02 §7 lists it with the dealers' calls: a signed-in dealer's staff (the device's business).
    route(app, devices.linkInstaller, { guard: [requireSignedIn, refuseInvalidInstallerAccount] }, async (request) =>
      service.linkInstaller(maybeSignedIn(request), request.params.key, request.body.user_id, originOf(request)),
    );
    route(app, devices.history, anyone, async (request) =>
      service.history(maybeSignedIn(request), request.params.key, request.query, originOf(request)),
    );
    // issue 29 §5: the devices of the business acted for (listing.ts), signed in only.
    route(app, devices.list, { guard: mayListDevices }, async (request) =>
      service.list(signedIn(request), request.query),
    );
  };
