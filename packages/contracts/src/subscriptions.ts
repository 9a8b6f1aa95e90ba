import { z } from 'zod';
import { planCurrencySchema, planDurationSchema, planIdSchema } from './plans.ts';
import { REWARD_TEXTS } from './rewards.ts';
import { isCalendarDay } from './format.ts';

/**
 * Issue 30 item 3: buying plans for devices (spec 02 §7 "Plans and payments": POST payments with line_items of
 * device_key and plan_id, validate=true for a mock run; the answer's uuid; GET payments/{uuid}). Money is in whole
 * cents of `currency`, under the spec's names (spec 02 §3 purchase totals: subtotal base_amount, currencyDiscount
 * currency_discount, tax base_tax, currentTotal final_charge).
 *
 * Preview, then confirm (Stripe's pattern): the mock run (validate=true) prices everything, charges nothing and
 * changes nothing, and answers a `quote` — a fingerprint of every price, credit, tax and plan it shows. The real run
 * sends that quote back; when anything it would charge differs, it refuses ('quoteChanged', 409 CHANGED_SINCE_SHOWN)
 * instead of charging another amount.
 *
 * All or nothing (docs/decisions.md "Subscription checkout"): when any line can not be bought (a device that can not
 * take the plan, another dealer's device, not an upgrade), nothing is charged and the answer names every failed line
 * by device_key (spec 02 §3 failed cart item); when the device cloud refuses a plan after the charge, the plans put
 * on are taken back and the charge is voided.
 */

export const SUBSCRIPTION_TEXTS = {
  idempotencyKeyRequired: 'This purchase could not be sent. Please try again.',
  idempotencyKeyReused: 'This purchase was already sent with other details. Reload the page to buy again.',
  inProgress: 'This purchase is still being processed. Please wait a moment.',
  notCompleted: 'This purchase could not be completed and nothing was charged. Please try again.',
  receiptNotFound: 'Receipt not found',
  noLines: 'Choose a plan for at least one device.',
  oneLinePerDevice: 'A device can take one plan per purchase.',
  quoteRequired: 'Review the total before paying.',
  quoteChanged: 'The price of this purchase changed since it was shown. Review the new total and pay again.',
  linesFailed: 'Some devices can not take the plan chosen. Remove them or choose another plan.',
  notAnUpgrade: 'This device can not move to this plan and term from the one it has.',
  cannotTakePlan: 'This device was replaced or retired and can not take a plan.',
  deviceNotFound: 'Device not found',
  paymentMethodRequired: 'Choose a card or bank account to pay with.',
  applyFailed: 'The device cloud did not take the plan. Nothing was charged. Please try again.',
  dayFormat: 'Use a date as YYYY-MM-DD.',
  receiptSubject: (number: string) => `Your plan purchase ${number}`,
} as const;

/** One plan for one device (the cart subscription line's fields that decide what is bought). */
export const purchaseLineItemSchema = z.object({
  device_key: z
    .string()
    .trim()
    .min(1)
    .max(32)
    .regex(/^[A-Za-z0-9]+$/)
    .transform((v) => v.toUpperCase()),
  plan_id: planIdSchema,
  /** The duration (the cart line's name for it). */
  newPricingPlan: planDurationSchema,
  /** The ICCID's last four digits of a device installed for nobody yet (the device calls' proof of possession). */
  iccid_last_digits: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'Enter the last four digits of the ICCID.')
    .optional(),
});
export type PurchaseLineItem = z.output<typeof purchaseLineItemSchema>;

/** POST /api/payments (the real run also needs an Idempotency-Key header). */
export const purchaseRequestSchema = z.object({
  line_items: z.array(purchaseLineItemSchema).min(1, SUBSCRIPTION_TEXTS.noLines).max(50),
  /** true: the mock run — totals and a quote, nothing charged, nothing changed. */
  validate: z.boolean().optional().default(false),
  /** The saved card or verified bank account of the business that pays (the real run). */
  payment_method_id: z.string().uuid().optional(),
  /** The mock run's quote, which the real run must match. */
  quote: z.string().max(128).optional(),
});
export type PurchaseRequest = z.input<typeof purchaseRequestSchema>;

