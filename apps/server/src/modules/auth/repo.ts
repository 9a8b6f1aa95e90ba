import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, like, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { setSecondFactor } from '../users/index.ts';
import {
  appSecrets,
  authEvents,
  sessions,
  trustedDevices,
  twoFactors,
  usedOneTimeCodes,
  verifications,
  type AUTH_EVENT_TYPES,
} from './schema.ts';

type Database = Db | Tx;

// ---- The second factor: the users module's columns (its door) with auth's own tables, together. ----

/** The proven phone becomes the second factor; its pending code is spent with it. */

/** What an audit log entry records (issue 3 §9). */
export type AuthEventType = (typeof AUTH_EVENT_TYPES)[number];
export async function useTextMessages(db: Db, userId: string, phone: string, codeIdentifier: string) {
  await db.transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.identifier, codeIdentifier));
    await setSecondFactor(tx, userId, { mfaType: 'sms', phoneNumber: phone });
  });
}

/** No second factor, no TOTP secret, no remembered browser, no session: together or not at all. */
export async function turnOffSecondFactor(db: Db, userId: string) {
  await db.transaction(async (tx) => {
    await setSecondFactor(tx, userId, { mfaType: 'none' });
    await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
    await tx
      .delete(verifications)
      .where(and(eq(verifications.value, userId), like(verifications.identifier, 'trust-device-%')));
    await tx.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
    await endSessionsOf(tx, userId);
  });
}

/**
 * Re-encrypts each second factor's secret and backup codes `reencrypt` answers anew for (null: leave it);
 * the number of second factors changed.
 */
export async function reencryptSecondFactors(db: Db, reencrypt: (data: string) => Promise<string | null>) {
  let changed = 0;
  for (const row of await db.select().from(twoFactors)) {
    const [secret, backupCodes] = await Promise.all([reencrypt(row.secret), reencrypt(row.backupCodes)]);
    if (!secret && !backupCodes) continue;
    await db
      .update(twoFactors)
      .set({ ...(secret && { secret }), ...(backupCodes && { backupCodes }) })
      .where(eq(twoFactors.id, row.id));
    changed++;
  }
  return changed;
}

// ---- Sessions and verifications ----------------------------------------------------------------

/** Which of these sessions are live: not ended and not expired. */
export async function liveSessionIds(db: Db | Tx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, ids), gt(sessions.expiresAt, new Date())));
  return new Set(rows.map((row) => row.id));
}

/** The user's live sessions, the most recently active first. */
export const liveSessionsOf = (db: Database, userId: string) =>
  db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt));

/** Ends one session of the user; false when the user has no such session. */
export async function endSessionOf(db: Database, userId: string, id: string) {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

export async function endSessionsOf(db: Database, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** One pending value per identifier: a new one replaces the last. */
export async function replaceVerification(db: Database, identifier: string, value: string, expiresAt: Date) {
  await db.delete(verifications).where(eq(verifications.identifier, identifier));
  await db.insert(verifications).values({ id: randomUUID(), identifier, value, expiresAt });
}

export const unexpiredVerification = async (db: Database, identifier: string) =>
  (
    await db
      .select()
      .from(verifications)
      .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, new Date())))
  )[0];

/** Deletes a verification by id: false when another request took it first. */
export async function takeVerification(db: Database, id: string) {
  const taken = await db.delete(verifications).where(eq(verifications.id, id)).returning({ id: verifications.id });
  return taken.length > 0;
}

// ---- Remembered browsers -----------------------------------------------------------------------

/** The user's live trusts (better-auth's verifications) with the names we keep for them. */
export const trustedDevicesOf = (db: Database, userId: string) =>
  db
    .select({ trust: verifications, device: trustedDevices })
    .from(verifications)
    .leftJoin(trustedDevices, eq(trustedDevices.id, verifications.identifier))
    .where(
      and(
        eq(verifications.value, userId),
        like(verifications.identifier, 'trust-device-%'),
        gt(verifications.expiresAt, new Date()),
      ),
    );

export async function nameTrustedDevice(
  db: Database,
  device: { id: string; userId: string; label: string; ipAddress: string },
) {
  await db.insert(trustedDevices).values(device).onConflictDoNothing();
}

/** The name follows a trust better-auth rotated; false when there was no name under the old id. */
export async function moveTrustedDevice(
  db: Database,
  move: { from: string; to: string; userId: string; ipAddress: string },
) {
  const moved = await db
    .update(trustedDevices)
    .set({ id: move.to, lastUsedAt: new Date(), ipAddress: move.ipAddress })
    .where(and(eq(trustedDevices.id, move.from), eq(trustedDevices.userId, move.userId)))
    .returning({ id: trustedDevices.id });
  return moved.length > 0;
}

/** Forgets a trust of the user and its name; false when the user has no such trust. */
export async function forgetTrustedDevice(db: Database, userId: string, id: string) {
  const removed = await db
    .delete(verifications)
    .where(and(eq(verifications.identifier, id), eq(verifications.value, userId)))
    .returning({ id: verifications.id });
  if (removed.length === 0) return false;
  await db.delete(trustedDevices).where(and(eq(trustedDevices.id, id), eq(trustedDevices.userId, userId)));
  return true;
}

// ---- Audit, one-time codes, counters, secrets ----------------------------------------------------

export async function recordAuthEvent(
  db: Database,
  event: {
    type: AuthEventType;
    userId: string | null;
    email: string | null;
    ipAddress: string;
    userAgent: string | null;
    details: Record<string, unknown> | null;
  },
) {
  await db.insert(authEvents).values(event);
}

/** Claims a used code for the user (pruning claims older than `keepMs`); false when it was claimed. */
export async function claimOneTimeCode(db: Database, userId: string, codeHash: string, keepMs: number) {
  await db
    .delete(usedOneTimeCodes)
    .where(and(eq(usedOneTimeCodes.userId, userId), lt(usedOneTimeCodes.usedAt, new Date(Date.now() - keepMs))));
  const claimed = await db
    .insert(usedOneTimeCodes)
    .values({ userId, codeHash })
    .onConflictDoNothing()
    .returning({ userId: usedOneTimeCodes.userId });
  return claimed.length > 0;
}

export async function releaseOneTimeCode(db: Database, userId: string, codeHash: string) {
  await db
    .delete(usedOneTimeCodes)
    .where(and(eq(usedOneTimeCodes.userId, userId), eq(usedOneTimeCodes.codeHash, codeHash)));
}

/** One atomic statement: a hit past the window restarts the count. `now` is the caller's clock. */
export async function countRateLimitHit(db: Database, key: string, windowMs: number, now: number) {
  const windowStart = now - windowMs;
  const result = (await db.execute(sql`
    insert into rate_limits (key, count, window_start) values (${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limits.window_start <= ${windowStart} then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= ${windowStart} then ${now} else rate_limits.window_start end
    returning count, window_start
  `)) as { rows: { count: number; window_start: string | number }[] };
  const row = result.rows[0]!;
  return { count: Number(row.count), windowStart: Number(row.window_start) };
}

export async function clearRateLimit(db: Database, key: string) {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** The secret under `name`, made from `create()` by the first instance to ask. */
export async function sharedSecret(db: Database, name: string, create: () => string) {
  await db.insert(appSecrets).values({ name, value: create() }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  return row!.value;
}
