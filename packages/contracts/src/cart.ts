import { z } from 'zod';
import { MAX_LINE_QUANTITY } from './constants.ts';
import { CART_TEXTS } from './cart-rules.ts';
import { productSchema, productSummarySchema } from './search.ts';
import {
  MAX_PASTED_LINES,
  MAX_PASTED_QUANTITY,
  MAX_PASTED_SKU_LENGTH,
  PASTED_LINE_STATUSES,
  PASTED_ORDER_TEXTS,
} from './pasted-order.ts';
import { addressSchema } from './business-partners.ts';
import { PAYMENT_GATEWAYS } from './payment-methods.ts';
import { CHECKOUT_TEXTS, PO_NUMBER_MAX, PO_NUMBER_PATTERN, SHIPPING_METHODS } from './checkout-rules.ts';
import { orderSchema } from './orders.ts';
import { planCurrencySchema, planDurationSchema, planIdSchema, planUpgradeQuerySchema } from './plans.ts';

const quantitySchema = z
  .number(CART_TEXTS.quantityRange)
  .int(CART_TEXTS.quantityRange)
  .min(1, CART_TEXTS.quantityRange)
  .max(MAX_LINE_QUANTITY, CART_TEXTS.quantityRange);

/** spec 02 §3 quick-order selected product: a product (its one variant) and a quantity. */
export const addLineSchema = z.object({ variantId: z.uuid(CART_TEXTS.productNotFound), quantity: quantitySchema });
export const addLinesRequestSchema = z.object({ lines: z.array(addLineSchema).min(1).max(100) });
export type AddLinesRequest = z.infer<typeof addLinesRequestSchema>;

/** POST create-b2b: opens the cart of the session's business, optionally with its first lines. */
export const createCheckoutRequestSchema = z.object({ lines: z.array(addLineSchema).max(100).default([]) });

export const updateLinesRequestSchema = z.object({
  lines: z
    .array(z.object({ lineId: z.uuid(CART_TEXTS.lineNotFound), quantity: quantitySchema }))
    .min(1)
    .max(100),
});
export type UpdateLinesRequest = z.infer<typeof updateLinesRequestSchema>;

export const deleteLinesRequestSchema = z.object({ lineId: z.uuid(CART_TEXTS.lineNotFound) });

export const checkoutTokenParamsSchema = z.object({ token: z.uuid(CART_TEXTS.checkoutNotFound) });

const moneySchema = z.object({ cents: z.number().int() });

export const checkoutLineSchema = z.object({
  id: z.string(),
  quantity: z.number().int(),
  /** The product at the session's price now (spec 01 §6), not the price when it was added. */
  product: productSchema,
  total: moneySchema,
});
export type CheckoutLine = z.infer<typeof checkoutLineSchema>;

export const shippingMethodSchema = z.object({
  id: z.string(),
  /** As stored, with its 'B2B-' prefix (shippingMethodLabel strips it for display, spec 02 §9). */
  name: z.string(),
  price: moneySchema,
});

/** The payment chosen with set-b2b-payment: COD, TERMS, or a saved card or bank account. */
export const checkoutPaymentSchema = z.object({
  gateway: z.enum([...PAYMENT_GATEWAYS, 'CARD', 'BANK_ACCOUNT']),
  paymentMethodId: z.string().nullable(),
  amount: moneySchema,
});

/**
 * spec 02 §3 cart subscription line (issue 30 item 2): a plan for one device (device_key, productName, newPricingPlan
 * — the duration —, plan_id, new_plan_name), priced now from the price table in the buyer's currency.
 */
export const subscriptionLineSchema = z.object({
  id: z.string(),
  device_key: z.string(),
  productName: z.string(),
  newPricingPlan: planDurationSchema,
  plan_id: planIdSchema,
  new_plan_name: z.string(),
  currency: planCurrencySchema,
  price: moneySchema,
});
export type SubscriptionLine = z.infer<typeof subscriptionLineSchema>;

