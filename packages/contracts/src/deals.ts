import { z } from 'zod';
import { namedSlugSchema } from './catalog.ts';
import { productSchema } from './search.ts';

/** GET /api/get-coupons: the coupon codes the caller may redeem at checkout now. */
export const couponSchema = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  description: z.string(),
  kind: z.enum(['percent', 'amount']),
  /** Percent (1–100) or cents, by kind. */
  value: z.number().int(),
  minSubtotalCents: z.number().int().nullable(),
  brand: namedSlugSchema.nullable(),
  endsAt: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;
export const couponListSchema = z.object({ results: z.array(couponSchema) });

/** A product featured by a running promotion, at the session's price (spec 01 §6). */
export const discountedProductSchema = productSchema.extend({
  deal: z.object({ promotion: z.string(), badge: z.string(), endsAt: z.string() }),
});
export type DiscountedProduct = z.infer<typeof discountedProductSchema>;

export const promotionSchema = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  badge: z.string(),
  endsAt: z.string(),
});
export type Promotion = z.infer<typeof promotionSchema>;

export const discountedProductsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(24),
  promotion: z.string().max(80).optional(),
});
/** GET /api/get-discounted-products: running promotions and their products. */
export const discountedProductsResponseSchema = z.object({
  promotions: z.array(promotionSchema),
  results: z.array(discountedProductSchema),
});
export type DiscountedProductsResponse = z.infer<typeof discountedProductsResponseSchema>;

/** spec 01 §7: home carousel slides from a content page (no auth). */
export const homeSlideSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  ctaLabel: z.string(),
  ctaHref: z.string(),
  theme: z.enum(['night', 'signal', 'steel', 'forest']),
});
export type HomeSlide = z.infer<typeof homeSlideSchema>;
export const homeCarouselSchema = z.object({ slides: z.array(homeSlideSchema) });
