import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Session } from '@portal/contracts';
import { routes } from '@portal/contracts/endpoints/routes';
import { PRODUCTS_PER_PAGE, PRODUCTS_PER_PAGE_DEFAULT, STORAGE_KEYS } from '@portal/contracts/constants';
import { call } from '../../lib/api.ts';
import { storage } from '../../lib/storage.ts';
import { alerts } from '../../components/alerts.ts';
import { sessionQuery, useSession } from '../session/index.ts';

export type PageSize = (typeof PRODUCTS_PER_PAGE)[number];
const isPageSize = (n: unknown): n is PageSize => (PRODUCTS_PER_PAGE as readonly unknown[]).includes(n);

/**
 * Products per page: 8, 20, 40 or 100, 8 by default (spec 01 §2.5), stored per user on the
 * server (spec 01 §9); a visitor's choice stays in this browser.
 */
export function usePageSize(): [PageSize, (size: PageSize) => void] {
  const queryClient = useQueryClient();
  const { data: session } = useSession();
  const [local, setLocal] = useState(() => Number(storage.get(STORAGE_KEYS.searchResultLimit)));
  const saved = session?.preferences?.searchPageSize;
  const size: PageSize = isPageSize(saved) ? saved : isPageSize(local) ? local : PRODUCTS_PER_PAGE_DEFAULT;

  const setSize = (next: PageSize) => {
    storage.set(STORAGE_KEYS.searchResultLimit, String(next));
    setLocal(next);
    if (!session?.user) return;
    const previous = session.preferences;
    queryClient.setQueryData<Session>(sessionQuery.queryKey, (s) =>
      s ? { ...s, preferences: { ...(s.preferences ?? { searchPageSize: null }), searchPageSize: next } } : s,
    );
    call(routes.session.savePreferences, { body: { searchPageSize: next } }).catch((error: unknown) => {
      queryClient.setQueryData<Session>(sessionQuery.queryKey, (s) => (s ? { ...s, preferences: previous } : s));
      alerts.showError(error);
    });
  };
  return [size, setSize];
}
