import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contracts';
import { requireSignedIn, signedIn } from '../../plugins/actor.ts';
import { route } from '../../plugins/endpoints.ts';
import { refuseInvalidInstallerAccount } from '../devices/index.ts';
import type { PlanService } from './service.ts';

/** The plans (spec 02 §2: /subscriptions is login required, and so are its calls). */
export const planRoutes =
  (service: PlanService): FastifyPluginAsyncZod =>
  async (app) => {
    const { plans } = endpoints;
    const signedInOnly = { guard: requireSignedIn };
    route(app, plans.list, signedInOnly, async (request) => service.list(signedIn(request)));
    route(app, plans.byId, signedInOnly, async (request) => service.byId(signedIn(request), request.params.id));
    // A device's plan is asked as any device call: an installer account that must activate as a guest hears so first.
    route(app, plans.upgrade, { guard: [requireSignedIn, refuseInvalidInstallerAccount] }, async (request, reply) =>
      reply.headers({ 'cache-control': 'no-store' }).send(
        await service.upgrade(signedIn(request), request.query.device_key, {
          iccidLastDigits: request.query.iccid_last_digits,
          ip: request.ip,
        }),
      ),
    );
  };