/** One line as priced: the plan's price for the term, the credit for the unused part of the current term. */
export const purchasedLineSchema = z.object({
  device_key: z.string(),
  productName: z.string(),
  plan_id: planIdSchema,
  new_plan_name: z.string(),
  newPricingPlan: planDurationSchema,
  amount: z.number().int(),
  credit: z.number().int(),
  /** When the new term ends (null: month to month). On a receipt, the plan the device now has. */
  expires_at: z.string().nullable(),
});
export type PurchasedLine = z.infer<typeof purchasedLineSchema>;

/** The mock run's answer, and (with uuid, number, created, paid_by, method, transaction_id) the receipt. */
export const purchaseSchema = z.object({
  /** The receipt's id; null on a mock run. */
  uuid: z.string().nullable(),
  status: z.enum(['quote', 'paid']),
  currency: planCurrencySchema,
  line_items: z.array(purchasedLineSchema),
  /** Subtotal: the plans' prices. */
  base_amount: z.number().int(),
  /** The credit for unused terms of the plans replaced. */
  currency_discount: z.number().int(),
  base_tax: z.number().int(),
  final_charge: z.number().int(),
  /** What the real run must send back. */
  quote: z.string(),
  /** Receipt only. */
  number: z.string().optional(),
  created: z.string().optional(),
  paid_by: z.string().optional(),
  method: z.string().nullable().optional(),
  /** The processor's charge id (the plan sales report's transaction_id); null when nothing was charged. */
  transaction_id: z.string().nullable().optional(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

export const purchaseParamsSchema = z.object({ uuid: z.string().trim().min(1).max(64) });

/** A calendar day, YYYY-MM-DD, that is one (not 2026-02-30 nor year 0: the database refuses those). */
const calendarDay = z.string().refine(isCalendarDay, { message: SUBSCRIPTION_TEXTS.dayFormat });

/** GET /api/plan-sales: the business's plan purchases (spec 01 §4 report columns), newest first. */
export const planSalesQuerySchema = z
  .object({
    /** YYYY-MM-DD, the first day (UTC start of day). */
    from_date: calendarDay.optional(),
    /** YYYY-MM-DD, the last day (UTC end of day). */
    to_date: calendarDay.optional(),
    limit: z.coerce.number().int().min(1).max(100).optional().default(10),
    offset: z.coerce.number().int().min(0).optional().default(0),
  })
  .superRefine((value, ctx) => {
    if (value.from_date && value.to_date && value.from_date > value.to_date)
      ctx.addIssue({ code: 'custom', message: REWARD_TEXTS.rangeReversed, path: ['to_date'] });
  });

export const planSaleSchema = z.object({
  uuid: z.string(),
  number: z.string(),
  created: z.string(),
  transaction_id: z.string().nullable(),
  currency: planCurrencySchema,
  final_charge: z.number().int(),
  subtotal: z.number().int(),
  sales_tax: z.number().int(),
  credit: z.number().int(),
  devices: z.array(z.string()),
  paid_by: z.string(),
});
export type PlanSale = z.infer<typeof planSaleSchema>;

export const planSalesSchema = z.object({
  results: z.array(planSaleSchema),
  count: z.number().int(),
  totals: z.object({ final_charge: z.number().int(), subtotal: z.number().int(), sales_tax: z.number().int() }),
});
export type PlanSales = z.infer<typeof planSalesSchema>;

/** spec 02 §3 failed cart item: a line that could not be bought, by device. */
export const failedCartItemSchema = z.object({ device_key: z.string(), detail: z.string() });
export type FailedCartItem = z.infer<typeof failedCartItemSchema>;
