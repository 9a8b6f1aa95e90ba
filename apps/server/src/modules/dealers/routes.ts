import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contracts';
import { signedIn } from '../../plugins/actor.ts';
import { route } from '../../plugins/endpoints.ts';
import type { DealerService } from './service.ts';

/**
 * Dealers and installers (spec 02 §7) and the impersonation activity of /my-business (issue 5). Who
 * may see My Business is checked in the service, after which dealer: another dealer's id answers 404
 * before the role's 403, as if it did not exist.
 */
export const dealerRoutes =
  (service: DealerService): FastifyPluginAsyncZod =>
  async (app) => {
    const { dealers } = endpoints;
    route(app, dealers.list, async (request) => service.listDealers(signedIn(request)));
    route(app, dealers.get, async (request) => service.getDealer(signedIn(request), request.params.id));
    route(app, dealers.listInstallers, async (request) =>
      service.listInstallers(signedIn(request), request.params.id, request.query),
    );
    route(app, dealers.updateInstaller, async (request) =>
      service.patchInstaller(signedIn(request), request.params.id, request.body),
    );
    route(app, dealers.updateDealer, async (request) =>
      service.patchDealer(signedIn(request), request.params.id, request.body),
    );
    route(app, dealers.updateUserPermissions, async (request) =>
      service.updateUserPermissions(signedIn(request), request.body),
    );
    route(app, dealers.activity, async (request) => service.activity(signedIn(request), request.query));
  };
