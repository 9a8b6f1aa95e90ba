import { matchPath, useLocation } from 'react-router';
import { ROUTES, type PortalRoute } from '../app/routes.ts';
import { pageLabelStore } from '../lib/pageTitle.ts';
import { useStore } from '../components/store.ts';
import { Trail, type TrailStep } from '../components/Trail.tsx';

/** The trail for a path: Home, then every prefix that is a page of its own, then this page. */
export function crumbsFor(pathname: string): TrailStep[] {
  const crumbs: TrailStep[] = [{ label: 'Home', to: '/' }];
  const parts = pathname.split('/').filter(Boolean);
  let previous: PortalRoute | undefined;
  for (let i = 1; i <= parts.length; i++) {
    const to = `/${parts.slice(0, i).join('/')}`;
    const route = ROUTES.find((r) => matchPath({ path: r.path, end: true }, to));
    if (!route) continue;
    // An optional segment (/invoice/:id?) matches the list and the detail: one crumb, pointing deepest.
    if (route === previous) crumbs[crumbs.length - 1]!.to = to;
    else crumbs.push({ label: route.title, to });
    previous = route;
  }
  return crumbs;
}

/** spec 01 §2.3: shown only with two or more crumbs, and only on large screens (CSS). */
export function Breadcrumbs() {
  const { pathname } = useLocation();
  const pageLabel = useStore(pageLabelStore);
  const crumbs = crumbsFor(pathname);
  // A page that names itself (a product) names its crumb too.
  if (pageLabel?.path === pathname) crumbs[crumbs.length - 1]!.label = pageLabel.label;
  return <Trail steps={crumbs} label="Breadcrumb" className="breadcrumbs" />;
}
