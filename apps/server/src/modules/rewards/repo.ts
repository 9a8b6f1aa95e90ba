import { and, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { StoredFailure } from '../../attempts/failure.ts';
import {
  deviceRewards,
  payoutAccounts,
  rewardPayouts,
  type DeviceRewardRow,
  type PayoutAccountRow,
  type RewardPayoutRow,
} from './schema.ts';

type Queryable = Db | Tx;

/**
 * Rewards read three other modules' records: the installer and its dealer (dealers), the installer's name
 * (users) and the activation's device-testing state (activations). They are composed here as SQL over those
 * tables' names, read-only, as dealers' projections are: no module's repo is imported.
 */
const installerName = sql<string>`(select coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email)
  from users u where u.id = ${deviceRewards.installerUserId})`;

const rewardColumns = { reward: deviceRewards, installerName };
export type RewardWithName = { reward: DeviceRewardRow; installerName: string };

export interface RewardFilter {
  dealerId: string;
  /** One installer record, or null for every installer of the dealer. */
  installerId: string | null;
  from?: Date;
  to?: Date;
}

function whereOf(filter: RewardFilter): SQL | undefined {
  return and(
    eq(deviceRewards.dealerId, filter.dealerId),
    filter.installerId ? eq(deviceRewards.installerId, filter.installerId) : undefined,
    filter.from ? gte(deviceRewards.createdAt, filter.from) : undefined,
    filter.to ? lte(deviceRewards.createdAt, filter.to) : undefined,
  );
}

/** A page of rewards, newest first, with how many match and their sums by status. */
export async function listRewards(db: Db, filter: RewardFilter, page: { limit: number; offset: number }) {
  const where = whereOf(filter);
  const [rows, [sums]] = await Promise.all([
    db
      .select(rewardColumns)
      .from(deviceRewards)
      .where(where)
      .orderBy(desc(deviceRewards.createdAt), desc(deviceRewards.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({
        count: sql<number>`count(*)::int`,
        pending: sql<number>`coalesce(sum(${deviceRewards.amountCents}) filter (where ${deviceRewards.status} = 'pending'), 0)::int`,
        earned: sql<number>`coalesce(sum(${deviceRewards.amountCents}) filter (where ${deviceRewards.status} = 'earned'), 0)::int`,
        paid: sql<number>`coalesce(sum(${deviceRewards.amountCents}) filter (where ${deviceRewards.status} = 'paid'), 0)::int`,
      })
      .from(deviceRewards)
      .where(where),
  ]);
  return { rows: rows as RewardWithName[], sums: sums! };
}

export async function findReward(db: Queryable, id: string): Promise<RewardWithName | null> {
  const [row] = await db.select(rewardColumns).from(deviceRewards).where(eq(deviceRewards.id, id));
  return (row as RewardWithName | undefined) ?? null;
}

/** The installer record of a user at a dealer (spec 02 §3 Installer), if they are on its staff. */
export async function installerOfUser(db: Queryable, dealerId: string, userId: string) {
  const result = (await db.execute(sql`
    select id, is_owner as "isOwner" from installers where dealer_id = ${dealerId} and user_id = ${userId}`)) as {
    rows: { id: string; isOwner: boolean }[];
  };
  return result.rows[0] ?? null;
}

/** The installer record of the dealer named by its id or by its user's id (spec 02 §3 Installer id, user_id). */
export async function installerOfDealer(db: Queryable, dealerId: string, idOrUserId: string) {
  const result = (await db.execute(sql`
    select id from installers where dealer_id = ${dealerId} and (id::text = ${idOrUserId} or user_id = ${idOrUserId})
    limit 1`)) as { rows: { id: string }[] };
  return result.rows[0]?.id ?? null;
}

export interface ActivationFacts {
  id: string;
  activationType: string;
  status: string;
  startedAt: Date;
  completedAt: Date | null;
  deviceTestingPassed: boolean;
}

const activationFacts = sql`a.id, a.activation_type as "activationType", a.status, a.started_at as "startedAt",
  a.completed_at as "completedAt", coalesce(a.step_states -> 'device-testing' ->> 'status' = 'done', false) as "deviceTestingPassed"`;

type RawFacts = Omit<ActivationFacts, 'startedAt' | 'completedAt'> & {
  startedAt: string | Date;
  completedAt: string | Date | null;
};
const toFacts = (row: RawFacts): ActivationFacts => ({
  ...row,
  startedAt: new Date(row.startedAt),
  completedAt: row.completedAt ? new Date(row.completedAt) : null,
});

export async function activationFactsOf(db: Queryable, activationId: string): Promise<ActivationFacts | null> {
  const result = (await db.execute(sql`select ${activationFacts} from activations a where a.id = ${activationId}`)) as {
    rows: RawFacts[];
  };
  return result.rows[0] ? toFacts(result.rows[0]) : null;
}

/**
 * The activation a plan payment rewards: the device's latest activation, not abandoned, run by a signed-in
 * installer of a dealer for that dealer's business (a guest's or a rep's earns nothing), with that installer.
 */
export async function rewardableActivationOf(db: Queryable, deviceKey: string) {
  const result = (await db.execute(sql`
    select ${activationFacts}, i.id as "installerId", i.user_id as "userId", i.dealer_id as "dealerId",
      d.business_partner_id as "businessPartnerId"
    from activations a
    join installers i on i.user_id = a.user_id
    join dealers d on d.id = i.dealer_id and d.business_partner_id = a.business_partner_id
    where a.device_key = ${deviceKey} and a.status <> 'abandoned' and a.activation_type <> 'purchase-subscription'
    order by a.started_at desc
    limit 1`)) as {
    rows: (RawFacts & { installerId: string; userId: string; dealerId: string; businessPartnerId: string })[];
  };
  const row = result.rows[0];
  return row ? { ...row, ...toFacts(row) } : null;
}

export async function rewardOfActivation(db: Queryable, activationId: string) {
  const [row] = await db.select().from(deviceRewards).where(eq(deviceRewards.activationId, activationId));
  return row ?? null;
}

export async function insertReward(db: Queryable, values: typeof deviceRewards.$inferInsert) {
  const [row] = await db
    .insert(deviceRewards)
    .values(values)
    .onConflictDoNothing({ target: deviceRewards.activationId })
    .returning();
  return row ?? null;
}

export async function updateReward(db: Queryable, id: string, changes: Partial<typeof deviceRewards.$inferInsert>) {
  const [row] = await db.update(deviceRewards).set(changes).where(eq(deviceRewards.id, id)).returning();
  return row!;
}

/**
 * Pending rewards of a dealer (every dealer's, for the payout job) whose activation's device tests have passed since
 * the plan was paid become earned (the plan was paid when the row was written).
 */
export async function earnPassedRewards(db: Queryable, dealerId?: string) {
  await db.execute(sql`
    update device_rewards r set status = 'earned', earned_at = now()
    from activations a
    where ${dealerId ? sql`r.dealer_id = ${dealerId} and` : sql``} r.status = 'pending' and a.id = r.activation_id
      and a.step_states -> 'device-testing' ->> 'status' = 'done'`);
}

// ---- Payouts (spec 02 §6) ----

export async function payoutAccountOf(db: Queryable, userId: string): Promise<PayoutAccountRow | null> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return row ?? null;
}

export async function payoutAccountByToken(db: Queryable, token: string): Promise<PayoutAccountRow | null> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.onboardingToken, token));
  return row ?? null;
}

