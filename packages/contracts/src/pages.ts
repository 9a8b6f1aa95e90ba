/**
 * THE page table of the portal (spec 01 §2.1): every path with its access class, title and
 * layout. The web builds its router from it (apps/web/src/app/routes.ts adds each screen); the
 * server answers a path outside it 404 with the app's Not Found page (spec 01 §2.3). One list,
 * so the two cannot drift (docs/decisions.md, issue 15).
 */

/** spec 01 §2.2 access classes, plus the two sign-in pages that have rules of their own. */
export type Access = 'public' | 'optional' | 'required' | 'guest-only' | 'logout';
/** spec 01 §2.3 layouts. */
export type LayoutName = 'default' | 'checkout' | 'blank' | 'no-auth';

export interface Page {
  /** A router path: `:name` is one segment, `:name?` an optional one (`/invoice/:id?` is the list and the detail). */
  path: string;
  access: Access;
  /** Page title; the product suffix is added when it is shown (spec 01 §2.2). */
  title: string;
  layout: LayoutName;
  /** Gray page background (spec 01 §2.3). */
  gray?: boolean;
  /** The page draws its own trail (the wiring slides), so the layout shows no second row of breadcrumbs. */
  ownTrail?: boolean;
}

export const PAGES = [
  { path: '/', access: 'optional', title: 'Dashboard', layout: 'default' },
  { path: '/login', access: 'guest-only', title: 'Login', layout: 'no-auth' },
  { path: '/logout', access: 'logout', title: 'Log Out', layout: 'blank' },
  { path: '/register', access: 'public', title: 'Create Account', layout: 'no-auth' },
  { path: '/forgot-password', access: 'public', title: 'Forgot Password', layout: 'no-auth' },
  { path: '/set-password', access: 'public', title: 'Set Password', layout: 'no-auth' },
  { path: '/accept-invite', access: 'public', title: 'Accept Invitation', layout: 'no-auth' },
  { path: '/decline-invite', access: 'public', title: 'Decline Invitation', layout: 'no-auth' },
  { path: '/change-email-accept', access: 'public', title: 'Confirm Email Change', layout: 'no-auth' },
  { path: '/change-email-decline', access: 'public', title: 'Decline Email Change', layout: 'no-auth' },
  { path: '/dealer-request', access: 'public', title: 'Become a Dealer', layout: 'no-auth' },
  { path: '/admin/dealer-requests', access: 'required', title: 'Dealer Requests', layout: 'default' },
  { path: '/privacy-policy', access: 'public', title: 'Privacy Policy', layout: 'default' },
  { path: '/return-policy', access: 'public', title: 'Return Policy', layout: 'default' },
  { path: '/terms', access: 'optional', title: 'Terms and Conditions', layout: 'default' },
  { path: '/shipping', access: 'optional', title: 'Shipping', layout: 'default' },
  { path: '/company-info', access: 'optional', title: 'Company Info', layout: 'default' },
  { path: '/contact-us', access: 'optional', title: 'Contact Us', layout: 'default' },
  { path: '/deals', access: 'optional', title: 'Deals', layout: 'default' },
  { path: '/search', access: 'optional', title: 'Search', layout: 'default' },
  { path: '/product/:id?', access: 'optional', title: 'Product', layout: 'default' },
  { path: '/activation', access: 'optional', title: 'Set Serial Number', layout: 'default', gray: true },
  {
    path: '/activation/select-activation-type',
    access: 'optional',
    title: 'Select Activation Type',
    layout: 'default',
    gray: true,
  },
  { path: '/activation/device', access: 'optional', title: 'Activate Device', layout: 'default', gray: true },
  // issue 29 §5: the devices installed for the business, and one device's history (for warranty claims).
  { path: '/devices', access: 'required', title: 'Devices', layout: 'default' },
  { path: '/devices/:key', access: 'required', title: 'Device history', layout: 'default' },
  { path: '/wiring', access: 'required', title: 'Wiring', layout: 'default', gray: true, ownTrail: true },
  { path: '/wiring/print', access: 'required', title: 'Print Wiring', layout: 'blank' },
  { path: '/installer-guides', access: 'required', title: 'Installer Guides', layout: 'default', gray: true },
  { path: '/cart', access: 'required', title: 'Cart', layout: 'default' },
  { path: '/cart/checkout/products', access: 'required', title: 'Purchase Products', layout: 'checkout' },
  { path: '/cart/checkout/products/complete', access: 'required', title: 'Order Complete', layout: 'checkout' },
  { path: '/cart/checkout/subscriptions', access: 'required', title: 'Purchase Service', layout: 'checkout' },
  { path: '/cart/checkout/subscriptions/complete', access: 'required', title: 'Order Complete', layout: 'checkout' },
  { path: '/subscriptions', access: 'required', title: 'Pricing Plans', layout: 'default' },
  { path: '/subscriptions/plans', access: 'required', title: 'Plans', layout: 'default' },
  { path: '/billing', access: 'required', title: 'Billing', layout: 'default' },
  { path: '/invoice-payment', access: 'required', title: 'Invoice Payment', layout: 'checkout' },
  { path: '/invoice-payment/complete', access: 'required', title: 'Payment Complete', layout: 'checkout' },
  { path: '/invoice/:id?', access: 'required', title: 'Invoices', layout: 'default' },
  { path: '/credit-memo/:id?', access: 'required', title: 'Credit Memos', layout: 'default' },
  { path: '/order/:id?', access: 'required', title: 'Order Details', layout: 'default' },
  { path: '/my-orders', access: 'required', title: 'My Orders', layout: 'default' },
  { path: '/my-business', access: 'required', title: 'My Business', layout: 'default' },
  { path: '/profile', access: 'required', title: 'My Profile', layout: 'default' },
  { path: '/rewards', access: 'required', title: 'Rewards', layout: 'default' },
  { path: '/rewards/:id', access: 'required', title: 'Reward Details', layout: 'default' },
  // Demo mode: the mail and SMS outbox (the server answers 404 outside demo mode).
  { path: '/dev/mailbox', access: 'public', title: 'Demo Mailbox', layout: 'default' },
] as const satisfies readonly Page[];

