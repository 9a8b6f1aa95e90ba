import { accounts } from './accounts.ts';
import { activations } from './activations.ts';
import { auth } from './auth.ts';
import { billing } from './billing.ts';
import { businessPartners } from './business-partners.ts';
import { cart } from './cart.ts';
import { catalog } from './catalog.ts';
import { content } from './content.ts';
import { dealerRequests } from './dealer-requests.ts';
import { dealers } from './dealers.ts';
import { deals } from './deals.ts';
import { devices } from './devices.ts';
import { dev } from './dev.ts';
import type { Endpoint } from './endpoint.ts';
import { health } from './health.ts';
import { invitations } from './invitations.ts';
import { mfa } from './mfa.ts';
import { signedInSessions } from './sessions.ts';
import { orders } from './orders.ts';
import { paymentMethods } from './payment-methods.ts';
import { plans } from './plans.ts';
import { rewards } from './rewards.ts';
import { session } from './session.ts';
import { subscriptions } from './subscriptions.ts';
import { vehicles } from './vehicles.ts';

export * from './endpoint.ts';
export { routeTableOf, type RouteOf, type RouteTable } from './route-table.ts';
export { VEHICLE_BODIES } from './vehicles.ts';

/**
 * Every call of the API by what it does (`endpoints.cart.addLines`): the server registers its routes
 * from these (apps/server/src/plugins/endpoints.ts) and the web client calls them by name
 * (apps/web/src/lib/api.ts), so a path or a shape can not drift between the two (issue 16).
 */
export const endpoints = {
  auth,
  mfa,
  signedInSessions,
  accounts,
  invitations,
  session,
  catalog,
  content,
  deals,
  dev,
  dealerRequests,
  businessPartners,
  dealers,
  vehicles,
  cart,
  orders,
  billing,
  paymentMethods,
  devices,
  activations,
  plans,
  rewards,
  subscriptions,
  health,
} satisfies Record<string, Record<string, Endpoint>>;
export type Endpoints = typeof endpoints;

/** Each endpoint with its name (`cart.addLines`), for tests and documents. */
export const endpointList = (): { name: string; endpoint: Endpoint }[] =>
  Object.entries(endpoints).flatMap(([domain, calls]) =>
    Object.entries(calls as Record<string, Endpoint>).map(([call, endpoint]) => ({
      name: `${domain}.${call}`,
      endpoint,
    })),
  );
