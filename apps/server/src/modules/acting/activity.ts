/**
 * What a recorded call did, in words a dealer reads on /my-business (issue 15 §13). Decided
 * here, where the audit is written, from the call's method, route and outcome; a call without a
 * description of its own gets a plain one, never its raw method and path.
 */
import type { DescribedActivityList } from '@portal/contracts/activity';
import type { AppContext } from '../../context.ts';
import { listImpersonationEvents } from './repo.ts';

interface Described {
  method: string;
  /** The route as the server registers it (`:name` is one segment). */
  route: string;
  /** What was done, as a past-tense sentence. */
  done: string;
  /** The same, as what was tried ("Tried to …") when the server refused it. */
  tried: string;
}

const CALLS: readonly Described[] = [
  {
    method: 'POST',
    route: '/api/products-checkout/create-b2b',
    done: 'Added items to the cart',
    tried: 'add items to the cart',
  },
  {
    method: 'POST',
    route: '/api/products-checkout/:token/add-lines',
    done: 'Added items to the cart',
    tried: 'add items to the cart',
  },
  {
    method: 'POST',
    route: '/api/products-checkout/:token/update-lines',
    done: 'Changed quantities in the cart',
    tried: 'change quantities in the cart',
  },
  {
    method: 'POST',
    route: '/api/products-checkout/:token/delete-lines',
    done: 'Removed an item from the cart',
    tried: 'remove an item from the cart',
  },
  { method: 'PATCH', route: '/api/dealer/:id', done: 'Saved the dealer profile', tried: 'save the dealer profile' },
  {
    method: 'PATCH',
    route: '/api/installer/:id',
    done: 'Changed an installer’s purchasing rights or retirement',
    tried: 'change an installer’s purchasing rights or retirement',
  },
  {
    method: 'POST',
    route: '/api/update-user-permissions',
    done: 'Changed who can purchase',
    tried: 'change who can purchase',
  },
  { method: 'POST', route: '/api/user/invite', done: 'Invited an installer', tried: 'invite an installer' },
  {
    method: 'POST',
    route: '/api/user/invite/:id/resend',
    done: 'Sent an invitation again',
    tried: 'send an invitation again',
  },
  { method: 'DELETE', route: '/api/user/invite/:id', done: 'Revoked an invitation', tried: 'revoke an invitation' },
  { method: 'PATCH', route: '/api/user/:id', done: 'Changed the profile', tried: 'change the profile' },
  { method: 'POST', route: '/api/change-password', done: 'Changed the password', tried: 'change the password' },
  {
    method: 'POST',
    route: '/api/user/change-email',
    done: 'Asked to change the sign-in e-mail',
    tried: 'change the sign-in e-mail',
  },
  { method: 'POST', route: '/api/contact-us', done: 'Sent a message to the company', tried: 'send a message' },
  { method: 'POST', route: '/api/dealer-requests', done: 'Sent a dealer request', tried: 'send a dealer request' },
];

const patternOf = (route: string) =>
  new RegExp(`^${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\/:\w+/g, '/[^/]+')}/?$`);
const MATCHERS = CALLS.map((call) => ({ ...call, pattern: patternOf(call.route) }));

/** What the audit keeps of a call's body so that its line can say how much (never the body itself). */
export interface ActivityDetails {
  /** Items (the sum of the quantities) a cart call carried. */
  items?: number;
}

export interface RecordedEvent {
  kind: string;
  method: string | null;
  path: string | null;
  status: number | null;
  details?: ActivityDetails | null;
}

const CART_ADDS = MATCHERS.filter((c) => c.done === 'Added items to the cart');

/** The details worth keeping of a call, read from its (already validated) body when it is written. */
export function activityDetailsOf(method: string, path: string, body: unknown): ActivityDetails | null {
  if (!CART_ADDS.some((c) => c.method === method && c.pattern.test(path))) return null;
  const lines = (body as { lines?: unknown } | null)?.lines;
  if (!Array.isArray(lines)) return null;
  const items = lines.reduce<number>((sum, line) => {
    const quantity = (line as { quantity?: unknown }).quantity;
    return sum + (typeof quantity === 'number' && Number.isFinite(quantity) ? quantity : 0);
  }, 0);
  return items > 0 ? { items } : null;
}

const itemsText = (items: number) => `${items.toLocaleString('en-US')} ${items === 1 ? 'item' : 'items'}`;

/** One line for the activity list: what the rep did (or tried to do) for the business. */
export function describeActivity(event: RecordedEvent): string {
  if (event.kind === 'business-selected') return 'Started acting for the business';
  if (event.kind === 'business-cleared') return 'Stopped acting for the business';
  const refused = event.status !== null && event.status >= 400;
  const call = MATCHERS.find((c) => c.method === event.method && event.path !== null && c.pattern.test(event.path));
  if (!call) return refused ? 'Tried to make a change; it was refused' : 'Made a change for the business';
  const items = event.details?.items;
  if (items && CART_ADDS.includes(call)) {
    return refused
      ? `Tried to add ${itemsText(items)} to the cart; it was refused`
      : `Added ${itemsText(items)} to the cart`;
  }
  return refused ? `Tried to ${call.tried}; it was refused` : call.done;
}

const personOf = (p: { id: string; firstName: string; lastName: string; email: string }) => ({
  id: p.id,
  first_name: p.firstName,
  last_name: p.lastName,
  email: p.email,
});

/**
 * The audit of what reps did for a business, as the dealer reads it on /my-business (issue 5). Who may
 * read it is the dealers module's rule (the dealer's owner), asked before this is.
 */
export function createActivityLog(ctx: AppContext) {
  /** One page of the business's activity, newest first, and how many lines there are in all. */
  async function ofBusiness(
    businessPartnerId: string,
    page: { limit: number; offset: number },
  ): Promise<Pick<DescribedActivityList, 'count' | 'results'>> {
    const { rows, count } = await listImpersonationEvents(ctx.db, businessPartnerId, page.limit, page.offset);
    return {
      count,
      results: rows.map(({ event, actor, impersonated }) => ({
        id: event.id,
        kind: event.kind,
        method: event.method,
        path: event.path,
        status: event.status,
        description: describeActivity(event),
        created_at: event.createdAt.toISOString(),
        actor: personOf(actor),
        impersonated: impersonated ? personOf(impersonated) : null,
      })),
    };
  }
  return { ofBusiness };
}
export type ActivityLog = ReturnType<typeof createActivityLog>;
