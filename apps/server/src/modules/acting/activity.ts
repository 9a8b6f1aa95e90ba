/**
 * What a recorded call did, in words a dealer reads on /my-business (issue 15 §13). Decided
 * here, where the audit is written, from the call's method, route and outcome; a call without a
 * description of its own gets a plain one, never its raw method and path.
 */
import type { DescribedActivityList } from '@portal/contracts/activity';
import { endpoints, type Endpoint } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { listImpersonationEvents, type ActivityDetails } from './repo.ts';

interface Described {
  /** The call, from the endpoint map: its method and path as the server registers them. */
  call: Pick<Endpoint, 'method' | 'path'>;
  /** What was done, as a past-tense sentence. */
  done: string;
  /** The same, as what was tried ("Tried to …") when the server refused it. */
  tried: string;
}

const CALLS: readonly Described[] = [
  {
    call: endpoints.cart.create,
    done: 'Added items to the cart',
    tried: 'add items to the cart',
  },
  {
    call: endpoints.cart.addLines,
    done: 'Added items to the cart',
    tried: 'add items to the cart',
  },
  {
    call: endpoints.cart.updateLines,
    done: 'Changed quantities in the cart',
    tried: 'change quantities in the cart',
  },
  {
    call: endpoints.cart.deleteLines,
    done: 'Removed an item from the cart',
    tried: 'remove an item from the cart',
  },
  { call: endpoints.dealers.updateDealer, done: 'Saved the dealer profile', tried: 'save the dealer profile' },
  {
    call: endpoints.dealers.updateInstaller,
    done: 'Changed an installer’s purchasing rights or retirement',
    tried: 'change an installer’s purchasing rights or retirement',
  },
  {
    call: endpoints.dealers.updateUserPermissions,
    done: 'Changed who can purchase',
    tried: 'change who can purchase',
  },
  { call: endpoints.invitations.invite, done: 'Invited an installer', tried: 'invite an installer' },
  {
    call: endpoints.invitations.resend,
    done: 'Sent an invitation again',
    tried: 'send an invitation again',
  },
  { call: endpoints.invitations.revoke, done: 'Revoked an invitation', tried: 'revoke an invitation' },
  { call: endpoints.accounts.updateUser, done: 'Changed the profile', tried: 'change the profile' },
  { call: endpoints.auth.changePassword, done: 'Changed the password', tried: 'change the password' },
  {
    call: endpoints.accounts.requestEmailChange,
    done: 'Asked to change the sign-in e-mail',
    tried: 'change the sign-in e-mail',
  },
  { call: endpoints.content.contactUs, done: 'Sent a message to the company', tried: 'send a message' },
  { call: endpoints.dealerRequests.submit, done: 'Sent a dealer request', tried: 'send a dealer request' },
];

const patternOf = (route: string) =>
  new RegExp(`^${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\/:\w+/g, '/[^/]+')}/?$`);
const MATCHERS = CALLS.map((described) => ({
  ...described,
  method: described.call.method,
  pattern: patternOf(described.call.path),
}));

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
