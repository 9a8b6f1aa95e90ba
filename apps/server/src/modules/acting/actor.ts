import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isSalesRep, type PortalUser } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { createMemo } from '../../db/memo.ts';
import { toPortalUser, toPreferences } from '../users/index.ts';
import type { Actor } from '../../actor.ts';
import { signedOutDetail } from '../auth/index.ts';
import { portalUserRow, readActorRow, type ActorRow } from './repo.ts';

export type { ActingBusiness, Actor } from '../../actor.ts';

/** The actor a session row makes, or null when the user is gone. */
export function actorOf(row: ActorRow | null, sessionId: string): Actor | null {
  if (!row?.user) return null;
  const user = toPortalUser(row.user);
  const rep = isSalesRep(user);
  // spec 01 §4: a rep acts for the business the session selected, anyone else for their own.
  const business = rep ? row.selected : row.home;
  const impersonated = rep && row.selected && row.impersonated ? toPortalUser(row.impersonated) : null;
  return {
    sessionId,
    user,
    actingUser: impersonated ?? user,
    impersonating: impersonated !== null,
    selected: rep && row.selected !== null,
    business,
    pricing: {
      signedIn: true,
      isRetired: user.is_retired,
      isSalesRep: rep,
      hasSelectedBusiness: business !== null,
      approvedBrandSlugs: business?.approvedBrandSlugs ?? [],
    },
    // A rep without a business sees the dealer channel's price (spec 01 §6: the discounted price).
    channelSlug: business?.channelSlug ?? (rep ? 'dealer' : 'msrp'),
    preferences: toPreferences(row.preferences),
  };
}

/** Reads the actor of a session now, past the cache (after the request changed who it acts for). */
export async function readActor(db: Db | Tx, userId: string, sessionId: string): Promise<Actor | null> {
  return actorOf(await readActorRow(db, userId, sessionId), sessionId);
}

/** A user with everything the permission rules need (spec 01 §3, §6), or null: another user than the actor. */
export async function loadPortalUser(db: Db, userId: string): Promise<PortalUser | null> {
  const row = await portalUserRow(db, userId);
  return row ? toPortalUser(row) : null;
}

export interface SessionOfRequest {
  session: { session: { id: string; expiresAt: Date | string }; user: { id: string } } | null;
}

/**
 * Works out the actor of every API request once, before its route runs, and puts it on the request
 * (`request.actor`, null when signed out); routes guard with plugins/actor.ts. One query (repo.ts)
 * and one cache: an actor is kept per session until a change to the user (their preferences too), the
 * user acted as, the session's selection or any business is noticed, at most IDENTITY_CACHE_MS.
 * Answers the same lookup for other requests (`actorOfRequest`).
 */
export function registerActor(
  app: FastifyInstance,
  ctx: AppContext,
  sessionOf: (request: FastifyRequest) => Promise<SessionOfRequest>,
) {
  const memo = createMemo<Actor | null>(ctx.database.changes, { kind: 'identity', size: 10_000 });
  app.decorateRequest('actor', null);
  app.decorateRequest('signedOutDetail', '');
  /** The actor of a request's session, or null when signed out (or the user is gone). */
  async function actorOfRequest(request: FastifyRequest): Promise<Actor | null> {
    const { session } = await sessionOf(request);
    if (!session) return null;
    const userId = session.user.id;
    const sessionId = session.session.id;
    return memo.get(sessionId, () => readActor(ctx.db, userId, sessionId), {
      maxAgeMs: ctx.config.IDENTITY_CACHE_MS,
      subjectOf: (actor) => (actor ? [actor.user.id, actor.actingUser.id] : userId),
      goodUntil: () => new Date(session.session.expiresAt).getTime(),
    });
  }
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const actor = await actorOfRequest(request);
    if (actor) request.actor = actor;
    else request.signedOutDetail = signedOutDetail(request);
  });
  // The pages ask too (plugins/spa.ts: a protected page's address redirects before any code is sent).
  return { actorOfRequest };
}
