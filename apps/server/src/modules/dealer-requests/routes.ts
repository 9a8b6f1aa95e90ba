import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approveDealerRequestResponseSchema,
  approveDealerRequestSchema,
  dealerRequestCreatedSchema,
  dealerRequestIdParamsSchema,
  dealerRequestInputSchema,
  dealerRequestListQuerySchema,
  dealerRequestListSchema,
  dealerRequestSchema,
  declineDealerRequestSchema,
} from '@portal/contracts';
import { errorResponses } from '../../plugins/errors.ts';
import type { DealerRequestService } from './service.ts';

/** /dealer-request (public) and its review by an admin (issue 5 §7). */
export const dealerRequestRoutes =
  (service: DealerRequestService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['dealer-requests'];
    app.post(
      '/api/dealer-requests',
      {
        schema: {
          tags,
          summary: 'Apply for a dealer account (no auth; mailed to sales and to the applicant)',
          body: dealerRequestInputSchema,
          response: { 201: dealerRequestCreatedSchema, ...errorResponses },
        },
      },
      async (request, reply) => reply.status(201).send(await service.submit(request, request.body)),
    );
    app.get(
      '/api/admin/dealer-requests',
      {
        schema: {
          tags,
          summary: 'Dealer requests of one status, paged (admins)',
          querystring: dealerRequestListQuerySchema,
          response: { 200: dealerRequestListSchema, ...errorResponses },
        },
      },
      async (request) => service.list(request, request.query),
    );
    app.get(
      '/api/admin/dealer-requests/:id',
      {
        schema: {
          tags,
          summary: 'One dealer request (admins)',
          params: dealerRequestIdParamsSchema,
          response: { 200: dealerRequestSchema, ...errorResponses },
        },
      },
      async (request) => service.detail(request, request.params.id),
    );
    app.post(
      '/api/admin/dealer-requests/:id/approve',
      {
        schema: {
          tags,
          summary: 'Approve: creates the business partner, the dealer and the owner’s invitation (admins)',
          params: dealerRequestIdParamsSchema,
          body: approveDealerRequestSchema,
          response: { 200: approveDealerRequestResponseSchema, ...errorResponses },
        },
      },
      async (request) => service.approve(request, request.params.id, request.body),
    );
    app.post(
      '/api/admin/dealer-requests/:id/decline',
      {
        schema: {
          tags,
          summary: 'Decline with an internal note; the applicant is told (admins)',
          params: dealerRequestIdParamsSchema,
          body: declineDealerRequestSchema,
          response: { 200: dealerRequestSchema, ...errorResponses },
        },
      },
      async (request) => service.decline(request, request.params.id, request.body.note),
    );
  };
