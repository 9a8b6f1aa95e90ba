import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contracts';
import { requirePermission, requireSignedIn, signedIn } from '../../plugins/actor.ts';
import { route } from '../../plugins/endpoints.ts';
import { purchaseDenied } from './buyer.ts';
import type { CartService } from './service.ts';

/** The cart: the B2B product checkout's token and lines (spec 02 §4, §7 "Checkout"). */
export const cartRoutes =
  (service: CartService): FastifyPluginAsyncZod =>
  async (app) => {
    const { cart } = endpoints;
    const noStore = { 'cache-control': 'no-store' };
    /** A cart's calls other than `last` are for buyers only (spec 01 §6): 401, then 403 with why. */
    const buyers = { guard: requirePermission('purchase', purchaseDenied) };

    // Anyone signed in may ask: without purchasing rights or a business, there is no cart.
    route(app, cart.last, { guard: requireSignedIn }, async (request, reply) =>
      reply.headers(noStore).send(await service.last(signedIn(request))),
    );
    route(app, cart.byToken, buyers, async (request, reply) =>
      reply.headers(noStore).send(await service.byToken(signedIn(request), request.params.token)),
    );
    route(app, cart.create, buyers, async (request) => service.create(signedIn(request), request.body.lines));
    route(app, cart.addLines, buyers, async (request) =>
      service.addLines(signedIn(request), request.params.token, request.body.lines),
    );
    route(app, cart.updateLines, buyers, async (request) =>
      service.updateLines(signedIn(request), request.params.token, request.body.lines),
    );
    route(app, cart.deleteLines, buyers, async (request) =>
      service.deleteLine(signedIn(request), request.params.token, request.body.lineId),
    );
    route(app, cart.shippingAddress, buyers, async (request) =>
      service.setShippingAddress(signedIn(request), request.params.token, request.body.addressId),
    );
    route(app, cart.billingAddress, buyers, async (request) =>
      service.setBillingAddress(signedIn(request), request.params.token, request.body.addressId),
    );
    route(app, cart.shippingMethod, buyers, async (request) =>
      service.setShippingMethod(signedIn(request), request.params.token, request.body.shippingMethodId),
    );
    route(app, cart.poNumber, buyers, async (request) =>
      service.setPoNumber(signedIn(request), request.params.token, request.body.poNumber),
    );
    route(app, cart.payment, buyers, async (request) =>
      service.setPayment(signedIn(request), request.params.token, request.body),
    );
    // issue 33 item 3: quick order from a pasted list; the same Idempotency-Key again answers the first add.
    route(app, cart.matchPasted, buyers, async (request, reply) =>
      reply.headers(noStore).send(await service.matchPasted(signedIn(request), request.body.lines)),
    );
    route(app, cart.addPasted, buyers, async (request) => {
      const key = request.headers['idempotency-key'];
      return service.addPasted(signedIn(request), request.body.lines, typeof key === 'string' ? key : undefined);
    });
    // issue 30 item 2: a device's plan line, beside the products — for the plans' buyers (a consumer too).
    const planBuyers = { guard: requirePermission('buyPlans', purchaseDenied) };
    route(app, cart.putSubscriptionLine, planBuyers, async (request) =>
      service.putSubscriptionLine(signedIn(request), request.body, { ip: request.ip }),
    );
    route(app, cart.deleteSubscriptionLine, planBuyers, async (request) =>
      service.deleteSubscriptionLine(signedIn(request), request.params.device_key),
    );
    // 201 with the new order; a retry under the same Idempotency-Key answers 200 with the same order.
    route(app, cart.complete, buyers, async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const { replayed, body } = await service.complete(
        signedIn(request),
        request.params.token,
        request.body.selectedPayment,
        typeof key === 'string' ? key : undefined,
      );
      return reply
        .status(replayed ? 200 : 201)
        .headers(noStore)
        .send(body);
    });
  };
