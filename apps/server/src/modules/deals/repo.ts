import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { coupons, promotionProducts, promotions } from './schema.ts';

export type PromotionRow = typeof promotions.$inferSelect;

/** Running at `now`: started, not yet ended. */
const runningAt = (now: Date, window: { startsAt: AnyPgColumn; endsAt: AnyPgColumn }) =>
  and(lte(window.startsAt, now), gt(window.endsAt, now));

/** Coupons running at `now`, soonest-ending first; only those for everyone when `everyoneOnly`. */
export const runningCoupons = (db: Db, now: Date, everyoneOnly: boolean) =>
  db
    .select()
    .from(coupons)
    .where(and(runningAt(now, coupons), everyoneOnly ? eq(coupons.audience, 'everyone') : undefined))
    .orderBy(asc(coupons.endsAt), asc(coupons.code));

/** Promotions running at `now`, in their listed order. */
export const runningPromotions = (db: Db, now: Date) =>
  db
    .select()
    .from(promotions)
    .where(runningAt(now, promotions))
    .orderBy(asc(promotions.position), asc(promotions.endsAt));

/** The products these promotions feature (each link with its position in its promotion). */
export const productsOfPromotions = (db: Db, promotionIds: string[]) =>
  db.select().from(promotionProducts).where(inArray(promotionProducts.promotionId, promotionIds));
