import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contracts';
import { requirePermission, signedIn } from '../../plugins/actor.ts';
import { route } from '../../plugins/endpoints.ts';
import { purchaseDenied } from '../cart/index.ts';
import type { SubscriptionService } from './service.ts';

/**
 * Buying plans (issue 30 item 3; spec 02 §7 "Plans and payments"): the plans' buyers — purchasing rights and a
 * business (spec 01 §6), or a consumer for their own account (contracts' `canBuyPlans`) — buy, read their
 * business's receipts and its plan sales. 401, then 403 with why.
 */
export const subscriptionRoutes =
  (service: SubscriptionService): FastifyPluginAsyncZod =>
  async (app) => {
    const { subscriptions } = endpoints;
    const buyers = { guard: requirePermission('buyPlans', purchaseDenied) };

    // The contract answers 200 for all three: the quote, the receipt, and a retry's same receipt.
    route(app, subscriptions.purchase, buyers, async (request) => {
      const key = request.headers['idempotency-key'];
      const { body } = await service.purchase(
        signedIn(request),
        request.body,
        typeof key === 'string' ? key : undefined,
        {
          ip: request.ip,
        },
      );
      return body;
    });
    route(app, subscriptions.receipt, buyers, async (request) =>
      service.receipt(signedIn(request), request.params.uuid),
    );
    route(app, subscriptions.sales, buyers, async (request) => service.sales(signedIn(request), request.query));
  };
