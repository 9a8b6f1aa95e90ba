import { lazy, Suspense, useState } from 'react';
import { Outlet, useMatches } from 'react-router';
import type { PortalRoute } from '../app/routes.ts';
import { AlertBar } from '../components/AlertBar.tsx';
import { mediaModalStore } from '../components/mediaModal.ts';
import { useStore } from '../components/store.ts';
import { ActingBanner } from '../features/business/BusinessSelector.tsx';
import { BusinessModals } from '../features/business/BusinessModals.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { Footer } from './Footer.tsx';
import { Staggered } from '../components/Staggered.tsx';
import { MobileBar } from './MobileBar.tsx';
import { SkipLink } from './SkipLink.tsx';
import { TopNav } from './TopNav.tsx';

// Issue 17: the zoom and media viewers load when a screen first opens one, not with the shell.
const MediaModals = lazy(async () => ({ default: (await import('../components/MediaModals.tsx')).MediaModals }));

/** The width from which the desktop header shows and the mobile bar hides (styles/app.css, breakpoints). */
const WIDE_HEADER = '(min-width: 992px)';

/** spec 01 §2.3 default layout, with the select-business and wrong-site modals (issue 5). */
export function DefaultLayout() {
  const matches = useMatches();
  const route = matches[matches.length - 1]?.handle as PortalRoute | undefined;
  const gray = route?.gray ?? false;
  const mediaOpen = useStore(mediaModalStore) !== null;
  // Issue 31: the first page renders the header this width shows first; the other one, and the footer
  // below the fold, each in a later task (both headers are in the page from then on, for a resize).
  const [wide] = useState(() => window.matchMedia(WIDE_HEADER).matches);
  return (
    <div className={`layout layout-default${gray ? ' is-gray' : ''}`}>
      <SkipLink />
      {wide ? (
        <TopNav />
      ) : (
        <Staggered>
          <TopNav />
        </Staggered>
      )}
      {wide ? (
        <Staggered>
          <MobileBar />
        </Staggered>
      ) : (
        <MobileBar />
      )}
      <ActingBanner />
      {!route?.ownTrail && <Breadcrumbs />}
      <AlertBar />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Staggered>
        <Footer />
      </Staggered>
      <Suspense fallback={null}>{mediaOpen && <MediaModals />}</Suspense>
      <BusinessModals />
    </div>
  );
}
