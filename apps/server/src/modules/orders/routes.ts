import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contracts';
import { requirePermission, requireSignedIn, signedIn } from '../../plugins/actor.ts';
import { route } from '../../plugins/endpoints.ts';
import { ordersDenied, type OrderService } from './service.ts';

/** My Orders: the session's business's orders (spec 02 §3 Order, §7 "Invoices, credit memos, orders"). */
export const orderRoutes =
  (service: OrderService): FastifyPluginAsyncZod =>
  async (app) => {
    const { orders } = endpoints;
    // spec 01 §6: My Orders is for purchasing rights (a rep's, with a selected business): 401, then 403.
    const readers = { guard: requirePermission('myOrders', ordersDenied) };
    // Reordering fills the cart: purchasing rights too (spec 01 §6).
    const buyers = { guard: [readers.guard, requirePermission('purchase', ordersDenied)] };

    route(app, orders.list, readers, async (request) => service.list(signedIn(request), request.body));
    route(app, orders.byId, readers, async (request) => service.byId(signedIn(request), request.body.id));
    route(app, orders.reorder, buyers, async (request) => service.reorder(signedIn(request), request.body.id));
    // The dashboard asks for everyone signed in; those without My Orders get none (service.lastProductIds).
    route(app, orders.lastThreeProductIds, { guard: requireSignedIn }, async (request) =>
      service.lastProductIds(signedIn(request)),
    );
  };
