import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SearchProductsRequest } from '@portal/contracts';
import { searchCursor, searchProductsQuery, usePriceScope } from '../catalog/index.ts';
import { whenIdle } from '../../lib/idle.ts';
import { pageCount } from './pager.ts';
import type { SearchState } from './params.ts';

type Filters = NonNullable<SearchProductsRequest['filters']>;

/**
 * Cursors learnt so far, per search (spec 01 §4): the cursor of page n is the end cursor of page
 * n - 1. One step forward reuses the stored one; a jump asks the server for it first.
 */
const knownCursors = new Map<string, Map<number, string>>();
const cursorsOf = (key: string) => {
  let cursors = knownCursors.get(key);
  if (!cursors) knownCursors.set(key, (cursors = new Map()));
  return cursors;
};

export function searchFilters(state: SearchState): Filters {
  return {
    sort: state.sort,
    search: state.term || undefined,
    categories: state.categories,
    brands: state.brands,
  };
}

export function useSearchResults(state: SearchState, limit: number) {
  const scope = usePriceScope();
  const queryClient = useQueryClient();
  const filters = searchFilters(state);
  const key = JSON.stringify([scope, filters, limit]);
  const cursors = cursorsOf(key);
  const known = state.page === 1 ? null : cursors.get(state.page);

  const jump = useQuery({
    queryKey: ['products', scope, 'cursor', filters, limit, state.page],
    queryFn: () => searchCursor({ limit, page: state.page, filters }).then((r) => r.endCursor),
    enabled: state.page > 1 && known === undefined,
    staleTime: 60_000,
  });
  const cursor = state.page === 1 ? null : (known ?? jump.data);
  // The server answers no cursor for a page past the end of the results.
  const pastEnd = state.page > 1 && jump.isSuccess && jump.data === null && known === undefined;

  const results = useQuery({
    ...searchProductsQuery(scope, { limit, filters, cursor: cursor ?? undefined }),
    enabled: cursor !== undefined && !pastEnd,
  });

  const data = results.data;
  const endCursor = data?.endCursor;
  const pages = data ? pageCount(data.totalCount, limit) : 0;
  useEffect(() => {
    if (!endCursor || results.isPlaceholderData) return;
    cursors.set(state.page + 1, endCursor);
    if (state.page >= pages) return;
    // The next page is the likeliest next request: fetch it while the browser is idle.
    return whenIdle(() => {
      void queryClient.prefetchQuery(searchProductsQuery(scope, { limit, filters, cursor: endCursor }));
    });
    // `filters` and `scope` are summed up by `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [endCursor, key, state.page, pages, results.isPlaceholderData]);

  return {
    data,
    pages,
    pastEnd,
    /** The first answer for this search has not arrived yet. */
    loading: !pastEnd && (results.isPending || (state.page > 1 && cursor === undefined && jump.isPending)),
    /** A newer answer is on its way while an older one is shown. */
    refreshing: results.isPlaceholderData || (results.isFetching && !results.isPending),
    error: jump.error ?? results.error,
    refetch: () => queryClient.invalidateQueries({ queryKey: ['products', scope, 'search'] }),
  };
}