export async function insertPayoutAccount(db: Queryable, values: typeof payoutAccounts.$inferInsert) {
  await db.insert(payoutAccounts).values(values).onConflictDoNothing({ target: payoutAccounts.userId });
}

export async function updatePayoutAccount(
  db: Queryable,
  userId: string,
  changes: Partial<typeof payoutAccounts.$inferInsert>,
) {
  await db.update(payoutAccounts).set(changes).where(eq(payoutAccounts.userId, userId));
}
export type PayoutAccount = PayoutAccountRow;
export type RewardPayout = RewardPayoutRow;

// ---- Paying rewards (issue 30 §4: the reward-payout kind of the attempt machine) ----

/** The reward, locked for this transaction: one decision at a time about paying it. */
export async function lockReward(tx: Tx, id: string): Promise<DeviceRewardRow | null> {
  const [row] = await tx.select().from(deviceRewards).where(eq(deviceRewards.id, id)).for('update');
  return row ?? null;
}

export async function payoutByKey(db: Queryable, key: string) {
  const [row] = await db.select().from(rewardPayouts).where(eq(rewardPayouts.idempotencyKey, key));
  return row ?? null;
}

export async function payoutById(db: Queryable, id: string) {
  const [row] = await db.select().from(rewardPayouts).where(eq(rewardPayouts.id, id));
  return row ?? null;
}

