import { Link, matchPath, useLocation } from 'react-router';
import { ROUTES, type PortalRoute } from '../app/routes.ts';
import { pageLabelStore } from '../app/usePageTitle.ts';
import { useStore } from '../components/store.ts';

interface Crumb {
  label: string;
  to: string;
}

/** The trail for a path: Home, then every prefix that is a page of its own, then this page. */
export function crumbsFor(pathname: string): Crumb[] {
  const crumbs: Crumb[] = [{ label: 'Home', to: '/' }];
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
  if (crumbs.length < 2) return null;
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {crumbs.map((crumb, i) => (
          <li key={crumb.to}>
            {i === crumbs.length - 1 ? (
              <span aria-current="page">{crumb.label}</span>
            ) : (
              <Link to={crumb.to}>{crumb.label}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