export type PagePath = (typeof PAGES)[number]['path'];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A path pattern as the web's router reads it: case-insensitive, a trailing slash allowed. */
function patternOf(path: string): RegExp {
  const segments = path.split('/').filter(Boolean);
  const source = segments
    .map((segment) => {
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${escapeRegExp(segment)}`;
    })
    .join('');
  return new RegExp(`^${source}/?$`, 'i');
}

// Built on first use, not as the module loads: some eighty patterns were a first page's work (issue 31).
let patterns: ReadonlyArray<readonly [PagePath, RegExp]> | undefined;
const patternsOfPages = () => (patterns ??= PAGES.map((page) => [page.path, patternOf(page.path)] as const));

/** The page a decoded pathname opens (its path in the table), or undefined: the router shows Not Found. */
export const pageOf = (pathname: string): PagePath | undefined =>
  patternsOfPages().find(([, pattern]) => pattern.test(pathname))?.[0];

/** Whether a decoded pathname is one of the portal's pages (the router would not show Not Found). */
export const isPagePath = (pathname: string) => pageOf(pathname) !== undefined;

/**
 * spec 01 §2.2: protected paths that send a visitor to /login WITHOUT a next parameter —
 * pages that make no sense to come back to (a finished checkout or payment).
 */
export const NO_REDIRECT_PATHS = [
  '/cart/checkout/products/complete',
  '/cart/checkout/subscriptions/complete',
  '/invoice-payment/complete',
];

/** Where a visitor without a session goes for a protected page (spec 01 §2.2). */
export function loginRedirectFor(pathname: string, search: string, hash = ''): string {
  if (NO_REDIRECT_PATHS.includes(pathname) || pathname === '/login' || pathname === '/logout') return '/login';
  return `/login?next=${encodeURIComponent(pathname + search + hash)}`;
}

/**
 * spec 01 §2.2, the rule of both sides: where a page of this access class sends someone signed in or not, or
 * null when it opens. The server answers a page's address with this redirect before sending any code; the
 * browser's router applies the same rule when it moves between pages.
 */
export function accessRedirect(
  access: Access,
  signedIn: boolean,
  location: { pathname: string; search: string; hash?: string },
): string | null {
  if (access === 'required' && !signedIn) return loginRedirectFor(location.pathname, location.search, location.hash);
  if (access === 'guest-only' && signedIn) return '/';
  return null;
}

/** The access class of a page of the table. */
export const accessOf = (path: PagePath): Access => PAGES.find((page) => page.path === path)!.access;
