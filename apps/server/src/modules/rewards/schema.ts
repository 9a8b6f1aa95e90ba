import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { StoredFailure } from '../../attempts/failure.ts';
import { timestamps } from '../../db/columns.ts';
import type { PlanCurrency, PlanDuration, PlanId } from '@portal/contracts/plans';
import type { RewardStatus } from '@portal/contracts/rewards';
import { activations } from '../activations/schema.ts';
import { businessPartners } from '../business-partners/schema.ts';
import { dealers, installers } from '../dealers/schema.ts';
import { users } from '../users/schema.ts';

/**
 * Issue 30 §4: what an installer earns for a device they activated (docs/decisions.md "Rewards and payouts
 * (issue 30)"). A row is written when the device's plan is paid (recordPlanPaid); it is earned only once the
 * activation's device tests passed as well, and paid once sent to the installer's payouts account.
 */
export const deviceRewards = pgTable(
  'device_rewards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    installerUserId: text('installer_user_id')
      .notNull()
      .references(() => users.id),
    /** The installer record (spec 02 §3 Installer id / installer_id) the reward is of. */
    installerId: uuid('installer_id')
      .notNull()
      .references(() => installers.id),
    dealerId: uuid('dealer_id')
      .notNull()
      .references(() => dealers.id),
    businessPartnerId: uuid('business_partner_id')
      .notNull()
      .references(() => businessPartners.id),
    deviceKey: text('device_key').notNull(),
    plan: text('plan').$type<PlanId>().notNull(),
    duration: text('duration').$type<PlanDuration>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').$type<PlanCurrency>().notNull(),
    status: text('status').$type<RewardStatus>().notNull(),
    /** The activation the reward is for; null only for rewards older than activation records (demo history). */
    activationId: uuid('activation_id').references(() => activations.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    earnedAt: timestamp('earned_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The processor's transfer that paid it (tr_…); null until paid, and for the demo's seeded paid rewards. */
    transferId: text('transfer_id'),
  },
  (t) => [
    // One reward per activation: a retried purchase or a second plan payment never pays twice.
    uniqueIndex('device_rewards_activation').on(t.activationId),
    index('device_rewards_dealer_created').on(t.dealerId, t.createdAt),
    index('device_rewards_installer_created').on(t.installerId, t.createdAt),
  ],
);
export type DeviceRewardRow = typeof deviceRewards.$inferSelect;

/**
 * spec 02 §6: a user's payouts (Stripe Connect) onboarding state — stripe_onboarding_complete,
 * stripe_onboarding_url with its expiry, stripe_login_link — kept beside the user, not on it, so the
 * users module does not carry a payment processor's fields.
 */
export const payoutAccounts = pgTable('payout_accounts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The processor's connected account id (test mode: acct_test_…). */
  accountId: text('account_id').notNull(),
  onboardingComplete: boolean('onboarding_complete').notNull().default(false),
  /** The current onboarding link's secret (the link is the credential of the test-mode page). */
  onboardingToken: text('onboarding_token').unique(),
  onboardingUrl: text('onboarding_url'),
  onboardingUrlExpiresAt: timestamp('onboarding_url_expires_at', { withTimezone: true }),
  loginLink: text('login_link'),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

/**
 * One try to pay a reward (issue 30 §4 payouts): the attempt machine's try of the `reward-payout` kind. Its id is the
 * processor's idempotency key for the transfer, so a crash between the transfer and the write leaves a transfer that
 * recovery finds under it. At most one try of a reward is sending or paid (the partial unique index): a reward is paid
 * once, whatever runs at once; a failed try leaves the reward earned for a later run, under a new key.
 */
export const rewardPayouts = pgTable(
  'reward_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rewardId: uuid('reward_id')
      .notNull()
      .references(() => deviceRewards.id, { onDelete: 'cascade' }),
    /** payout-<reward id>-<try>: the payout job's key for the machine (a try of one reward after another failed). */
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** 'sending' (decided, not yet written), 'paid' or 'failed'. */
    status: text('status').notNull(),
    /** The connected account, amount and currency decided: what is transferred. */
    snapshot: jsonb('snapshot').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    transferId: text('transfer_id'),
    failure: jsonb('failure').$type<StoredFailure>(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('reward_payouts_key').on(t.idempotencyKey),
    uniqueIndex('reward_payouts_once')
      .on(t.rewardId)
      .where(sql`${t.status} in ('sending', 'paid')`),
    index('reward_payouts_sending')
      .on(t.createdAt)
      .where(sql`${t.status} = 'sending'`),
    check('reward_payouts_status', sql`${t.status} in ('sending', 'paid', 'failed')`),
    check('reward_payouts_amount', sql`${t.amountCents} > 0`),
  ],
);
export type RewardPayoutRow = typeof rewardPayouts.$inferSelect;
