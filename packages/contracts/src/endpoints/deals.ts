import { couponListSchema, discountedProductsQuerySchema, discountedProductsResponseSchema } from '../deals.ts';
import { endpoint } from './endpoint.ts';

const tags = ['deals'];

/** Coupons and promotions running now, at the session's prices. */
export const deals = {
  coupons: endpoint({
    method: 'GET',
    path: '/api/get-coupons',
    response: couponListSchema,
    summary: 'Coupon codes running now (account-only codes need a session)',
    tags,
  }),
  discountedProducts: endpoint({
    method: 'GET',
    path: '/api/get-discounted-products',
    query: discountedProductsQuerySchema,
    response: discountedProductsResponseSchema,
    summary: 'Running promotions and their products at the session’s prices',
    tags,
  }),
};
