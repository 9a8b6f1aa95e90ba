import type { z } from 'zod';
import { PLAN_CATALOGUE, type PlanCurrency, type PlanDuration, type PlanId } from '@portal/contracts/plans';
import {
  ALL_INSTALLERS,
  REWARD_TEXTS,
  rewardCents,
  type DeviceReward,
  type DeviceRewardList,
  type deviceRewardsQuerySchema,
  type Payouts,
  type RewardDetail,
} from '@portal/contracts/rewards';
import { createTestPayoutOnboarding, type PayoutOnboarding } from '../../adapters/payments/index.ts';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { refuse } from '../../refusal.ts';
import { requireMyBusiness } from '../dealers/index.ts';
import * as repo from './repo.ts';

const planName = (plan: PlanId) => PLAN_CATALOGUE.find((entry) => entry.name === plan)?.displayName ?? plan;

function rewardOf({ reward: r, installerName }: repo.RewardWithName): DeviceReward {
  return {
    id: r.id,
    installer: { id: r.installerId, user_id: r.installerUserId, name: installerName },
    dealer_id: r.dealerId,
    device_key: r.deviceKey,
    plan_id: r.plan,
    plan_name: planName(r.plan),
    duration: r.duration,
    amount_cents: r.amountCents,
    currency: r.currency,
    status: r.status,
    activation_id: r.activationId,
    created_at: r.createdAt.toISOString(),
    earned_at: r.earnedAt?.toISOString() ?? null,
    paid_at: r.paidAt?.toISOString() ?? null,
    transfer_id: r.transferId,
  };
}

/** spec 02 §9: a day sent alone means from its start (from_date) or to its end (to_date), in UTC. */
function instantOf(value: string, end: boolean): Date {
  if (value.length === 10) return new Date(`${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`);
  const at = new Date(/Z$/.test(value) ? value : `${value}Z`);
  // YYYY-MM-DDT23:59:59 (utcDayRange) covers the whole last second.
  return end && at.getUTCMilliseconds() === 0 ? new Date(at.getTime() + 999) : at;
}

const pageLinks = (count: number, limit: number, offset: number) => ({
  count,
  next: offset + limit < count ? offset + limit : null,
  previous: offset > 0 ? Math.max(0, offset - limit) : null,
});

/** What a plan purchase tells rewards (issue 30 §4): the device, the plan and term paid, and in which currency. */
export interface PlanPaid {
  deviceKey: string;
  plan: PlanId;
  duration: PlanDuration;
  currency: PlanCurrency;
}

/**
 * Rewards and payouts (issue 30 §4; docs/decisions.md "Rewards and payouts (issue 30)"). Who sees which
 * rewards: the installer their own; whoever sees the dealer's My Business (its owner, an inside rep acting
 * for it as the owner) every installer's; another dealer's are answered as not existing.
 */
