import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DealerRequestStatus } from '@portal/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { partnerRefs } from '../business-partners/index.ts';
import { brandRefs, channelRefs } from '../catalog/index.ts';
import { people } from '../users/index.ts';
import { dealerRequests } from './schema.ts';

export type DealerRequestRow = typeof dealerRequests.$inferSelect;
export type DealerRequestDetailRow = DealerRequestRow & {
  reviewedByName: string | null;
  sapBpCode: string | null;
  hasAccount: boolean;
};

/** The reviewer, the created partner and the applicant's account are other modules': joined from their doors. */
const reviewer = people('reviewer');
const partner = partnerRefs();
const account = people('account');

/** Rows with the reviewer's name, the created partner's code and whether the e-mail has an account. */
const detailColumns = {
  request: dealerRequests,
  reviewedByName: reviewer.name,
  sapBpCode: partner.sapBpCode,
  hasAccount: sql<boolean>`exists (select 1 from ${account} where ${account.email} = ${dealerRequests.email})`,
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
    .leftJoin(reviewer, eq(reviewer.id, dealerRequests.reviewedByUserId))
    .leftJoin(partner, eq(partner.id, dealerRequests.businessPartnerId))
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
      .leftJoin(reviewer, eq(reviewer.id, dealerRequests.reviewedByUserId))
      .leftJoin(partner, eq(partner.id, dealerRequests.businessPartnerId))
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

export async function insertDealerRequest(tx: Tx, request: typeof dealerRequests.$inferInsert) {
  const [row] = await tx.insert(dealerRequests).values(request).returning({ id: dealerRequests.id });
  return row!.id;
}

/**
 * Claims a pending request for its review (approved or declined, by whom, with the note): only one
 * transaction gets the row; null when it was reviewed already.
 */
export async function claimForReview(
  tx: Tx,
  id: string,
  review: { status: 'approved' | 'declined'; reviewedByUserId: string; reviewNote?: string },
) {
  const [row] = await tx
    .update(dealerRequests)
    .set({ ...review, reviewedAt: new Date() })
    .where(and(eq(dealerRequests.id, id), eq(dealerRequests.status, 'pending')))
    .returning();
  return row ?? null;
}

/** The business an approval created. */
export async function setCreatedPartner(tx: Tx, id: string, businessPartnerId: string) {
  await tx.update(dealerRequests).set({ businessPartnerId }).where(eq(dealerRequests.id, id));
}

// The catalog's brands and channels, read through its door.
const brand = brandRefs();
const channel = channelRefs();

export async function brandIdsBySlugs(db: Db, slugs: string[]) {
  if (slugs.length === 0) return [];
  return db.select({ id: brand.id, slug: brand.slug }).from(brand).where(inArray(brand.slug, slugs));
}

export const listChannels = (db: Db) =>
  db.select({ slug: channel.slug, name: channel.name }).from(channel).orderBy(asc(channel.name));

export async function channelExists(db: Db, slug: string) {
  const [row] = await db.select({ slug: channel.slug }).from(channel).where(eq(channel.slug, slug));
  return Boolean(row);
}
