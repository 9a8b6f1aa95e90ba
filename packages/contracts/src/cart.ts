import { z } from 'zod';
import { MAX_LINE_QUANTITY } from './constants.ts';
import { CART_TEXTS } from './cart-rules.ts';
import { productSchema } from './search.ts';

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

/** spec 02 §3 product checkout (B2B): its token, lines, item count and totals. */
export const checkoutSchema = z.object({
  token: z.string(),
  lines: z.array(checkoutLineSchema),
  /** Sum of the line quantities: the cart badge (spec 02 §9). */
  quantity: z.number().int(),
  subtotal: moneySchema,
  totalPrice: moneySchema,
  businessPartner: z.object({ sapBpCode: z.string(), companyName: z.string() }),
});
export type Checkout = z.infer<typeof checkoutSchema>;

/** GET /api/products-checkout/last-b2b-token: the open cart of the session's business, if any. */
export const lastCheckoutSchema = z.object({ token: z.string().nullable(), checkout: checkoutSchema.nullable() });
export type LastCheckout = z.infer<typeof lastCheckoutSchema>;
