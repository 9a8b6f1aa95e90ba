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
} from '../dealer-requests.ts';
import { endpoint } from './endpoint.ts';

const tags = ['dealer-requests'];

/** /dealer-request (public) and its review by an admin (issue 5 §7). */
export const dealerRequests = {
  submit: endpoint({
    method: 'POST',
    path: '/api/dealer-requests',
    body: dealerRequestInputSchema,
    response: dealerRequestCreatedSchema,
    status: 201,
    summary: 'Apply for a dealer account (no auth; mailed to sales and to the applicant)',
    tags,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/admin/dealer-requests',
    query: dealerRequestListQuerySchema,
    response: dealerRequestListSchema,
    summary: 'Dealer requests of one status, paged (admins)',
    tags,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/admin/dealer-requests/:id',
    params: dealerRequestIdParamsSchema,
    response: dealerRequestSchema,
    summary: 'One dealer request (admins)',
    tags,
  }),
  approve: endpoint({
    method: 'POST',
    path: '/api/admin/dealer-requests/:id/approve',
    params: dealerRequestIdParamsSchema,
    body: approveDealerRequestSchema,
    response: approveDealerRequestResponseSchema,
    summary: 'Approve: creates the business partner, the dealer and the owner’s invitation (admins)',
    tags,
  }),
  decline: endpoint({
    method: 'POST',
    path: '/api/admin/dealer-requests/:id/decline',
    params: dealerRequestIdParamsSchema,
    body: declineDealerRequestSchema,
    response: dealerRequestSchema,
    summary: 'Decline with an internal note; the applicant is told (admins)',
    tags,
  }),
};
