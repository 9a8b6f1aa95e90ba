import { lazy, Suspense } from 'react';
import { Outlet, useMatches } from 'react-router';
import type { PortalRoute } from '../app/routes.ts';
import { AlertBar } from '../components/AlertBar.tsx';
import { mediaModalStore } from '../components/mediaModal.ts';
import { useStore } from '../components/store.ts';
import { ActingBanner } from '../features/business/BusinessSelector.tsx';
import { BusinessModals } from '../features/business/BusinessModals.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { Footer } from './Footer.tsx';
import { MobileBar } from './MobileBar.tsx';
import { SkipLink } from './SkipLink.tsx';
import { TopNav } from './TopNav.tsx';

// Issue 17: the zoom and media viewers load when a screen first opens one, not with the shell.
const MediaModals = lazy(async () => ({ default: (await import('../components/MediaModals.tsx')).MediaModals }));

/** spec 01 §2.3 default layout, with the select-business and wrong-site modals (issue 5). */
export function DefaultLayout() {
  const matches = useMatches();
  const route = matches[matches.length - 1]?.handle as PortalRoute | undefined;
  const gray = route?.gray ?? false;
  const mediaOpen = useStore(mediaModalStore) !== null;
  return (
    <div className={`layout layout-default${gray ? ' is-gray' : ''}`}>
      <SkipLink />
      <TopNav />
      <MobileBar />
      <ActingBanner />
      {!route?.ownTrail && <Breadcrumbs />}
      <AlertBar />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <Suspense fallback={null}>{mediaOpen && <MediaModals />}</Suspense>
      <BusinessModals />
    </div>
  );
}
