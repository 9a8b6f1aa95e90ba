import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  businessPartnerQuerySchema,
  businessPartnerSchema,
  businessPartnersRequestSchema,
  businessPartnersResponseSchema,
  DEALER_TEXTS,
  userInfoSchema,
  usersInfoQuerySchema,
} from '@portal/contracts';
import { errorResponses } from '../../plugins/errors.ts';
import type { BusinessPartnerService } from './service.ts';
import { READ_ONLY } from '../acting/read-only.ts';

/** A partner's uuid or its SAP BP code. */
const partnerIdParamsSchema = z.object({
  id: z.string().trim().min(1, DEALER_TEXTS.partnerNotFound).max(60, DEALER_TEXTS.partnerNotFound),
});

/** Business partners and user info (spec 01 §7, spec 02 §7). */
export const businessPartnerRoutes =
  (service: BusinessPartnerService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['business-partners'];
    app.post(
      '/api/business-partners',
      {
        config: READ_ONLY,
        schema: {
          tags,
          summary:
            'Partners by company name, 100 a page (sales reps: all; others: their own); can:true = the acting business if Canadian',
          body: businessPartnersRequestSchema,
          response: { 200: businessPartnersResponseSchema, ...errorResponses },
        },
      },
      async (request) => service.list(request, request.body),
    );
    app.get(
      '/api/business-partners/:id',
      {
        schema: {
          tags,
          summary: 'One partner by id or SAP BP code (the acting business; sales reps: any)',
          params: partnerIdParamsSchema,
          querystring: businessPartnerQuerySchema,
          response: { 200: businessPartnerSchema, ...errorResponses },
        },
      },
      async (request) => service.detail(request, request.params.id, request.query.limited === 'true'),
    );
    app.get(
      '/api/users-info-saleor',
      {
        schema: {
          tags,
          summary: 'User info of the acting business (outside reps: any partner by bpId)',
          querystring: usersInfoQuerySchema,
          response: { 200: userInfoSchema, ...errorResponses },
        },
      },
      async (request) => service.userInfo(request, request.query.bpId),
    );
  };
