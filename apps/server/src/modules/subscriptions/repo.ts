import { createHash } from 'node:crypto';
import { and, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { planPurchases } from './schema.ts';

export type PurchaseRow = typeof planPurchases.$inferSelect;
export type NewPurchase = typeof planPurchases.$inferInsert;

/** The number a dealer quotes: PS-500001. */
export const purchaseNumberOf = (number: number) => `PS-${number}`;

export async function insertPurchase(tx: Tx, values: NewPurchase) {
  const [row] = await tx.insert(planPurchases).values(values).returning();
  return row!;
}

export async function purchaseByKey(db: Db | Tx, userId: string, key: string) {
  const [row] = await db
    .select()
    .from(planPurchases)
    .where(and(eq(planPurchases.userId, userId), eq(planPurchases.idempotencyKey, key)));
  return row ?? null;
}

export async function purchaseById(db: Db | Tx, id: string) {
  const [row] = await db.select().from(planPurchases).where(eq(planPurchases.id, id));
  return row ?? null;
}

/** Purchases still charging that began before `before` (a crash or a lost process left them). */
export const chargingPurchases = (db: Db, before: Date) =>
  db
    .select()
    .from(planPurchases)
    .where(and(eq(planPurchases.status, 'charging'), lt(planPurchases.createdAt, before)));

/** Ends a purchase still charging as failed, with the answer a retry replays; false when it had ended. */
export async function failPurchase(tx: Tx, id: string, failure: NonNullable<PurchaseRow['failure']>) {
  const rows = await tx
    .update(planPurchases)
    .set({ status: 'failed', failure, updatedAt: new Date() })
    .where(and(eq(planPurchases.id, id), eq(planPurchases.status, 'charging')))
    .returning({ id: planPurchases.id });
  return rows.length > 0;
}

/**
 * Claims a purchase still charging as paid, with its receipt (false when another run ended it first); the row
 * stays locked.
 */
export async function claimPurchase(tx: Tx, id: string, processorChargeId: string | null, receipt: unknown) {
  const rows = await tx
    .update(planPurchases)
    .set({ status: 'paid', processorChargeId, receipt, updatedAt: new Date() })
    .where(and(eq(planPurchases.id, id), eq(planPurchases.status, 'charging')))
    .returning({ id: planPurchases.id });
  return rows.length > 0;
}

/** A paid purchase of the business, or null (another business's, one not paid, or none). */
export async function paidPurchaseOf(db: Db, businessPartnerId: string, id: string) {
  const [row] = await db
    .select({ receipt: planPurchases.receipt })
    .from(planPurchases)
    .where(
      and(
        eq(planPurchases.id, id),
        eq(planPurchases.businessPartnerId, businessPartnerId),
        eq(planPurchases.status, 'paid'),
      ),
    );
  return row ?? null;
}

/** The business's paid purchases between two instants (inclusive), newest first; count and totals of them all. */
export async function paidPurchases(
  db: Db,
  businessPartnerId: string,
  range: { from: Date | null; to: Date | null; limit: number; offset: number },
) {
  const where = and(
    eq(planPurchases.businessPartnerId, businessPartnerId),
    eq(planPurchases.status, 'paid'),
    range.from ? gte(planPurchases.createdAt, range.from) : undefined,
    range.to ? lte(planPurchases.createdAt, range.to) : undefined,
  );
  // One after the other: inside one connection a query runs at a time.
  const rows = await db
    .select()
    .from(planPurchases)
    .where(where)
    .orderBy(desc(planPurchases.createdAt), desc(planPurchases.number))
    .limit(range.limit)
    .offset(range.offset);
  const [sums] = await db
    .select({
      count: sql<number>`count(*)::int`,
      finalCharge: sql<number>`coalesce(sum(${planPurchases.finalChargeCents}), 0)::bigint`,
      subtotal: sql<number>`coalesce(sum(${planPurchases.baseAmountCents}), 0)::bigint`,
      salesTax: sql<number>`coalesce(sum(${planPurchases.baseTaxCents}), 0)::bigint`,
    })
    .from(planPurchases)
    .where(where);
  return {
    rows,
    count: Number(sums!.count),
    totals: {
      finalCharge: Number(sums!.finalCharge),
      subtotal: Number(sums!.subtotal),
      salesTax: Number(sums!.salesTax),
    },
  };
}

/**
 * Serialises the deciding transactions of purchases of the same devices (released when the transaction ends): two
 * purchases of one device can not both charge for it, while purchases of different devices — twenty buyers of one
 * business at once — decide side by side. Each device's lock is a 64-bit key of its own (taken in ascending order
 * of that key, so two purchases sharing devices never wait on each other crosswise).
 */
export async function lockPurchasesOf(tx: Tx, deviceKeys: string[]) {
  const locks = [...new Set(deviceKeys)]
    .map((key) => createHash('sha256').update(`plan_purchases:${key}`).digest().readBigInt64BE(0))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map(String);
  // The elements come in the array's order, and each row's lock is taken as the row is produced.
  await tx.execute(
    sql`select pg_advisory_xact_lock(k::bigint) from jsonb_array_elements_text(${JSON.stringify(locks)}::jsonb) as k`,
  );
}

/**
 * Whether another purchase of the business holds one of these devices: still charging, or paid since `since`
 * (after the devices were read for this one).
 */
export async function busyOn(tx: Tx, businessPartnerId: string, deviceKeys: string[], since: Date) {
  const keys = sql`array[${sql.join(
    deviceKeys.map((k) => sql`${k}`),
    sql`, `,
  )}]::text[]`;
  const [row] = await tx
    .select({
      charging: sql<boolean>`coalesce(bool_or(${planPurchases.status} = 'charging'), false)`,
      paidSince: sql<boolean>`coalesce(bool_or(${planPurchases.status} = 'paid' and ${planPurchases.updatedAt} >= ${since.toISOString()}::timestamptz), false)`,
    })
    .from(planPurchases)
    .where(
      and(
        eq(planPurchases.businessPartnerId, businessPartnerId),
        sql`${planPurchases.status} <> 'failed'`,
        sql`${planPurchases.deviceKeys} && ${keys}`,
      ),
    );
  return { charging: Boolean(row?.charging), paidSince: Boolean(row?.paidSince) };
}
