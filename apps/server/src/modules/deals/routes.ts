import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { maybeSignedIn } from '../../plugins/actor.ts';
import { route } from '../../plugins/endpoints.ts';
import { currentCoupons, discountedProducts } from './service.ts';

/** Deals anyone may see; account-only coupons and account prices follow the actor. */
export const dealsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.deals.coupons, async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return { results: await currentCoupons(ctx, maybeSignedIn(request)) };
    });

    route(app, endpoints.deals.discountedProducts, async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return discountedProducts(ctx, maybeSignedIn(request), request.query);
    });
  };
