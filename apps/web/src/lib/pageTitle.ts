import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { TITLE_SUFFIX } from '@portal/contracts/constants';
import { createStore } from '../components/store.ts';

/** A document title: the page's, then the product's name. */
export const fullTitle = (title: string) => `${title}${TITLE_SUFFIX}`;

/** A page-given name for the current path (a product's name): the last breadcrumb shows it. */
export const pageLabelStore = createStore<{ path: string; label: string } | null>(null);

/**
 * A page-given document title and last breadcrumb (the product's name) over the route table's
 * title. Root sets the route's title in its own effect, which React runs after the page's
 * (parents after children), so ours is applied once the commit's effects are done; leaving puts
 * the route's title back.
 */
export function usePageTitle(title: string | null, routeTitle: string) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!title) return;
    let live = true;
    queueMicrotask(() => {
      if (live) document.title = fullTitle(title);
    });
    pageLabelStore.set({ path: pathname, label: title });
    return () => {
      live = false;
      document.title = fullTitle(routeTitle);
      pageLabelStore.set(null);
    };
  }, [title, routeTitle, pathname]);
}
