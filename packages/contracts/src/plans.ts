import { z } from 'zod';

/**
 * Issue 30: the prepaid plans that keep a device connected (spec 02 §1, §3), their durations and prices.
 * The price table is ours (docs/decisions.md "Plans and subscription lines"): a month-to-month price per
 * plan in the range of comparable connected-car subscriptions (not checked against their current public
 * prices), and longer prepaid terms cheaper per month. One function prices every plan, duration and currency, here, so the catalogue, the
 * cart, the quote, the charge and the rewards all read the same number.
 */

/** spec 02 §1 plans, cheapest first. The id is the plan catalogue entry's `name`. */
export const PLAN_IDS = ['basic', 'premium', 'premium_plus', 'ultimate'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** spec 02 §3 subscription plan durations. */
export const PLAN_DURATIONS = ['month_to_month', '1_year', '2_year', '3_year', '4_year', '5_year', '6_year'] as const;
export type PlanDuration = (typeof PLAN_DURATIONS)[number];

/** The U.S. site sells in USD, the Canadian site in CAD (spec 02 §1). */
export const PLAN_CURRENCIES = ['USD', 'CAD'] as const;
export type PlanCurrency = (typeof PLAN_CURRENCIES)[number];

/** Months a duration prepays (month_to_month: one, renewed monthly). */
export const MONTHS_OF_DURATION: Record<PlanDuration, number> = {
  month_to_month: 1,
  '1_year': 12,
  '2_year': 24,
  '3_year': 36,
  '4_year': 48,
  '5_year': 60,
  '6_year': 72,
};

/** Words for a duration ('2 years'). */
export const DURATION_LABELS: Record<PlanDuration, string> = {
  month_to_month: 'Month to month',
  '1_year': '1 year',
  '2_year': '2 years',
  '3_year': '3 years',
  '4_year': '4 years',
  '5_year': '5 years',
  '6_year': '6 years',
};

/** spec 02 §3 plan catalogue entry (name, displayName, image, imageDescription, description, popular), plus what it includes. */
export interface PlanCatalogueEntry {
  name: PlanId;
  displayName: string;
  image: string;
  imageDescription: string;
  description: string;
  popular: boolean;
  /** What the plan includes, each plan adding to the one before (the Pricing Plans comparison). */
  includes: readonly string[];
}

/** spec 02 §1: Basic is vehicle control plus security; Premium adds GPS tracking (popular); Premium Plus advanced GPS; Ultimate more advanced GPS. */
export const PLAN_CATALOGUE: readonly PlanCatalogueEntry[] = [
  {
    name: 'basic',
    displayName: 'Basic',
    image: '/images/plans/basic.svg',
    imageDescription: 'A phone starting a car',
    description: 'Vehicle control plus security: start, lock and unlock from the app, with alarm alerts.',
    popular: false,
    includes: [
      'Remote start, lock and unlock from the app',
      'Security alerts (alarm, doors, shock)',
      'Unlimited range',
    ],
  },
  {
    name: 'premium',
    displayName: 'Premium',
    image: '/images/plans/premium.svg',
    imageDescription: 'A car on a map',
    description: 'Everything in Basic, plus GPS tracking: where the car is, where it has been.',
    popular: true,
    includes: ['Everything in Basic', 'GPS tracking: live location and trip history', 'Speed and curfew alerts'],
  },
  {
    name: 'premium_plus',
    displayName: 'Premium Plus',
    image: '/images/plans/premium-plus.svg',
    imageDescription: 'A car on a map with a geofence',
    description: 'Everything in Premium, plus advanced GPS tracking: geofences and faster location updates.',
    popular: false,
    includes: ['Everything in Premium', 'Advanced GPS: geofences and 30-second updates', 'Towing and tamper alerts'],
  },
  {
    name: 'ultimate',
    displayName: 'Ultimate',
    image: '/images/plans/ultimate.svg',
    imageDescription: 'A car on a map with its engine data',
    description: 'Everything in Premium Plus, plus more advanced GPS tracking and vehicle health.',
    popular: false,
    includes: [
      'Everything in Premium Plus',
      'More advanced GPS: 10-second updates, driver reports',
      'Engine and battery health',
    ],
  },
];

/** Month-to-month price per month, USD cents: the anchor of each plan's prices. */
const MONTHLY_USD_CENTS: Record<PlanId, number> = { basic: 699, premium: 1499, premium_plus: 1999, ultimate: 2499 };
/** Off the month-to-month price per month for prepaying longer. */
const TERM_DISCOUNT: Record<PlanDuration, number> = {
  month_to_month: 0,
  '1_year': 0.2,
  '2_year': 0.25,
  '3_year': 0.3,
  '4_year': 0.32,
  '5_year': 0.34,
  '6_year': 0.36,
};
/** CAD per USD for the Canadian site's list prices (a list price, not a day's rate). */
const CAD_PER_USD = 1.36;

/** Rounds a price in cents up to the next whole amount ending in .99. */
const toNinetyNine = (cents: number) => Math.ceil((cents + 1) / 100) * 100 - 1;

/** The price of a plan for a whole duration, in cents of the currency. */
export function planPriceCents(plan: PlanId, duration: PlanDuration, currency: PlanCurrency = 'USD'): number {
  const monthly = MONTHLY_USD_CENTS[plan] * (currency === 'CAD' ? CAD_PER_USD : 1);
  if (duration === 'month_to_month') return toNinetyNine(monthly - 1);
  return toNinetyNine(monthly * (1 - TERM_DISCOUNT[duration]) * MONTHS_OF_DURATION[duration] - 1);
}

/** What a duration costs per month (cents, rounded), for the Pricing Plans page. */
export const planMonthlyCents = (plan: PlanId, duration: PlanDuration, currency: PlanCurrency = 'USD') =>
  Math.round(planPriceCents(plan, duration, currency) / MONTHS_OF_DURATION[duration]);

export const planIdSchema = z.enum(PLAN_IDS);
export const planDurationSchema = z.enum(PLAN_DURATIONS);
export const planCurrencySchema = z.enum(PLAN_CURRENCIES);

/** One price of a plan (cents and the decimal amount of the currency). */
export const planPriceSchema = z.object({
  duration: planDurationSchema,
  currency: planCurrencySchema,
  amount_cents: z.number().int(),
  per_month_cents: z.number().int(),
});
export type PlanPrice = z.infer<typeof planPriceSchema>;

/** GET /api/plan/{id} and each entry of GET /api/plans: the catalogue entry with its prices in the caller's currency. */
export const planSchema = z.object({
  id: planIdSchema,
  name: planIdSchema,
  displayName: z.string(),
  image: z.string(),
  imageDescription: z.string(),
  description: z.string(),
  popular: z.boolean(),
  includes: z.array(z.string()),
  prices: z.array(planPriceSchema),
});
export type Plan = z.infer<typeof planSchema>;

// ---- The calls (issue 30 item 1) ----------------------------------------------------------------------

/** The texts of the plan calls and screens (messages are data). */
export const PLAN_TEXTS = {
  planNotFound: 'Plan not found',
  durationInvalid: 'Choose a duration: month to month or 1 to 6 years',
  planInvalid: 'Choose a plan: Basic, Premium, Premium Plus or Ultimate',
  noUpgrade: 'This device is on the highest plan and the longest term: there is nothing to upgrade to.',
  deviceCannotTakePlan: 'This device was replaced or retired and can not take a plan.',
  lineNotFound: 'This device has no plan in the cart.',
} as const;

/** The plan's words (display name) for an id. */
export const planDisplayName = (id: PlanId) => PLAN_CATALOGUE.find((p) => p.name === id)!.displayName;

/** The plan id of a device's plan name as the device cloud reports it ('Premium Plus' or 'premium_plus'), else null. */
export function planIdOfName(name: string | null | undefined): PlanId | null {
  if (!name) return null;
  const key = name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return (PLAN_IDS as readonly string[]).includes(key) ? (key as PlanId) : null;
}

/** The plan's rank: a move is an upgrade only to a higher rank or a longer term. */
export const planRank = (id: PlanId) => PLAN_IDS.indexOf(id);

/** The catalogue entry with its prices in one currency: what GET /api/plan/{id} answers. */
export function planWithPrices(id: PlanId, currency: PlanCurrency): Plan {
  const entry = PLAN_CATALOGUE.find((p) => p.name === id)!;
  return {
    id,
    ...entry,
    includes: [...entry.includes],
    prices: PLAN_DURATIONS.map((duration) => ({
      duration,
      currency,
      amount_cents: planPriceCents(id, duration, currency),
      per_month_cents: planMonthlyCents(id, duration, currency),
    })),
  };
}

/** GET /api/plans: the four plans, cheapest first, priced in the caller's currency. */
export const plansResponseSchema = z.object({ currency: planCurrencySchema, plans: z.array(planSchema) });
export type PlansResponse = z.infer<typeof plansResponseSchema>;

/** GET /api/plan/{id}: any text (an unknown id is a 404, not a 400). */
export const planParamsSchema = z.object({ id: z.string().trim().min(1).max(40) });

const DAY_MS = 86_400_000;
/** Days of a month-to-month period (renewed every 30 days from its start). */
export const MONTH_TO_MONTH_DAYS = 30;

/**
 * The credit for the unused part of a device's current term (docs/decisions.md "Plans and subscription lines"):
 * the term's price in the buyer's currency × unused whole days ÷ the term's days, rounded down to the cent.
 * A month-to-month plan's term is its current 30-day period; a term already over is worth nothing. The price
 * is the price table's (the device cloud does not say what was paid).
 */
export function unusedTermCredit(
  current: { plan: PlanId; duration: PlanDuration; startedAt: Date; expiresAt: Date | null },
  currency: PlanCurrency,
  now: Date,
): { creditCents: number; unusedDays: number; termDays: number } {
  let start = current.startedAt.getTime();
  let end: number;
  if (current.duration === 'month_to_month' || !current.expiresAt) {
    const period = MONTH_TO_MONTH_DAYS * DAY_MS;
    const elapsedPeriods = Math.max(0, Math.floor((now.getTime() - start) / period));
    start += elapsedPeriods * period;
    end = start + period;
  } else end = current.expiresAt.getTime();
  const termDays = Math.max(1, Math.round((end - start) / DAY_MS));
  const unusedDays = Math.min(termDays, Math.max(0, Math.floor((end - now.getTime()) / DAY_MS)));
  const creditCents = Math.floor((planPriceCents(current.plan, current.duration, currency) * unusedDays) / termDays);
  return { creditCents, unusedDays, termDays };
}

/** Whether a device on `from` may move to `to`: a plan no lower and a term no shorter, and not the same. */
export const isUpgrade = (
  from: { plan: PlanId; duration: PlanDuration },
  to: { plan: PlanId; duration: PlanDuration },
) =>
  planRank(to.plan) >= planRank(from.plan) &&
  MONTHS_OF_DURATION[to.duration] >= MONTHS_OF_DURATION[from.duration] &&
  (to.plan !== from.plan || to.duration !== from.duration);

/** GET /api/plans/upgrade?device_key=…: the device (and the ICCID digits of a device installed for nobody). */
export const planUpgradeQuerySchema = z.object({
  device_key: z
    .string()
    .trim()
    .min(1)
    .max(32)
    .regex(/^[A-Za-z0-9]+$/)
    .transform((v) => v.toUpperCase()),
  iccid_last_digits: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'Enter the last four digits of the ICCID.')
    .optional(),
});

export const planUpgradeOptionSchema = z.object({
  plan_id: planIdSchema,
  new_plan_name: z.string(),
  duration: planDurationSchema,
  /** The new plan's price for the whole duration. */
  amount_cents: z.number().int(),
  /** The credit for the unused part of the current term. */
  credit_cents: z.number().int(),
  /** What the move costs: the price less the credit, never below zero. */
  due_cents: z.number().int(),
});
export type PlanUpgradeOption = z.infer<typeof planUpgradeOptionSchema>;

/** What a device may move to from its current plan and term, with the credit for the unused part. */
export const planUpgradeSchema = z.object({
  device_key: z.string(),
  productName: z.string(),
  currency: planCurrencySchema,
  /** The device's plan now (null: none, every plan and duration is open, with no credit). */
  current: z
    .object({
      plan_id: planIdSchema,
      name: z.string(),
      duration: planDurationSchema,
      started_at: z.string(),
      expires_at: z.string().nullable(),
      credit_cents: z.number().int(),
      unused_days: z.number().int(),
      term_days: z.number().int(),
    })
    .nullable(),
  options: z.array(planUpgradeOptionSchema),
});
export type PlanUpgrade = z.infer<typeof planUpgradeSchema>;
