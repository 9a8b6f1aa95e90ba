import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DealerRequestStatus } from '@portal/contracts';
import type { Db } from '../../db/client.ts';
import { brands, channels } from '../catalog/schema.ts';
import { businessPartners } from '../business-partners/schema.ts';
import { users } from '../users/schema.ts';
import { dealerRequests } from './schema.ts';

export type DealerRequestRow = typeof dealerRequests.$inferSelect;
export type DealerRequestDetailRow = DealerRequestRow & {
  reviewedByName: string | null;
  sapBpCode: string | null;
  hasAccount: boolean;
};

/** Rows with the reviewer's name, the created partner's code and whether the e-mail has an account. */
const detailColumns = {
  request: dealerRequests,
  reviewedByName: users.name,
  sapBpCode: businessPartners.sapBpCode,
  hasAccount: sql<boolean>`exists (select 1 from ${users} u where u.email = ${dealerRequests.email})`,
};
const flatten = (row: {
  request: DealerRequestRow;
  reviewedByName: string | null;
  sapBpCode: string | null;
  hasAccount: boolean;
}): DealerRequestDetailRow => ({
  ...row.request,
  reviewedByName: row.reviewedByName,
  sapBpCode: row.sapBpCode,
  hasAccount: Boolean(row.hasAccount),
});

export async function findDealerRequest(db: Db, id: string): Promise<DealerRequestDetailRow | null> {
  const [row] = await db
    .select(detailColumns)
    .from(dealerRequests)
    .leftJoin(users, eq(users.id, dealerRequests.reviewedByUserId))
    .leftJoin(businessPartners, eq(businessPartners.id, dealerRequests.businessPartnerId))
    .where(eq(dealerRequests.id, id));
  return row ? flatten(row) : null;
}

export async function listDealerRequests(
  db: Db,
  status: DealerRequestStatus,
  page: number,
  pageSize: number,
): Promise<{ rows: DealerRequestDetailRow[]; counts: Record<DealerRequestStatus, number> }> {
  const [rows, totals] = await Promise.all([
    db
      .select(detailColumns)
      .from(dealerRequests)
      .leftJoin(users, eq(users.id, dealerRequests.reviewedByUserId))
      .leftJoin(businessPartners, eq(businessPartners.id, dealerRequests.businessPartnerId))
      .where(eq(dealerRequests.status, status))
      // Pending ones oldest first (first come, first served); reviewed ones newest first.
      .orderBy(
        status === 'pending' ? asc(dealerRequests.createdAt) : desc(dealerRequests.createdAt),
        asc(dealerRequests.id),
      )
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ status: dealerRequests.status, n: count() }).from(dealerRequests).groupBy(dealerRequests.status),
  ]);
  const counts = { pending: 0, approved: 0, declined: 0 };
  for (const t of totals) counts[t.status] = Number(t.n);
  return { rows: rows.map(flatten), counts };
}

export async function hasPendingRequestFor(db: Db, email: string) {
  const [row] = await db
    .select({ id: dealerRequests.id })
    .from(dealerRequests)
    .where(and(eq(dealerRequests.email, email), eq(dealerRequests.status, 'pending')))
    .limit(1);
  return Boolean(row);
}

/** Serialises submissions of one e-mail inside a transaction (no table change for a partial unique index). */
export async function lockEmail(db: Db, email: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`dealer-request:${email}`}))`);
}

export async function brandIdsBySlugs(db: Db, slugs: string[]) {
  if (slugs.length === 0) return [];
  return db.select({ id: brands.id, slug: brands.slug }).from(brands).where(inArray(brands.slug, slugs));
}

export const listChannels = (db: Db) =>
  db.select({ slug: channels.slug, name: channels.name }).from(channels).orderBy(asc(channels.name));

export async function channelExists(db: Db, slug: string) {
  const [row] = await db.select({ slug: channels.slug }).from(channels).where(eq(channels.slug, slug));
  return Boolean(row);
}
