import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  homeBusinessIdOf,
  people,
  portalUserJson,
  preferencesJson,
  type PortalUserJson,
  type PreferencesJson,
} from '../users/index.ts';
import { installerJsonOf } from '../dealers/index.ts';
import { actingBusinessJson } from '../business-partners/index.ts';
import type { ActingBusiness } from '../../actor.ts';
import { impersonationEvents, sessionSelections } from './schema.ts';

export type { ActivityDetails } from './schema.ts';

/** A user with everything the permission rules need, their installer record from the dealers module. */
const portalUserOf = (userId: SQL | string) => portalUserJson(userId, installerJsonOf);

/** The user with everything the permission rules need (spec 01 §3, §6), as the database hands it over; null when none. */
export async function portalUserRow(db: Db, userId: string): Promise<PortalUserJson | null> {
  const result = (await db.execute(sql`select ${portalUserOf(userId)} as "user"`)) as {
    rows: { user: PortalUserJson | null }[];
  };
  return result.rows[0]?.user ?? null;
}

export interface ActorRow {
  user: PortalUserJson | null;
  /** The business a user belongs to (dealer staff, consumers). */
  home: ActingBusiness | null;
  /** The business this session selected (sales reps), and the user it impersonates. */
  selected: ActingBusiness | null;
  impersonated: PortalUserJson | null;
  /** The user's screen preferences (spec 01 §9), read with the rest so /api/session needs nothing else. */
  preferences: PreferencesJson | null;
}

/**
 * Everything the actor of a session is made of, in one query: the user with their types, groups and
 * installer record, their own business, the business the session selected with the dealer primary it
 * impersonates; each business with its channel, dealer record and approved brands; the user's screen
 * preferences.
 */
export async function readActorRow(db: Db | Tx, userId: string, sessionId: string): Promise<ActorRow | null> {
  const result = (await db.execute(sql`
    select ${portalUserOf(userId)} as "user",
      ${actingBusinessJson(homeBusinessIdOf(userId))} as "home",
      ${actingBusinessJson(sql`s.business_partner_id`)} as "selected",
      ${portalUserOf(sql`s.impersonated_user_id`)} as "impersonated",
      ${preferencesJson(userId)} as "preferences"
    from (select 1) one left join session_selections s on s.session_id = ${sessionId}
  `)) as { rows: ActorRow[] };
  return result.rows[0] ?? null;
}

export async function saveSelection(
  tx: Tx,
  selection: { sessionId: string; businessPartnerId: string; impersonatedUserId: string | null },
) {
  await tx
    .insert(sessionSelections)
    .values(selection)
    .onConflictDoUpdate({
      target: sessionSelections.sessionId,
      set: {
        businessPartnerId: selection.businessPartnerId,
        impersonatedUserId: selection.impersonatedUserId,
        selectedAt: new Date(),
      },
    });
}

export async function deleteSelection(tx: Tx, sessionId: string) {
  await tx.delete(sessionSelections).where(eq(sessionSelections.sessionId, sessionId));
}

export type ImpersonationEvent = typeof impersonationEvents.$inferInsert;

export async function recordImpersonationEvent(db: Db | Tx, event: ImpersonationEvent) {
  await db.insert(impersonationEvents).values(event);
}

/** What was done for the business while a rep acted for it, newest first, with who acted and as whom. */
export async function listImpersonationEvents(db: Db, businessPartnerId: string, limit: number, offset: number) {
  const actedBy = people('acted_by');
  const impersonated = people('impersonated');
  const person = (p: typeof actedBy) => ({ id: p.id, firstName: p.firstName, lastName: p.lastName, email: p.email });
  const where = eq(impersonationEvents.businessPartnerId, businessPartnerId);
  const [rows, count] = await Promise.all([
    db
      .select({ event: impersonationEvents, actor: person(actedBy), impersonated: person(impersonated) })
      .from(impersonationEvents)
      .innerJoin(actedBy, eq(actedBy.id, impersonationEvents.actorUserId))
      .leftJoin(impersonated, eq(impersonated.id, impersonationEvents.impersonatedUserId))
      .where(where)
      .orderBy(desc(impersonationEvents.createdAt), desc(impersonationEvents.id))
      .limit(limit)
      .offset(offset),
    db.$count(impersonationEvents, where),
  ]);
  return { rows, count };
}
