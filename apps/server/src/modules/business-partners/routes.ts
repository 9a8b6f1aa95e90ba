import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contracts';
import { requireSignedIn, signedIn } from '../../plugins/actor.ts';
import { route } from '../../plugins/endpoints.ts';
import type { BusinessPartnerService } from './service.ts';

/** Business partners and user info (spec 01 §7, spec 02 §7): anyone signed in, for what they may read. */
export const businessPartnerRoutes =
  (service: BusinessPartnerService): FastifyPluginAsyncZod =>
  async (app) => {
    const { businessPartners } = endpoints;
    const signedInOnly = { guard: requireSignedIn };
    route(app, businessPartners.list, signedInOnly, async (request) => service.list(signedIn(request), request.body));
    route(app, businessPartners.get, signedInOnly, async (request) =>
      service.detail(signedIn(request), request.params.id, request.query.limited === 'true'),
    );
    route(app, businessPartners.userInfo, signedInOnly, async (request) =>
      service.userInfo(signedIn(request), request.query.bpId),
    );
  };
