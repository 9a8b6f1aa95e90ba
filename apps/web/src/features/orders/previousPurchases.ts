// Zod-free on purpose: the dashboard (the first page) renders "Previously purchased" from here.
import { queryOptions } from '@tanstack/react-query';
import { routes } from '@portal/contracts/endpoints/routes';
import { PREVIOUS_PURCHASES_CACHE_MS, STORAGE_KEYS } from '@portal/contracts/constants';
import { call } from '../../lib/api.ts';
import { storage } from '../../lib/storage.ts';
import type { PriceScope } from '../catalog/index.ts';

/** What local storage keeps (spec 01 §9 "previous purchases"): whose ids, when they were asked, the ids. */
interface StoredPurchases {
  scope: string;
  at: number;
  productIds: string[];
}

/** The user and the business the ids belong to: a rep's other business, or another user, asks again. */
const scopeKey = (scope: PriceScope) => `${scope[0]}|${scope[1] ?? ''}`;

/** The stored ids of this user and business, if any (whatever their age: the query decides freshness). */
export function readStoredPurchases(scope: PriceScope): StoredPurchases | null {
  const raw = storage.get(STORAGE_KEYS.previousPurchases);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as Partial<StoredPurchases>;
    if (
      stored.scope !== scopeKey(scope) ||
      typeof stored.at !== 'number' ||
      !Array.isArray(stored.productIds) ||
      !stored.productIds.every((id) => typeof id === 'string')
    )
      return null;
    return { scope: stored.scope, at: stored.at, productIds: stored.productIds };
  } catch {
    return null;
  }
}

function storePurchases(scope: PriceScope, productIds: string[]) {
  const value: StoredPurchases = { scope: scopeKey(scope), at: Date.now(), productIds };
  storage.set(STORAGE_KEYS.previousPurchases, JSON.stringify(value));
}

/**
 * GET /api/last-three-order-product-ids, kept one hour in local storage (spec 02 §9): within the hour the
 * stored ids are the answer and nothing is asked, even after a reload; sign-out clears them with every
 * other portal key (lib/storage.ts clearPortalKeys).
 */
export const previousPurchaseIdsQuery = (scope: PriceScope) =>
  queryOptions({
    queryKey: ['orders', scope, 'previous-purchase-ids'],
    queryFn: async ({ signal }) => {
      const { productIds } = await call(routes.orders.lastThreeProductIds, { signal });
      storePurchases(scope, productIds);
      return productIds;
    },
    initialData: () => readStoredPurchases(scope)?.productIds,
    initialDataUpdatedAt: () => readStoredPurchases(scope)?.at,
    staleTime: PREVIOUS_PURCHASES_CACHE_MS,
  });

/** The products of those ids, at the session's prices, in the order asked (the catalog's products-by-ids). */
export const productsOfIdsQuery = (scope: PriceScope, ids: readonly string[]) =>
  queryOptions({
    queryKey: ['products', scope, 'ids', [...ids]],
    queryFn: ({ signal }) =>
      call(routes.catalog.productsByIds, { body: { ids: [...ids] }, signal }).then((answer) => answer.results),
    staleTime: 60_000,
  });
