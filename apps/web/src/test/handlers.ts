import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { CatalogMenu, LastCheckout, Session } from '@portal/contracts';
import { routes } from '@portal/contracts/endpoints/routes';
import type { PortalUser } from '@portal/contracts/permissions';
import { sessionOf } from './fixtures.ts';

/** An answer of our server: JSON with a status (the spec's error shapes are JSON too). */
export const json = (status: number, body: unknown) => HttpResponse.json(body as JsonBodyType, { status });

/** A visitor's session: nobody signed in, the US site. Tests give their user with `{ ...anonymousSession, user }`. */
export const anonymousSession: Session = {
  user: null,
  selectedBusiness: null,
  impersonatedUser: null,
  site: 'us',
  otherSiteUrl: '',
  preferences: null,
};

/** The session of this user, with Northside selected unless `business` is false (test/fixtures.ts). */
export const signedInAs = (user: PortalUser, business = true) =>
  http.get(routes.session.get.path, () => json(200, sessionOf(user, business)));

const emptyMenu: CatalogMenu = { categories: [], brands: [] };
const noCart: LastCheckout = { token: null, checkout: null };

/**
 * The default answers of the web tests' server (test/server.ts): the calls most screens make on
 * their way (the session, the catalog menu, the cart, signing out), and the server's 404 for any other API
 * path. A test gives its own answers with `server.use(...)`; they last until the test ends.
 */
export const handlers = [
  http.get(routes.session.get.path, () => json(200, anonymousSession)),
  http.get(routes.catalog.menu.path, () => json(200, emptyMenu)),
  http.get(routes.cart.last.path, () => json(200, noCart)),
  http.post(routes.auth.signOut.path, () => json(200, { ok: true })),
  http.all('/api/*', () => json(404, { detail: 'Not Found' })),
];
