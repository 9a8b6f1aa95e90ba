import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { couponListSchema, discountedProductsQuerySchema, discountedProductsResponseSchema } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import type { AuthService } from '../auth/service.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { currentCoupons, discountedProducts } from './service.ts';

export const dealsRoutes =
  (ctx: AppContext, auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/get-coupons',
      {
        schema: {
          tags: ['deals'],
          summary: 'Coupon codes running now (account-only codes need a session)',
          response: { 200: couponListSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-cache');
        return { results: await currentCoupons(ctx, auth, request) };
      },
    );

    app.get(
      '/api/get-discounted-products',
      {
        schema: {
          tags: ['deals'],
          summary: 'Running promotions and their products at the session’s prices',
          querystring: discountedProductsQuerySchema,
          response: { 200: discountedProductsResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-cache');
        return discountedProducts(ctx, auth, request, request.query);
      },
    );
  };
