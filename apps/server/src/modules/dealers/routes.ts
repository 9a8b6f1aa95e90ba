import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEALER_TEXTS, endpoints, messages } from '@portal/contracts';
import { requireSignedIn, signedIn } from '../../plugins/actor.ts';
import { route, type Guard } from '../../plugins/endpoints.ts';
import { actingDealerOf, requireMyBusiness, type DealerService } from './service.ts';

/**
 * Dealers and installers (spec 02 §7) and the impersonation activity of /my-business (issue 5). Who
 * may see My Business is checked after which dealer: another dealer's id answers 404 before the
 * role's 403, as if it did not exist. Where the path or the session alone tells both, the guard asks
 * the service's own checks before the request is read (403 before 400); the service asks again.
 */
export const dealerRoutes =
  (service: DealerService): FastifyPluginAsyncZod =>
  async (app) => {
    const { dealers } = endpoints;
    const signedInOnly = { guard: requireSignedIn };
    /** The acting dealer, or the one the path names (`:id`) if it is that one (else 404), and its My Business (else 403). */
    const myBusiness = (detail: string): { guard: Guard } => ({
      guard: async (request) => {
        const actor = signedIn(request);
        const named = (request.params as { id?: string }).id;
        requireMyBusiness(actor, actingDealerOf(actor, named).dealerId, detail);
      },
    });
    const managers = myBusiness(DEALER_TEXTS.ownersOnly);

    route(app, dealers.list, signedInOnly, async (request) => service.listDealers(signedIn(request)));
    route(app, dealers.get, signedInOnly, async (request) => service.getDealer(signedIn(request), request.params.id));
    route(app, dealers.listInstallers, myBusiness(messages.staffOwnersOnly), async (request) =>
      service.listInstallers(signedIn(request), request.params.id, request.query),
    );
    // Which dealer an installer is of takes a lookup: the service decides (another dealer's is 404 first).
    route(app, dealers.updateInstaller, signedInOnly, async (request) =>
      service.patchInstaller(signedIn(request), request.params.id, request.body),
    );
    route(app, dealers.updateDealer, managers, async (request) =>
      service.patchDealer(signedIn(request), request.params.id, request.body),
    );
    route(app, dealers.updateUserPermissions, managers, async (request) =>
      service.updateUserPermissions(signedIn(request), request.body),
    );
    route(app, dealers.activity, managers, async (request) => service.activity(signedIn(request), request.query));
  };