export function createRewardService(ctx: AppContext, onboarding: PayoutOnboarding = createTestPayoutOnboarding()) {
  const db = ctx.db;

  /** The acting dealer, if `dealerId` is it (else 404), and whether the actor sees every installer's rewards. */
  async function scopeOf(actor: Actor, dealerId?: string) {
    const acting = actor.business?.dealerId ?? null;
    if (!acting || (dealerId !== undefined && dealerId !== acting)) throw refuse.notFound(REWARD_TEXTS.noDealer);
    let managesAll = true;
    try {
      requireMyBusiness(actor, acting, REWARD_TEXTS.rewardsDenied);
    } catch {
      managesAll = false;
    }
    const own = await repo.installerOfUser(db, acting, actor.actingUser.id);
    return { dealerId: acting, managesAll, ownInstallerId: own?.id ?? null };
  }

  return {
    /** GET /api/dealers/{id}/device-rewards. */
    async listOfDealer(
      actor: Actor,
      dealerId: string,
      query: z.output<typeof deviceRewardsQuerySchema>,
    ): Promise<DeviceRewardList> {
      const scope = await scopeOf(actor, dealerId);
      const all = query.installer_id === ALL_INSTALLERS;
      // installer_id names the installer record or its user (the browser knows the signed-in user's id).
      const installerId = all ? null : await repo.installerOfDealer(db, scope.dealerId, query.installer_id);
      if (all ? !scope.managesAll : !installerId || (!scope.managesAll && installerId !== scope.ownInstallerId))
        throw refuse.notFound(REWARD_TEXTS.installerNotFound);
      await repo.earnPassedRewards(db, scope.dealerId);
      const { rows, sums } = await repo.listRewards(
        db,
        {
          dealerId: scope.dealerId,
          installerId,
          from: query.from_date ? instantOf(query.from_date, false) : undefined,
          to: query.to_date ? instantOf(query.to_date, true) : undefined,
        },
        query,
      );
      return {
        ...pageLinks(sums.count, query.limit, query.offset),
        results: rows.map(rewardOf),
        totals: {
          currency: rows[0]?.reward.currency ?? 'USD',
          pending_cents: sums.pending,
          earned_cents: sums.earned,
          paid_cents: sums.paid,
        },
      };
    },

    /** GET /api/rewards/{id}: its installer's, or any of the dealer's for who manages it; else 404. */
    async get(actor: Actor, id: string): Promise<RewardDetail> {
      const scope = await scopeOf(actor).catch(() => null);
      if (!scope) throw refuse.notFound(REWARD_TEXTS.rewardNotFound);
      await repo.earnPassedRewards(db, scope.dealerId);
      const row = await repo.findReward(db, id);
      const mine = row && row.reward.dealerId === scope.dealerId;
      if (!row || !mine || (!scope.managesAll && row.reward.installerId !== scope.ownInstallerId))
        throw refuse.notFound(REWARD_TEXTS.rewardNotFound);
      const facts = row.reward.activationId ? await repo.activationFactsOf(db, row.reward.activationId) : null;
      return {
        ...rewardOf(row),
        activation: facts && {
          id: facts.id,
          activation_type: facts.activationType,
          status: facts.status,
          started_at: facts.startedAt.toISOString(),
          completed_at: facts.completedAt?.toISOString() ?? null,
          device_testing_passed: facts.deviceTestingPassed,
        },
      };
    },

    /**
     * The door the plan purchase calls, in its own transaction, once a device's plan is paid (issue 30 §4):
     * the installer who activated the device gets a reward for the plan and term — earned at once when the
     * activation's device tests passed, pending until they do otherwise. One reward per activation: a retried
     * purchase changes nothing; a later payment of a still-pending reward takes the plan then paid. A guest's
     * activation, a rep's or a renewal (purchase-subscription) earns nothing: answers null.
     */
    async recordPlanPaid(tx: Tx, paid: PlanPaid, now = new Date()): Promise<DeviceReward | null> {
      const activation = await repo.rewardableActivationOf(tx, paid.deviceKey);
      if (!activation) return null;
      const amountCents = rewardCents(paid.plan, paid.duration, paid.currency);
      const status = activation.deviceTestingPassed ? ('earned' as const) : ('pending' as const);
      const earnedAt = activation.deviceTestingPassed ? now : null;
      const existing = await repo.rewardOfActivation(tx, activation.id);
      let reward = existing;
      if (!existing) {
        reward = await repo.insertReward(tx, {
          installerUserId: activation.userId,
          installerId: activation.installerId,
          dealerId: activation.dealerId,
          businessPartnerId: activation.businessPartnerId,
          deviceKey: paid.deviceKey,
          plan: paid.plan,
          duration: paid.duration,
          amountCents,
          currency: paid.currency,
          status,
          activationId: activation.id,
          createdAt: now,
          earnedAt,
        });
        reward ??= await repo.rewardOfActivation(tx, activation.id);
      } else if (existing.status === 'pending') {
        reward = await repo.updateReward(tx, existing.id, {
          plan: paid.plan,
          duration: paid.duration,
          amountCents,
          currency: paid.currency,
          status,
          earnedAt,
        });
      }
      const row = reward && (await repo.findReward(tx, reward.id));
      return row ? rewardOf(row) : null;
    },

    /** GET /api/payouts: spec 02 §6's user fields, for the signed-in user. */
    async payouts(actor: Actor): Promise<Payouts> {
      return payoutsOf(await repo.payoutAccountOf(db, actor.user.id));
    },

    /** POST /api/payouts/onboarding-link: the open link, or a new one when there is none or it expired. */
    async onboardingLink(actor: Actor, now = new Date()): Promise<Payouts> {
      const userId = actor.user.id;
      let account = await repo.payoutAccountOf(db, userId);
      if (!account) {
        const { accountId } = await onboarding.createAccount();
        await repo.insertPayoutAccount(db, { userId, accountId });
        account = (await repo.payoutAccountOf(db, userId))!;
      }
      if (account.onboardingComplete) return payoutsOf(account);
      const open = account.onboardingUrlExpiresAt && account.onboardingUrlExpiresAt > now;
      if (!open) {
        const link = await onboarding.accountLink(account.accountId, now);
        await repo.updatePayoutAccount(db, userId, {
          onboardingToken: link.token,
          onboardingUrl: link.url,
          onboardingUrlExpiresAt: link.expiresAt,
        });
        account = (await repo.payoutAccountOf(db, userId))!;
      }
      return payoutsOf(account);
    },

    /** The test-mode onboarding page's account (by its link's secret): null when unknown. */
    async testOnboardingState(token: string, now = new Date()) {
      const account = await repo.payoutAccountByToken(db, token);
      if (!account) return null;
      const expired = !account.onboardingComplete && (account.onboardingUrlExpiresAt ?? now) <= now;
      return { accountId: account.accountId, complete: account.onboardingComplete, expired };
    },

    /** Test mode: the page's button completes the onboarding (an expired link completes nothing). */
    async completeTestOnboarding(token: string, now = new Date()): Promise<'complete' | 'expired' | 'unknown'> {
      const account = await repo.payoutAccountByToken(db, token);
      if (!account) return 'unknown';
      if (account.onboardingComplete) return 'complete';
      if ((account.onboardingUrlExpiresAt ?? now) <= now) return 'expired';
      await repo.updatePayoutAccount(db, account.userId, {
        onboardingComplete: true,
        completedAt: now,
        loginLink: await onboarding.loginLink(account.accountId, token),
        onboardingUrl: null,
        onboardingUrlExpiresAt: null,
      });
      return 'complete';
    },
  };
}

/**
 * spec 01 §3 auth user, spec 02 §6: a user's payouts (Stripe onboarding) fields, for the accounts module's user
 * answer (GET /api/user/{id}); the same read as GET /api/payouts.
 */
export async function payoutsOfUser(db: AppContext['db'], userId: string): Promise<Payouts> {
  return payoutsOf(await repo.payoutAccountOf(db, userId));
}

function payoutsOf(account: repo.PayoutAccount | null): Payouts {
  // The link and its expiry as they stand, an expired one included: the page renews it (POST onboarding-link).
  const pending = account && !account.onboardingComplete;
  return {
    stripe_onboarding_complete: account?.onboardingComplete ?? false,
    stripe_onboarding_url: pending ? account.onboardingUrl : null,
    stripe_onboarding_url_expires_at: pending ? (account.onboardingUrlExpiresAt?.toISOString() ?? null) : null,
    stripe_login_link: account?.onboardingComplete ? account.loginLink : null,
  };
}

export type RewardService = ReturnType<typeof createRewardService>;
