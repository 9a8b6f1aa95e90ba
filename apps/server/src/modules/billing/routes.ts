import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contracts';
import { requirePermission, signedIn } from '../../plugins/actor.ts';
import { route } from '../../plugins/endpoints.ts';
import { billingDenied, type BillingService } from './service.ts';

/** Billing: the session's business's ledger and paying it (spec 02 §4, §7; spec 01 §6 who sees Billing). */
export const billingRoutes =
  (service: BillingService): FastifyPluginAsyncZod =>
  async (app) => {
    const { billing } = endpoints;
    // spec 01 §6: owners, the dealer's accountant, sales reps with a selected business: 401, then 403 with why.
    const payers = { guard: requirePermission('billing', billingDenied) };

    route(app, billing.summary, payers, async (request) => service.summary(signedIn(request)));
    route(app, billing.invoices, payers, async (request) => service.invoices(signedIn(request), request.body));
    route(app, billing.invoice, payers, async (request) => service.invoice(signedIn(request), request.body.id));
    route(app, billing.creditMemos, payers, async (request) => service.creditMemos(signedIn(request), request.body));
    route(app, billing.creditMemo, payers, async (request) => service.creditMemo(signedIn(request), request.body.id));
    // 201 with the receipt; a retry under the same Idempotency-Key answers 200 with the same receipt.
    route(app, billing.pay, payers, async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const { replayed, body } = await service.pay(
        signedIn(request),
        request.body,
        typeof key === 'string' ? key : undefined,
      );
      return reply.status(replayed ? 200 : 201).send(body);
    });
  };
