import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { queryClient } from '../lib/queryClient.ts';
import { sessionQuery } from '../features/session/api.ts';
import { accessRedirect } from '@portal/contracts/pages';
import { ROUTES, type LayoutName, type PortalRoute } from './routes.ts';
import { Root } from './Root.tsx';
import { RouteError } from './ErrorPage.tsx';
import { DefaultLayout } from '../layouts/DefaultLayout.tsx';
import { CheckoutLayout } from '../layouts/CheckoutLayout.tsx';
import { BlankLayout } from '../layouts/BlankLayout.tsx';
import { NoAuthLayout } from '../layouts/NoAuthLayout.tsx';
import { AppShell } from '../layouts/AppShell.tsx';
import { NotFoundPage } from './ErrorPage.tsx';
import { TitleOnlyPage } from '../features/placeholder/TitleOnlyPage.tsx';

/** spec 01 §2.2: the server's session decides (it redirects a page's first load itself); the route only mirrors it. */
function accessLoader(route: PortalRoute) {
  return async ({ request }: LoaderFunctionArgs) => {
    if (route.access === 'logout') return null;
    if (route.access === 'public' || route.access === 'optional') {
      // Issue 17: the page's first render already knows who is signed in, so nothing moves when the
      // session arrives. The read started before React mounted (main.tsx) and runs beside the page's
      // chunk; a failed read still shows the page, signed out.
      await queryClient.ensureQueryData(sessionQuery).catch(() => undefined);
      return null;
    }
    const session = await queryClient.ensureQueryData(sessionQuery);
    const target = accessRedirect(route.access, Boolean(session.user), new URL(request.url));
    if (target) throw redirect(target);
    return null;
  };
}

function toRouteObject(route: PortalRoute): RouteObject {
  return {
    path: route.path,
    handle: route,
    loader: accessLoader(route),
    lazy: route.load ? async () => ({ Component: (await route.load!()).default }) : undefined,
    Component: route.load ? undefined : TitleOnlyPage,
  };
}

const LAYOUTS: Record<LayoutName, () => React.JSX.Element> = {
  default: DefaultLayout,
  checkout: CheckoutLayout,
  blank: BlankLayout,
  'no-auth': NoAuthLayout,
};

export function buildRoutes(): RouteObject[] {
  const byLayout = (Object.keys(LAYOUTS) as LayoutName[]).map((layout) => ({
    Component: LAYOUTS[layout],
    children: ROUTES.filter((r) => r.layout === layout).map(toRouteObject),
  }));
  // Unknown paths render the 404 page inside the default layout.
  byLayout[0]!.children.push({ path: '*', Component: NotFoundPage, handle: { title: 'Page Not Found' } });
  return [{ Component: Root, ErrorBoundary: RouteError, HydrateFallback: AppShell, children: byLayout }];
}

export const createRouter = () => createBrowserRouter(buildRoutes());
