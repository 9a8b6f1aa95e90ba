import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAYMENT_METHOD_TEXTS, endpoints } from '@portal/contracts';
import { requirePermission, signedIn } from '../../plugins/actor.ts';
import { route } from '../../plugins/endpoints.ts';
import type { PaymentMethodService } from './service.ts';

/** Saved cards and bank accounts (spec 02 §7 "Cards", "Payment methods"). */
export const paymentMethodRoutes =
  (service: PaymentMethodService): FastifyPluginAsyncZod =>
  async (app) => {
    const calls = endpoints.paymentMethods;
    const noStore = { 'cache-control': 'no-store' };
    // spec 01 §6: cards and payment methods load only with purchasing rights (or Billing, ours): 403 otherwise.
    const payers = { guard: requirePermission('paymentMethods', PAYMENT_METHOD_TEXTS.noPaymentMethods) };
    // Changing and removing them, and bank accounts, are Billing's alone (the service asks the same rule).
    const billers = { guard: requirePermission('billing', PAYMENT_METHOD_TEXTS.noPaymentMethods) };

    route(app, calls.list, payers, async (request, reply) =>
      reply.headers(noStore).send(await service.list(signedIn(request), request.query.dealer_id)),
    );
    route(app, calls.byId, payers, async (request, reply) =>
      reply.headers(noStore).send(await service.byId(signedIn(request), request.params.id)),
    );
    route(app, calls.update, billers, async (request) =>
      service.updateCard(signedIn(request), request.params.id, request.body.updates),
    );
    route(app, calls.remove, billers, async (request) => service.remove(signedIn(request), request.params.id, null));
    route(app, calls.create, payers, async (request, reply) =>
      reply.status(201).send(await service.createCard(signedIn(request), request.body)),
    );
    route(app, calls.usersPaymentMethods, payers, async (request, reply) =>
      reply.headers(noStore).send(await service.usersPaymentMethods(signedIn(request), request.body.sapBpCode)),
    );
    route(app, calls.createCreditCard, payers, async (request, reply) =>
      reply.status(201).send(await service.createCard(signedIn(request), request.body)),
    );
    route(app, calls.updateCreditCard, billers, async (request) =>
      service.updateCard(signedIn(request), request.body.id, request.body.updates, 'CARD'),
    );
    route(app, calls.deleteCreditCard, billers, async (request) =>
      service.remove(signedIn(request), request.body.id, 'CARD', request.body.sapBpCode),
    );
    route(app, calls.createBankAccount, billers, async (request, reply) =>
      reply.status(201).send(await service.createBankAccount(signedIn(request), request.body)),
    );
    route(app, calls.updateBankAccount, billers, async (request) =>
      service.updateBankAccount(signedIn(request), request.body.id, request.body.updates),
    );
    route(app, calls.deleteBankAccount, billers, async (request) =>
      service.remove(signedIn(request), request.body.id, 'BANK_ACCOUNT', request.body.sapBpCode),
    );
    route(app, calls.verifyBankAccount, billers, async (request) =>
      service.verifyBankAccount(signedIn(request), request.body.id, request.body.amounts),
    );
  };
