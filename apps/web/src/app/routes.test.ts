import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { TITLE_SUFFIX } from '@portal/contracts/constants';
import { isPagePath } from '@portal/contracts/pages';
import { NO_REDIRECT_PATHS, QUICK_ORDER_PATH, ROUTES, loginRedirectFor, type Access } from './routes.ts';
import { fullTitle } from '../lib/pageTitle.ts';

/** spec 01 §2.1, word for word; `{id?}` is written `/:id?`, `{id}` is `/:id`. */
const SPEC_ROUTES = [
  '/',
  '/accept-invite',
  '/activation',
  '/activation/device',
  '/activation/select-activation-type',
  '/billing',
  '/cart',
  '/cart/checkout/products',
  '/cart/checkout/products/complete',
  '/cart/checkout/subscriptions',
  '/cart/checkout/subscriptions/complete',
  '/change-email-accept',
  '/change-email-decline',
  '/company-info',
  '/contact-us',
  '/dealer-request',
  '/deals',
  '/decline-invite',
  '/forgot-password',
  '/installer-guides',
  '/invoice-payment',
  '/invoice-payment/complete',
  '/login',
  '/logout',
  '/my-business',
  '/my-orders',
  '/privacy-policy',
  '/profile',
  '/register',
  '/return-policy',
  '/rewards',
  '/rewards/:id',
  '/search',
  '/set-password',
  '/shipping',
  '/subscriptions',
  '/subscriptions/plans',
  '/terms',
  '/wiring',
  '/wiring/print',
  '/credit-memo/:id?',
  '/invoice/:id?',
  '/order/:id?',
  '/product/:id?',
];

const route = (path: string) => {
  const found = ROUTES.find((r) => r.path === path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
};

describe('ROUTES (spec 01 §2.1)', () => {
  it.each(SPEC_ROUTES)('has %s', (path) => {
    expect(ROUTES.map((r) => r.path)).toContain(path);
  });

  it('lists each path once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('reaches quick order through search', () => {
    const url = new URL(QUICK_ORDER_PATH, 'https://portal.example');
    expect(url.pathname).toBe('/search');
    expect(url.searchParams.get('qo')).toBeTruthy();
  });
});

/** spec 01 §2.2 access table, page names mapped to their paths. */
const ACCESS_TABLE: [Access, string[]][] = [
  [
    'public',
    [
      '/accept-invite',
      '/change-email-accept',
      '/change-email-decline',
      '/dealer-request',
      '/decline-invite',
      '/forgot-password',
      '/privacy-policy',
      '/register',
      '/return-policy',
      '/set-password',
    ],
  ],
  [
    'optional',
    [
      '/activation',
      '/activation/device',
      '/activation/select-activation-type',
      '/company-info',
      '/deals',
      '/',
      '/product/:id?',
      '/search', // quick-order is /search?qo=1
      '/shipping',
      '/terms',
    ],
  ],
  [
    'required',
    [
      '/billing',
      '/cart',
      '/credit-memo/:id?',
      '/invoice/:id?',
      '/invoice-payment',
      '/my-business',
      '/my-orders',
      '/order/:id?',
      '/profile',
      '/rewards',
      '/subscriptions',
      '/wiring',
      '/installer-guides',
    ],
  ],
];

describe('access classes (spec 01 §2.2)', () => {
  describe.each(ACCESS_TABLE)('%s', (access, paths) => {
    it.each(paths)('%s', (path) => {
      expect(route(path).access).toBe(access);
    });
  });

  it.each([
    '/rewards/:id',
    '/invoice-payment/complete',
    '/cart/checkout/products',
    '/cart/checkout/products/complete',
    '/cart/checkout/subscriptions',
    '/cart/checkout/subscriptions/complete',
    '/subscriptions/plans',
    '/wiring/print',
  ])('sub-page %s of a login-required page needs login too', (path) => {
    expect(route(path).access).toBe('required');
  });
});

describe('titles (spec 01 §2.2)', () => {
  it.each([
    ['/activation', 'Set Serial Number'],
    ['/activation/device', 'Activate Device'],
    ['/subscriptions', 'Pricing Plans'],
    ['/', 'Dashboard'],
    ['/cart/checkout/products', 'Purchase Products'],
    ['/cart/checkout/subscriptions', 'Purchase Service'],
    ['/cart/checkout/products/complete', 'Order Complete'],
    ['/cart/checkout/subscriptions/complete', 'Order Complete'],
  ])('%s is %s', (path, title) => {
    expect(route(path).title).toBe(title);
  });

  it('every route has a title', () => {
    for (const r of ROUTES) expect(r.title.trim(), r.path).not.toBe('');
  });

  it('fullTitle adds the product suffix', () => {
    expect(TITLE_SUFFIX.length).toBeGreaterThan(0);
    expect(fullTitle('Dashboard')).toBe(`Dashboard${TITLE_SUFFIX}`);
  });
});

describe('gray background (spec 01 §2.3)', () => {
  it('is set exactly for /wiring, /activation and its sub-pages, and /installer-guides', () => {
    expect(
      ROUTES.filter((r) => r.gray)
        .map((r) => r.path)
        .sort(),
    ).toEqual(
      [
        '/wiring',
        '/activation',
        '/activation/device',
        '/activation/select-activation-type',
        '/installer-guides',
      ].sort(),
    );
  });
});

describe('loginRedirectFor (spec 01 §2.2)', () => {
  const nextOf = (target: string) => {
    const url = new URL(target, 'https://portal.example');
    expect(url.pathname).toBe('/login');
    expect(url.hash).toBe('');
    expect([...url.searchParams.keys()]).toEqual(['next']);
    return url.searchParams.get('next');
  };

  it('keeps the full path with query and hash in an encoded next parameter', () => {
    const target = loginRedirectFor('/invoice/12', '?tab=open&sort=due', '#row-3');
    expect(nextOf(target)).toBe('/invoice/12?tab=open&sort=due#row-3');
    expect(target).toBe(`/login?next=${encodeURIComponent('/invoice/12?tab=open&sort=due#row-3')}`);
  });

  it('works without query or hash', () => {
    expect(nextOf(loginRedirectFor('/my-orders', ''))).toBe('/my-orders');
  });

  it.each([...NO_REDIRECT_PATHS, '/login', '/logout'])('%s gives plain /login', (path) => {
    expect(loginRedirectFor(path, '?x=1', '#y')).toBe('/login');
  });

  it('the no-redirect list holds the finished checkout and payment pages', () => {
    expect(NO_REDIRECT_PATHS).toEqual(
      expect.arrayContaining(['/cart/checkout/products/complete', '/cart/checkout/subscriptions/complete']),
    );
  });
});

describe('the server knows the same pages as the router (issue 15 §14)', () => {
  const routerKnows = (pathname: string) =>
    (
      matchRoutes(
        ROUTES.map((r) => ({ path: r.path })),
        pathname,
      ) ?? []
    ).length > 0;

  it.each([
    '/',
    '/login',
    '/login/',
    '/LOGIN',
    '/product',
    '/product/NW-RS-X1234',
    '/product/a/b',
    '/invoice/12',
    '/rewards',
    '/rewards/7',
    '/wiring/print',
    '/wiring/nope',
    '/no-such-page',
    '/cart/checkout/products/complete',
    '/cart/checkout',
  ])('%s: isPagePath answers as the router matches', (pathname) => {
    expect(isPagePath(pathname)).toBe(routerKnows(pathname));
  });
});
