import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { QUICK_ORDER_TITLE } from './routes.ts';
import { fullTitle } from '../lib/pageTitle.ts';
import { alerts } from '../components/alerts.ts';
import { useIdentityWatch } from '../features/session/useIdentityWatch.ts';

interface TitledHandle {
  title?: string;
}

/** Page title from the route table, alerts cleared on navigation, focus moved to the new page. */
export function Root() {
  const matches = useMatches();
  const location = useLocation();
  const navigation = useNavigation();
  const first = useRef(true);
  useIdentityWatch();

  const handle = [...matches].reverse().find((m) => (m.handle as TitledHandle | undefined)?.title)?.handle as
    TitledHandle | undefined;
  const quickOrder = location.pathname === '/search' && new URLSearchParams(location.search).get('qo') === '1';
  const title = quickOrder ? QUICK_ORDER_TITLE : (handle?.title ?? 'Dealer Portal');

  useEffect(() => {
    document.title = fullTitle(title);
  }, [title]);

  // spec 01 §4: alerts are cleared on every route change.
  useEffect(() => {
    alerts.clear();
    if (first.current) {
      first.current = false;
      return;
    }
    // Screen readers and keyboard users start at the new page's content, not the old link.
    document.getElementById('main')?.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }, [location.pathname]);

  return (
    <>
      {navigation.state === 'loading' && (
        <div className="route-progress" role="progressbar" aria-label="Loading page" />
      )}
      <Outlet />
    </>
  );
}
