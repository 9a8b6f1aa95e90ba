import { z } from 'zod';
import { TABLE_PAGE_SIZE } from './constants.ts';
import { listPageSchema } from './dealers.ts';
import { isCalendarDay } from './format.ts';
import { messages } from './messages.ts';
import {
  planCurrencySchema,
  planDurationSchema,
  planIdSchema,
  planPriceCents,
  type PlanCurrency,
  type PlanDuration,
  type PlanId,
} from './plans.ts';

/**
 * Issue 30 §4: installers earn a reward for each device they activate, only when the device's tests passed
 * and its plan was paid (docs/decisions.md "Rewards and payouts (issue 30)"). Amounts, statuses, the
 * rewards list and the payouts state (spec 02 §6 Stripe onboarding user fields).
 */

/** A tenth of what the plan sold for, for the whole term it prepays. */
export const REWARD_SHARE = 0.1;
/** No reward is smaller than this (a month-to-month Basic still pays the installer for the visit). */
export const MIN_REWARD_CENTS = 200;
/** Longest term that still raises the reward: past three years the share stays as for three (a 6-year sale is not 6× the work). */
const REWARD_CAP_DURATION: PlanDuration = '3_year';
const CAPPED_DURATIONS: readonly PlanDuration[] = ['4_year', '5_year', '6_year'];

/**
 * What an installer earns for activating a device on `plan` for `duration`: 10% of the plan's price for
 * that term (terms past three years count as three), rounded down to whole 25 cents, at least $2.00.
 */
export function rewardCents(plan: PlanId, duration: PlanDuration, currency: PlanCurrency = 'USD'): number {
  const term = CAPPED_DURATIONS.includes(duration) ? REWARD_CAP_DURATION : duration;
  const share = Math.floor((planPriceCents(plan, term, currency) * REWARD_SHARE) / 25) * 25;
  return Math.max(MIN_REWARD_CENTS, share);
}

/** pending: the tests have not passed or the plan is not paid yet; earned: both; paid: sent to the installer's payouts account. */
export const REWARD_STATUSES = ['pending', 'earned', 'paid'] as const;
export type RewardStatus = (typeof REWARD_STATUSES)[number];

export const REWARD_STATUS_TEXTS: Record<RewardStatus, string> = {
  pending: 'Pending',
  earned: 'Earned',
  paid: 'Paid',
};

export const REWARD_TEXTS = {
  rewardNotFound: 'Reward not found.',
  installerNotFound: 'Installer not found.',
  noDealer: 'Rewards are earned by the installers of a dealer.',
  rewardsDenied: 'Rewards are not available to you.',
  dayFormat: 'Use YYYY-MM-DD or YYYY-MM-DDTHH:mm:ss',
  rangeReversed: 'The start date must be on or before the end date.',
  onboardingExpired: 'This onboarding link has expired. Open payouts again for a new one.',
  onboardingNotFound: 'This onboarding link is not valid.',
  guest:
    'Rewards are earned by installer accounts. Sign in with your installer account to earn a reward for this activation.',
  pendingRule: 'A reward is earned once the device tests have passed and the plan is paid.',
  // The payout job's words (issue 30 §4): a try of the attempt machine answers with them, and the logs say them.
  payoutNotPayable: 'This reward is not earned, or it is paid already.',
  payoutUnderWay: 'This reward is being paid.',
  payoutsNotSetUp: 'The installer has not set up payouts yet.',
  payoutNotCompleted: 'The transfer was not made. The reward will be paid on a later run.',
  payoutKeyRequired: 'A payout needs its key.',
  payoutKeyReused: 'This payout key was used for another reward.',
  payoutNotFound: 'Payout not found.',
} as const;

/**
 * installer_id names an installer record (spec 02 §3 Installer id) or its user (user_id: the browser knows the
 * signed-in user's); owners (and reps acting as them) ask for every installer's with this value.
 */
export const ALL_INSTALLERS = 'all';

