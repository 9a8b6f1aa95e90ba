import type { Coupon, DiscountedProductsResponse } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../actor.ts';
import { brandsByIds, productsByIds } from '../catalog/index.ts';
import * as repo from './repo.ts';

/**
 * GET /api/get-coupons: codes running now. Coupons for account buyers are shown to signed-in
 * users only (a visitor cannot check out on account).
 */
export async function currentCoupons(ctx: AppContext, actor: Actor | null, now = new Date()): Promise<Coupon[]> {
  const rows = await repo.runningCoupons(ctx.db, now, actor === null);
  const brands = await brandsByIds(ctx.db, [...new Set(rows.flatMap((coupon) => coupon.brandId ?? []))]);
  return rows.map((coupon) => ({
    id: coupon.id,
    code: coupon.code,
    title: coupon.title,
    description: coupon.description,
    kind: coupon.kind,
    value: coupon.value,
    minSubtotalCents: coupon.minSubtotalCents,
    brand: (coupon.brandId && brands.get(coupon.brandId)) || null,
    endsAt: coupon.endsAt.toISOString(),
  }));
}

/**
 * GET /api/get-discounted-products: running promotions and the products they feature, at the
 * actor's prices (spec 01 §6), soonest-ending promotion first.
 */
export async function discountedProducts(
  ctx: AppContext,
  actor: Actor | null,
  input: { limit: number; promotion?: string },
  now = new Date(),
): Promise<DiscountedProductsResponse> {
  const running = await repo.runningPromotions(ctx.db, now);
  const shown = input.promotion ? running.filter((p) => p.slug === input.promotion) : running;
  if (!shown.length) return { promotions: running.map(toPromotion), results: [] };

  const order = new Map(shown.map((p, i) => [p.id, i]));
  const links = (
    await repo.productsOfPromotions(
      ctx.db,
      shown.map((p) => p.id),
    )
  ).sort((a, b) => order.get(a.promotionId)! - order.get(b.promotionId)! || a.position - b.position);
  // A product in two promotions shows once, under the first listed.
  const promotionOf = new Map<string, (typeof shown)[number]>();
  for (const link of links)
    if (!promotionOf.has(link.productId)) promotionOf.set(link.productId, shown[order.get(link.promotionId)!]!);
  if (!promotionOf.size) return { promotions: running.map(toPromotion), results: [] };

  const products = await productsByIds(ctx.db, actor, [...promotionOf.keys()], { availableOnly: true });
  const byId = new Map(products.map((product) => [product.id, product]));
  const results = [...promotionOf].flatMap(([productId, promotion]) => {
    const product = byId.get(productId);
    if (!product) return [];
    const deal = { promotion: promotion.title, badge: promotion.badge, endsAt: promotion.endsAt.toISOString() };
    return [{ ...product, deal }];
  });
  return { promotions: running.map(toPromotion), results: results.slice(0, input.limit) };
}

const toPromotion = (p: repo.PromotionRow) => ({
  slug: p.slug,
  title: p.title,
  summary: p.summary,
  badge: p.badge,
  endsAt: p.endsAt.toISOString(),
});
