import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addLinesRequestSchema,
  checkoutSchema,
  checkoutTokenParamsSchema,
  createCheckoutRequestSchema,
  deleteLinesRequestSchema,
  lastCheckoutSchema,
  updateLinesRequestSchema,
} from '@portal/contracts';
import { errorResponses } from '../../plugins/errors.ts';
import type { CartService } from './service.ts';

const BASE = '/api/products-checkout';

/** The cart: the B2B product checkout's token and lines (spec 02 §4, §7 "Checkout"). */
export const cartRoutes =
  (service: CartService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['cart'];
    const noStore = { 'cache-control': 'no-store' };
    app.get(
      `${BASE}/last-b2b-token`,
      {
        schema: {
          tags,
          summary: 'The open cart of the session’s business (none without a business or purchasing rights)',
          response: { 200: lastCheckoutSchema, ...errorResponses },
        },
      },
      async (request, reply) => reply.headers(noStore).send(await service.last(request)),
    );
    app.get(
      `${BASE}/:token`,
      {
        schema: {
          tags,
          summary: 'A cart by token, at the session’s prices',
          params: checkoutTokenParamsSchema,
          response: { 200: checkoutSchema, ...errorResponses },
        },
      },
      async (request, reply) => reply.headers(noStore).send(await service.byToken(request, request.params.token)),
    );
    app.post(
      `${BASE}/create-b2b`,
      {
        schema: {
          tags,
          summary: 'Open the cart of the session’s business (or answer the open one), with optional first lines',
          body: createCheckoutRequestSchema,
          response: { 200: checkoutSchema, ...errorResponses },
        },
      },
      async (request) => service.create(request, request.body.lines),
    );
    app.post(
      `${BASE}/:token/add-lines`,
      {
        schema: {
          tags,
          summary: 'Add products; a product already in the cart gets the added quantity',
          params: checkoutTokenParamsSchema,
          body: addLinesRequestSchema,
          response: { 200: checkoutSchema, ...errorResponses },
        },
      },
      async (request) => service.addLines(request, request.params.token, request.body.lines),
    );
    app.post(
      `${BASE}/:token/update-lines`,
      {
        schema: {
          tags,
          summary: 'Set line quantities (all or nothing)',
          params: checkoutTokenParamsSchema,
          body: updateLinesRequestSchema,
          response: { 200: checkoutSchema, ...errorResponses },
        },
      },
      async (request) => service.updateLines(request, request.params.token, request.body.lines),
    );
    app.post(
      `${BASE}/:token/delete-lines`,
      {
        schema: {
          tags,
          summary: 'Remove a line',
          params: checkoutTokenParamsSchema,
          body: deleteLinesRequestSchema,
          response: { 200: checkoutSchema, ...errorResponses },
        },
      },
      async (request) => service.deleteLine(request, request.params.token, request.body.lineId),
    );
  };
