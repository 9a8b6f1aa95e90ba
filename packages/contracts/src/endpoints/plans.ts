import {
  planParamsSchema,
  planSchema,
  planUpgradeQuerySchema,
  planUpgradeSchema,
  plansResponseSchema,
} from '../plans.ts';
import { endpoint } from './endpoint.ts';

const tags = ['plans'];

/** The plans that keep a device connected (spec 02 §7 "Plans and payments", issue 30 item 1). Login required. */
export const plans = {
  list: endpoint({
    method: 'GET',
    path: '/api/plans',
    response: plansResponseSchema,
    summary:
      'The four plans with what each includes and their prices in the caller’s currency (CAD for a Canadian business)',
    tags,
  }),
  upgrade: endpoint({
    method: 'GET',
    path: '/api/plans/upgrade',
    query: planUpgradeQuerySchema,
    response: planUpgradeSchema,
    summary:
      'What a device may move to from its current plan and term (a higher plan or a longer term), with the credit for the unused part',
    tags,
  }),
  byId: endpoint({
    method: 'GET',
    path: '/api/plan/:id',
    params: planParamsSchema,
    response: planSchema,
    summary: 'One plan (spec 02 §3 plan catalogue entry) with its prices in the caller’s currency',
    tags,
  }),
};
