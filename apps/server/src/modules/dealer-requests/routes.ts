import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEALER_REQUEST_TEXTS, endpoints } from '@portal/contracts';
import { requirePermission, signedIn } from '../../plugins/actor.ts';
import { route } from '../../plugins/endpoints.ts';
import { limitPerAddress } from '../../plugins/form-limits.ts';
import { DEALER_REQUEST_RATE_LIMITS, type DealerRequestService } from './service.ts';

/** /dealer-request (public, limited per address) and its review by an admin (issue 5 §7). */
export const dealerRequestRoutes =
  (service: DealerRequestService): FastifyPluginAsyncZod =>
  async (app) => {
    const { dealerRequests } = endpoints;
    const admins = { guard: requirePermission('reviewDealerRequests', DEALER_REQUEST_TEXTS.notAllowed) };
    route(
      app,
      dealerRequests.submit,
      { config: { rateLimit: limitPerAddress('dealer-request', DEALER_REQUEST_RATE_LIMITS.submitPerIp) } },
      async (request, reply) => reply.status(201).send(await service.submit(request.body)),
    );
    route(app, dealerRequests.list, admins, async (request) => service.list(request.query));
    route(app, dealerRequests.get, admins, async (request) => service.detail(request.params.id));
    route(app, dealerRequests.approve, admins, async (request) =>
      service.approve(signedIn(request), request.params.id, request.body),
    );
    route(app, dealerRequests.decline, admins, async (request) =>
      service.decline(signedIn(request), request.params.id, request.body.note),
    );
  };
