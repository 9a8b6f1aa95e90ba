import {
  PLAN_DURATIONS,
  PLAN_IDS,
  PLAN_TEXTS,
  isCanadianCode,
  isUpgrade,
  planDisplayName,
  planDurationSchema,
  planIdOfName,
  planPriceCents,
  planWithPrices,
  unusedTermCredit,
  type Plan,
  type PlanCurrency,
  type PlanId,
  type PlansResponse,
  type PlanUpgrade,
} from '@portal/contracts';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { refuse } from '../../refusal.ts';
import { createDeviceAccess, type DeviceAccessFor, type DeviceProof } from '../devices/index.ts';

/**
 * The currency a caller buys plans in (spec 02 §1: a U.S. site and a Canadian site): CAD when the business they
 * act for is Canadian (spec 01 §4: its partner code starts with N), else USD — a sales rep without a business
 * sees the U.S. site's prices.
 */
export const planCurrencyOf = (actor: Pick<Actor, 'business'> | null): PlanCurrency =>
  actor?.business && isCanadianCode(actor.business.sapBpCode) ? 'CAD' : 'USD';

/** A device's plan as the cloud reports it, read as ours (null when it has none or names no plan we sell). */
export function currentPlanOf(plan: { name: string; duration: string } | null) {
  const id = planIdOfName(plan?.name);
  const duration = planDurationSchema.safeParse(plan?.duration);
  return id && duration.success ? { plan: id, duration: duration.data } : null;
}

/**
 * A device's current plan read as ours, and the credit for the unused part of its term at `now` (contracts'
 * `unusedTermCredit`): the one computation GET /api/plans/upgrade shows and the plan purchase deducts. Null
 * when the device has no plan we sell (it may take any plan, with no credit).
 */
export function currentPlanCreditOf(
  reported: { name: string; duration: string; started_at: string; expires_at: string | null } | null,
  currency: PlanCurrency,
  now: Date,
) {
  const current = currentPlanOf(reported);
  if (!current || !reported) return null;
  const credit = unusedTermCredit(
    {
      ...current,
      startedAt: new Date(reported.started_at),
      expiresAt: reported.expires_at ? new Date(reported.expires_at) : null,
    },
    currency,
    now,
  );
  return { ...current, credit };
}

export function createPlanService(ctx: AppContext, deps: { accessFor?: DeviceAccessFor } = {}) {
  const accessFor = deps.accessFor ?? createDeviceAccess({ db: ctx.db, devices: ctx.devices });

  /** GET /api/plans: the four plans, cheapest first, in the caller's currency. */
  function list(actor: Actor): PlansResponse {
    const currency = planCurrencyOf(actor);
    return { currency, plans: PLAN_IDS.map((id) => planWithPrices(id, currency)) };
  }

  /** GET /api/plan/{id}: the plan, or 404 for an id that is not one. */
  function byId(actor: Actor, id: string): Plan {
    const planId = (PLAN_IDS as readonly string[]).includes(id) ? (id as PlanId) : null;
    if (!planId) throw refuse.notFound(PLAN_TEXTS.planNotFound);
    return planWithPrices(planId, planCurrencyOf(actor));
  }

  /**
   * GET /api/plans/upgrade: what the device may move to (a plan no lower and a term no shorter, not the same one),
   * each with the credit for the unused part of the current term (plans.ts `unusedTermCredit`). A device without
   * a plan may take any plan and duration, with no credit. The device is reached by the devices module's rules:
   * installed → its business's people; installed for nobody → the ICCID digits.
   */
  async function upgrade(actor: Actor, deviceKey: string, proof: DeviceProof, now = new Date()): Promise<PlanUpgrade> {
    const { shadow } = await accessFor(actor, deviceKey, proof);
    const currency = planCurrencyOf(actor);
    const reported = shadow.reported.plan;
    const held = currentPlanCreditOf(reported, currency, now);
    const current = held && { plan: held.plan, duration: held.duration };
    const credit = held?.credit ?? null;
    const options = PLAN_IDS.flatMap((plan) =>
      PLAN_DURATIONS.filter((duration) => !current || isUpgrade(current, { plan, duration })).map((duration) => {
        const amount = planPriceCents(plan, duration, currency);
        const creditCents = credit?.creditCents ?? 0;
        return {
          plan_id: plan,
          new_plan_name: planDisplayName(plan),
          duration,
          amount_cents: amount,
          credit_cents: creditCents,
          due_cents: Math.max(0, amount - creditCents),
        };
      }),
    );
    return {
      device_key: shadow.device_key,
      productName: shadow.reported.product,
      currency,
      current:
        current && reported && credit
          ? {
              plan_id: current.plan,
              name: planDisplayName(current.plan),
              duration: current.duration,
              started_at: reported.started_at,
              expires_at: reported.expires_at,
              credit_cents: credit.creditCents,
              unused_days: credit.unusedDays,
              term_days: credit.termDays,
            }
          : null,
      options,
    };
  }

  return { list, byId, upgrade };
}
export type PlanService = ReturnType<typeof createPlanService>;