/** A try of the reward that is sending or paid (at most one: reward_payouts_once). */
export async function livePayoutOf(db: Queryable, rewardId: string) {
  const [row] = await db
    .select({ id: rewardPayouts.id })
    .from(rewardPayouts)
    .where(and(eq(rewardPayouts.rewardId, rewardId), inArray(rewardPayouts.status, ['sending', 'paid'])));
  return row ?? null;
}

/** Tries still sending that began before `before` (a crash or a lost connection left them). */
export const sendingPayoutsBefore = (db: Db, before: Date) =>
  db
    .select()
    .from(rewardPayouts)
    .where(and(eq(rewardPayouts.status, 'sending'), lt(rewardPayouts.createdAt, before)));

export async function insertPayout(tx: Tx, values: typeof rewardPayouts.$inferInsert) {
  const [row] = await tx.insert(rewardPayouts).values(values).returning();
  return row!;
}

/** Ends a try still sending as failed; false when it had ended. */
export async function failPayout(tx: Tx, id: string, failure: StoredFailure) {
  const rows = await tx
    .update(rewardPayouts)
    .set({ status: 'failed', failure, updatedAt: new Date() })
    .where(and(eq(rewardPayouts.id, id), eq(rewardPayouts.status, 'sending')))
    .returning({ id: rewardPayouts.id });
  return rows.length > 0;
}

/** Claims a try still sending as paid by this transfer; false when another run ended it first. */
export async function claimPayout(tx: Tx, id: string, transferId: string) {
  const rows = await tx
    .update(rewardPayouts)
    .set({ status: 'paid', transferId, updatedAt: new Date() })
    .where(and(eq(rewardPayouts.id, id), eq(rewardPayouts.status, 'sending')))
    .returning({ id: rewardPayouts.id });
  return rows.length > 0;
}

/** The reward paid by a transfer, if it is still earned (false otherwise). */
export async function markRewardPaid(tx: Tx, rewardId: string, transferId: string, paidAt: Date) {
  const rows = await tx
    .update(deviceRewards)
    .set({ status: 'paid', paidAt, transferId })
    .where(and(eq(deviceRewards.id, rewardId), eq(deviceRewards.status, 'earned')))
    .returning({ id: deviceRewards.id });
  return rows.length > 0;
}

/**
 * Earned rewards whose installer has completed payouts onboarding and that no try is sending or has paid, oldest
 * earned first, with how many tries of each failed before (the next try's key counts on from them).
 */
export async function payableRewards(db: Db, limit: number) {
  const result = (await db.execute(sql`
    select r.id, (select count(*)::int from reward_payouts f where f.reward_id = r.id and f.status = 'failed') as "failedTries"
    from device_rewards r
    join payout_accounts p on p.user_id = r.installer_user_id and p.onboarding_complete
    where r.status = 'earned'
      and not exists (select 1 from reward_payouts t where t.reward_id = r.id and t.status in ('sending', 'paid'))
    order by r.earned_at nulls first, r.id
    limit ${limit}`)) as { rows: { id: string; failedTries: number }[] };
  return result.rows;
}
