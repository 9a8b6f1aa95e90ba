import { Outlet, useMatches } from 'react-router';
import type { PortalRoute } from '../app/routes.ts';
import { AlertBar } from '../components/AlertBar.tsx';
import { MediaModals } from '../components/MediaModals.tsx';
import { ActingBanner } from '../features/business/BusinessSelector.tsx';
import { BusinessModals } from '../features/business/BusinessModals.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { Footer } from './Footer.tsx';
import { MobileBar } from './MobileBar.tsx';
import { SkipLink } from './SkipLink.tsx';
import { TopNav } from './TopNav.tsx';

/** spec 01 §2.3 default layout, with the select-business and wrong-site modals (issue 5). */
export function DefaultLayout() {
  const matches = useMatches();
  const route = matches[matches.length - 1]?.handle as PortalRoute | undefined;
  const gray = route?.gray ?? false;
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
      <MediaModals />
      <BusinessModals />
    </div>
  );
}