/**
 * PUT /api/cart/subscription-lines: a plan and duration for a device, into the cart (opened when there is none); a
 * device already in the cart gets its line replaced. The ICCID digits prove a device installed for nobody is held.
 */
export const putSubscriptionLineSchema = planUpgradeQuerySchema.extend({
  plan_id: z.enum(planIdSchema.options, { error: 'Choose a plan: Basic, Premium, Premium Plus or Ultimate' }),
  newPricingPlan: z.enum(planDurationSchema.options, {
    error: 'Choose a duration: month to month or 1 to 6 years',
  }),
});
export type PutSubscriptionLine = z.infer<typeof putSubscriptionLineSchema>;

/** DELETE /api/cart/subscription-lines/{device_key}. */
export const subscriptionLineParamsSchema = z.object({
  device_key: planUpgradeQuerySchema.shape.device_key,
});

/**
 * spec 02 §3 product checkout (B2B): token, lines, quantity, shippingAddress, currentShippingMethod,
 * shippingMethods and the totals (totalPrice.tax.amount in dollars, as the spec names it; every other
 * sum in cents). Computed on the server at the session's prices; addresses default to the business's.
 */
export const checkoutSchema = z.object({
  token: z.string(),
  lines: z.array(checkoutLineSchema),
  /** Sum of the line quantities: the cart badge (spec 02 §9). */
  quantity: z.number().int(),
  subtotal: moneySchema,
  shippingAddress: addressSchema.nullable(),
  billingAddress: addressSchema.nullable(),
  currentShippingMethod: shippingMethodSchema,
  shippingMethods: z.array(shippingMethodSchema),
  shippingPrice: moneySchema,
  tax: z.object({ cents: z.number().int(), rateBp: z.number().int(), exempt: z.boolean() }),
  totalPrice: z.object({ cents: z.number().int(), tax: z.object({ amount: z.number() }) }),
  poNumber: z.string().nullable(),
  payment: checkoutPaymentSchema.nullable(),
  businessPartner: z.object({ sapBpCode: z.string(), companyName: z.string() }),
  /** issue 30: the plans for devices in the same cart (the server always answers them; absent reads as none). */
  subscriptionLines: z.array(subscriptionLineSchema).optional(),
});
export type Checkout = z.infer<typeof checkoutSchema>;

/** GET /api/products-checkout/last-b2b-token: the open cart of the session's business, if any. */
export const lastCheckoutSchema = z.object({ token: z.string().nullable(), checkout: checkoutSchema.nullable() });
export type LastCheckout = z.infer<typeof lastCheckoutSchema>;

const addressIdField = () => z.uuid(CHECKOUT_TEXTS.addressNotFound);

/** POST {token}/update-b2b-shipping-address and update-b2b-billing-address: one of the business's addresses. */
export const checkoutAddressRequestSchema = z.object({ addressId: addressIdField() });

/** POST {token}/update-shipping-method. */
export const shippingMethodRequestSchema = z.object({
  shippingMethodId: z.enum(SHIPPING_METHODS.map((m) => m.id) as [string, ...string[]], {
    error: CHECKOUT_TEXTS.shippingMethodNotFound,
  }),
});

/** spec 02 §5 PO number rule: POST {token}/set-b2b-po-number {poNumber} (empty clears it). */
export const poNumberField = () =>
  z
    .string()
    .trim()
    .max(PO_NUMBER_MAX, `Enter at most ${PO_NUMBER_MAX} characters`)
    .regex(PO_NUMBER_PATTERN, CHECKOUT_TEXTS.poNumberChars);
export const poNumberRequestSchema = z.object({ poNumber: poNumberField() });

/**
 * POST {token}/set-b2b-payment {gateway, amount} (spec 02 §7): COD, TERMS, or CARD / BANK_ACCOUNT with
 * the saved method's id; amount in cents, which must be the whole total (PARTIAL_PAYMENT_NOT_ALLOWED).
 */
