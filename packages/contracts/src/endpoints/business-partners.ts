import { z } from 'zod';
import {
  businessPartnerQuerySchema,
  businessPartnerSchema,
  businessPartnersRequestSchema,
  businessPartnersResponseSchema,
  userInfoSchema,
  usersInfoQuerySchema,
} from '../business-partners.ts';
import { DEALER_TEXTS } from '../dealers.ts';
import { endpoint } from './endpoint.ts';

const tags = ['business-partners'];

/** A partner's uuid or its SAP BP code. */
const partnerIdParamsSchema = z.object({
  id: z.string().trim().min(1, DEALER_TEXTS.partnerNotFound).max(60, DEALER_TEXTS.partnerNotFound),
});

/** Business partners and user info (spec 01 §7, spec 02 §7). */
export const businessPartners = {
  list: endpoint({
    method: 'POST',
    path: '/api/business-partners',
    body: businessPartnersRequestSchema,
    response: businessPartnersResponseSchema,
    readOnly: true,
    summary:
      'Partners by company name, 100 a page (sales reps: all; others: their own); can:true = the acting business if Canadian',
    tags,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/business-partners/:id',
    params: partnerIdParamsSchema,
    query: businessPartnerQuerySchema,
    response: businessPartnerSchema,
    summary: 'One partner by id or SAP BP code (the acting business; sales reps: any)',
    tags,
  }),
  userInfo: endpoint({
    method: 'GET',
    path: '/api/users-info-saleor',
    query: usersInfoQuerySchema,
    response: userInfoSchema,
    summary: 'User info of the acting business (outside reps: any partner by bpId)',
    tags,
  }),
};
