import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Coupon, DiscountedProductsResponse } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import type { AuthService } from '../auth/service.ts';
import { brands, products } from '../catalog/schema.ts';
import { pricingForRequest, productSelect, toSummary } from '../catalog/search.ts';
import { coupons, promotionProducts, promotions } from './schema.ts';

/** Running at `now`: started, not yet ended. */
const runningAt = (now: Date, window: { startsAt: AnyPgColumn; endsAt: AnyPgColumn }) =>
  and(lte(window.startsAt, now), gt(window.endsAt, now));

/**
 * GET /api/get-coupons: codes running now. Coupons for account buyers are shown to signed-in
 * users only (a visitor cannot check out on account).
 */
export async function currentCoupons(
  ctx: AppContext,
  auth: AuthService,
  request: FastifyRequest,
  now = new Date(),
): Promise<Coupon[]> {
  const { session } = await auth.currentSession(request);
  const rows = await ctx.db
    .select({ coupon: coupons, brandName: brands.name, brandSlug: brands.slug })
    .from(coupons)
    .leftJoin(brands, eq(brands.id, coupons.brandId))
    .where(and(runningAt(now, coupons), session ? undefined : eq(coupons.audience, 'everyone')))
    .orderBy(asc(coupons.endsAt), asc(coupons.code));
  return rows.map(({ coupon, brandName, brandSlug }) => ({
    id: coupon.id,
    code: coupon.code,
    title: coupon.title,
    description: coupon.description,
    kind: coupon.kind,
    value: coupon.value,
    minSubtotalCents: coupon.minSubtotalCents,
    brand: brandName && brandSlug ? { name: brandName, slug: brandSlug } : null,
    endsAt: coupon.endsAt.toISOString(),
  }));
}

/**
 * GET /api/get-discounted-products: running promotions and the products they feature, at the
 * session's prices (spec 01 §6), soonest-ending promotion first.
 */
export async function discountedProducts(
  ctx: AppContext,
  auth: AuthService,
  request: FastifyRequest,
  input: { limit: number; promotion?: string },
  now = new Date(),
): Promise<DiscountedProductsResponse> {
  const running = await ctx.db
    .select()
    .from(promotions)
    .where(runningAt(now, promotions))
    .orderBy(asc(promotions.position), asc(promotions.endsAt));
  const shown = input.promotion ? running.filter((p) => p.slug === input.promotion) : running;
  if (!shown.length) return { promotions: running.map(toPromotion), results: [] };

  const order = new Map(shown.map((p, i) => [p.id, i]));
  const links = (
    await ctx.db
      .select()
      .from(promotionProducts)
      .where(
        inArray(
          promotionProducts.promotionId,
          shown.map((p) => p.id),
        ),
      )
  ).sort((a, b) => order.get(a.promotionId)! - order.get(b.promotionId)! || a.position - b.position);
  // A product in two promotions shows once, under the first listed.
  const promotionOf = new Map<string, (typeof shown)[number]>();
  for (const link of links)
    if (!promotionOf.has(link.productId)) promotionOf.set(link.productId, shown[order.get(link.promotionId)!]!);
  if (!promotionOf.size) return { promotions: running.map(toPromotion), results: [] };

  const { pricing, channelSlug } = await pricingForRequest(ctx, auth, request);
  const rows = await productSelect(ctx, channelSlug).where(
    and(inArray(products.id, [...promotionOf.keys()]), eq(products.isAvailable, true)),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const results = [...promotionOf].flatMap(([productId, promotion]) => {
    const row = byId.get(productId);
    if (!row) return [];
    const deal = { promotion: promotion.title, badge: promotion.badge, endsAt: promotion.endsAt.toISOString() };
    return [{ ...toSummary(row, pricing), deal }];
  });
  return { promotions: running.map(toPromotion), results: results.slice(0, input.limit) };
}

const toPromotion = (p: typeof promotions.$inferSelect) => ({
  slug: p.slug,
  title: p.title,
  summary: p.summary,
  badge: p.badge,
  endsAt: p.endsAt.toISOString(),
});