export const setPaymentRequestSchema = z.object({
  gateway: z.enum([...PAYMENT_GATEWAYS, 'CARD', 'BANK_ACCOUNT'], { error: CHECKOUT_TEXTS.choosePayment }),
  paymentMethodId: z.string().max(64).optional(),
  amount: z.number().int().min(0),
});

/** POST {token}/complete-b2b-checkout {selectedPayment}: 'COD', 'TERMS' or a saved method's id. */
export const completeCheckoutRequestSchema = z.object({
  selectedPayment: z
    .string({ error: CHECKOUT_TEXTS.choosePayment })
    .trim()
    .min(1, CHECKOUT_TEXTS.choosePayment)
    .max(64),
});

/** What completion answers: the order (the complete page shows it, spec 01 §9 keeps it in local storage). */
export const completedCheckoutSchema = z.object({ order: orderSchema });
export type CompletedCheckout = z.infer<typeof completedCheckoutSchema>;
export type SetPaymentRequest = z.infer<typeof setPaymentRequestSchema>;

/*
 * Quick order from a pasted list (issue 33 item 3): the lines `parsePastedOrder` read, matched on the server for the
 * session's business and then added to its cart in one go.
 */
const pastedLineSchema = z.object({
  sku: z
    .string()
    .trim()
    .min(1, PASTED_ORDER_TEXTS.skuRequired)
    .max(MAX_PASTED_SKU_LENGTH, PASTED_ORDER_TEXTS.skuRequired),
  quantity: z
    .number(PASTED_ORDER_TEXTS.quantityWhole)
    .int(PASTED_ORDER_TEXTS.quantityWhole)
    .min(1, PASTED_ORDER_TEXTS.quantityWhole)
    .max(MAX_PASTED_QUANTITY, PASTED_ORDER_TEXTS.quantityWhole),
});

/** POST /api/quick-order/match: the pasted lines, at most MAX_PASTED_LINES. */
export const matchPastedRequestSchema = z.object({
  lines: z
    .array(pastedLineSchema)
    .min(1, PASTED_ORDER_TEXTS.nothingPasted)
    .max(MAX_PASTED_LINES, PASTED_ORDER_TEXTS.tooMany),
});
export type MatchPastedRequest = z.infer<typeof matchPastedRequestSchema>;

/** POST /api/quick-order/add-to-cart: the reviewed lines; each quantity must fit a cart line. */
export const addPastedRequestSchema = z.object({
  lines: z
    .array(pastedLineSchema.extend({ quantity: quantitySchema }))
    .min(1, PASTED_ORDER_TEXTS.nothingPasted)
    .max(MAX_PASTED_LINES, PASTED_ORDER_TEXTS.tooMany),
});
export type AddPastedRequest = z.infer<typeof addPastedRequestSchema>;

/** A pasted line as the server found it: for sale (in stock or backordered), unknown, not for sale, too many. */
export const pastedLineResultSchema = z.object({
  sku: z.string(),
  quantity: z.number().int(),
  status: z.enum(PASTED_LINE_STATUSES),
  product: productSummarySchema
    .pick({ id: true, sku: true, name: true, price: true, isAvailable: true, caseQty: true })
    .nullable(),
});
export type PastedLineResult = z.infer<typeof pastedLineResultSchema>;

export const matchPastedResponseSchema = z.object({ lines: z.array(pastedLineResultSchema) });
export type MatchPastedResponse = z.infer<typeof matchPastedResponseSchema>;

/** What adding answers: how many lines and units went in, every line as found, and the cart. */
export const addPastedResponseSchema = z.object({
  addedLines: z.number().int(),
  addedUnits: z.number().int(),
  lines: z.array(pastedLineResultSchema),
  /** A repeat under the same Idempotency-Key (a double click): nothing was added again. */
  replayed: z.boolean(),
  checkout: checkoutSchema,
});
export type AddPastedResponse = z.infer<typeof addPastedResponseSchema>;
