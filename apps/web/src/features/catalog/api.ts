import { useMemo } from 'react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchProductsRequest } from '@portal/contracts';
import { routes } from '@portal/contracts/endpoints/routes';
import { SINGLE_PRODUCT_CACHE_S } from '@portal/contracts/constants';
import { call } from '../../lib/api.ts';
import { useSession } from '../session/index.ts';

export const catalogMenuQuery = queryOptions({
  queryKey: ['catalog', 'menu'],
  queryFn: ({ signal }) => call(routes.catalog.menu, { signal }),
  staleTime: 10 * 60_000,
});

/** Categories and brands for the Products and Brands menus and the footer. */
export const useCatalogMenu = () => useQuery(catalogMenuQuery);

/**
 * Prices depend on who asks (spec 01 §6), so every priced query is keyed by the session's
 * identity and business: a sign-in, sign-out or business change never shows another's prices.
 */
export type PriceScope = readonly [user: string, business: string | null];
export function usePriceScope(): PriceScope {
  const { data } = useSession();
  const user = data?.user?.id ?? 'visitor';
  const business = data?.selectedBusiness?.sapBpCode ?? null;
  // The same tuple while the session is the same: memoised sections that take it do not render again.
  return useMemo(() => [user, business] as const, [user, business]);
}

/** spec 01 §4, §9: product lists are cached and refetched when stale or when what is asked differs. */
const PRODUCT_LIST_STALE_MS = 60_000;

export const searchProductsQuery = (scope: PriceScope, body: SearchProductsRequest) =>
  queryOptions({
    queryKey: ['products', scope, 'search', body],
    queryFn: ({ signal }) => call(routes.catalog.searchProducts, { body, signal }),
    staleTime: PRODUCT_LIST_STALE_MS,
    placeholderData: keepPreviousData,
  });

/** The cursor that starts a far page (spec 01 §4: jumps fetch the cursor first). */
export const searchCursor = (body: Omit<SearchProductsRequest, 'cursor' | 'sapBpCode'> & { page: number }) =>
  call(routes.catalog.searchCursor, { body });

/** spec 01 §9: a single product is cached for 160 s. */
export const productBySkuQuery = (scope: PriceScope, sku: string) =>
  queryOptions({
    queryKey: ['products', scope, 'sku', sku.toUpperCase()],
    queryFn: ({ signal }) => call(routes.catalog.productBySku, { params: { sku }, signal }),
    staleTime: SINGLE_PRODUCT_CACHE_S * 1000,
    retry: false,
  });

/** Products by id in the order asked; the ids are part of the key, so other ids fetch again. */
export const productsByIdsQuery = (scope: PriceScope, ids: readonly string[]) =>
  queryOptions({
    queryKey: ['products', scope, 'ids', [...ids]],
    queryFn: ({ signal }) =>
      call(routes.catalog.productsByIds, { body: { ids: [...ids] }, signal }).then((r) => r.results),
    staleTime: PRODUCT_LIST_STALE_MS,
    enabled: ids.length > 0,
  });

export const popularProductsQuery = (scope: PriceScope, limit = 8) =>
  queryOptions({
    queryKey: ['products', scope, 'popular', limit],
    queryFn: ({ signal }) => call(routes.catalog.popularProducts, { query: { limit }, signal }).then((r) => r.results),
    staleTime: PRODUCT_LIST_STALE_MS,
  });

export const discountedProductsQuery = (scope: PriceScope, params: { limit?: number; promotion?: string } = {}) =>
  queryOptions({
    queryKey: ['products', scope, 'discounted', params],
    queryFn: ({ signal }) =>
      call(routes.deals.discountedProducts, {
        query: { limit: params.limit || undefined, promotion: params.promotion || undefined },
        signal,
      }),
    staleTime: PRODUCT_LIST_STALE_MS,
  });

export const couponsQuery = (scope: PriceScope) =>
  queryOptions({
    queryKey: ['coupons', scope],
    queryFn: ({ signal }) => call(routes.deals.coupons, { signal }).then((r) => r.results),
    staleTime: 5 * 60_000,
  });

export const homeCarouselQuery = queryOptions({
  queryKey: ['content', 'home-carousel'],
  queryFn: ({ signal }) => call(routes.content.homeCarousel, { signal }).then((r) => r.slides),
  staleTime: 10 * 60_000,
});

/** Products by SKU in the order asked (related products; vehicle products of issue 6). */
export const productsBySkusQuery = (scope: PriceScope, skus: readonly string[]) =>
  queryOptions({
    queryKey: ['products', scope, 'skus', [...skus]],
    queryFn: ({ signal }) =>
      call(routes.catalog.productsBySkus, { body: { skus: [...skus] }, signal }).then((r) => r.results),
    staleTime: PRODUCT_LIST_STALE_MS,
    enabled: skus.length > 0,
  });