/** A calendar day (isCalendarDay: not 2026-02-30), alone or with a time of that day in UTC. */
const dayOrTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z?)?$/, REWARD_TEXTS.dayFormat)
  .refine(
    (value) =>
      isCalendarDay(value.slice(0, 10)) &&
      (value.length === 10 || !Number.isNaN(Date.parse(/Z$/.test(value) ? value : `${value}Z`))),
    { message: REWARD_TEXTS.dayFormat },
  );

/**
 * GET /api/dealers/{id}/device-rewards (spec 02 §7): installer_id (spec 02 §5 'Installer ID is required'),
 * from_date and to_date in UTC (spec 02 §9: a day means its start to its end), limit and offset.
 */
export const deviceRewardsQuerySchema = z
  .object({
    installer_id: z.string({ error: messages.installerIdRequired }).trim().min(1, messages.installerIdRequired).max(64),
    from_date: dayOrTime.optional(),
    to_date: dayOrTime.optional(),
    limit: z.coerce
      .number({ error: messages.mustBeNumber })
      .int(messages.mustBeWholeNumber)
      .min(1, messages.moreThan(0))
      .max(100, messages.lessThan(101))
      .default(TABLE_PAGE_SIZE),
    offset: z.coerce.number({ error: messages.mustBeNumber }).int(messages.mustBeWholeNumber).min(0).default(0),
  })
  .superRefine((value, ctx) => {
    if (value.from_date && value.to_date && value.from_date.slice(0, 10) > value.to_date.slice(0, 10))
      ctx.addIssue({ code: 'custom', message: REWARD_TEXTS.rangeReversed, path: ['to_date'] });
  });
export type DeviceRewardsQuery = z.input<typeof deviceRewardsQuerySchema>;

export const rewardIdParamsSchema = z.object({ id: z.uuid({ error: REWARD_TEXTS.rewardNotFound }) });

const installerRefSchema = z.object({ id: z.string(), user_id: z.string(), name: z.string() });

export const deviceRewardSchema = z.object({
  id: z.string(),
  installer: installerRefSchema,
  dealer_id: z.string(),
  device_key: z.string(),
  plan_id: planIdSchema,
  plan_name: z.string(),
  duration: planDurationSchema,
  amount_cents: z.number().int(),
  currency: planCurrencySchema,
  status: z.enum(REWARD_STATUSES),
  activation_id: z.string().nullable(),
  created_at: z.string(),
  earned_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  /** The processor's transfer to the installer's payouts account (tr_…); null until paid (and for rewards paid before transfers were recorded). */
  transfer_id: z.string().nullable(),
});
export type DeviceReward = z.infer<typeof deviceRewardSchema>;

/** Sums of the rewards that match the filters (every page), by status. */
export const rewardTotalsSchema = z.object({
  currency: planCurrencySchema,
  pending_cents: z.number().int(),
  earned_cents: z.number().int(),
  paid_cents: z.number().int(),
});

export const deviceRewardListSchema = listPageSchema(deviceRewardSchema).extend({ totals: rewardTotalsSchema });
export type DeviceRewardList = z.infer<typeof deviceRewardListSchema>;

/** GET /api/rewards/{id}: one reward, its device, plan and activation. */
export const rewardDetailSchema = deviceRewardSchema.extend({
  activation: z
    .object({
      id: z.string(),
      activation_type: z.string(),
      status: z.string(),
      started_at: z.string(),
      completed_at: z.string().nullable(),
      device_testing_passed: z.boolean(),
    })
    .nullable(),
});
export type RewardDetail = z.infer<typeof rewardDetailSchema>;

/** spec 02 §6: the payouts (Stripe Connect onboarding) state of the signed-in user. */
export const payoutsSchema = z.object({
  stripe_onboarding_complete: z.boolean(),
  stripe_onboarding_url: z.string().nullable(),
  stripe_onboarding_url_expires_at: z.string().nullable(),
  stripe_login_link: z.string().nullable(),
});
export type Payouts = z.infer<typeof payoutsSchema>;

export const onboardingTokenParamsSchema = z.object({ token: z.string().min(16).max(128) });
