import { useState } from 'react';

/**
 * Table pages over cursor pages (spec 01 §3 connections): page n is asked with `first` = the page size
 * after the cursor that ended page n − 1, and the cursors met so far are kept, so Previous asks for (or
 * shows from the cache) a page already seen. Another view (filters, sort, size: `viewKey`) starts at page 1.
 */
export function usePaging(viewKey: string) {
  const [paging, setPaging] = useState({ viewKey, page: 0, cursors: [null] as (string | null)[] });
  const current = paging.viewKey === viewKey ? paging : { viewKey, page: 0, cursors: [null] };
  return {
    /** 0-based. */
    page: current.page,
    /** The `after` of this page (null: the first). */
    after: current.cursors[current.page] ?? null,
    next: (endCursor: string) =>
      setPaging({
        viewKey,
        page: current.page + 1,
        cursors: [...current.cursors.slice(0, current.page + 1), endCursor],
      }),
    previous: () => setPaging({ ...current, page: Math.max(0, current.page - 1) }),
    first: () => setPaging({ viewKey, page: 0, cursors: [null] }),
  };
}
