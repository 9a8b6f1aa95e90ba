import type { ComponentType } from 'react';
import { TITLE_SUFFIX } from '@portal/contracts/constants';

/** spec 01 §2.2 access classes, plus the two sign-in pages that have rules of their own. */
export type Access = 'public' | 'optional' | 'required' | 'guest-only' | 'logout';
/** spec 01 §2.3 layouts. */
export type LayoutName = 'default' | 'checkout' | 'blank' | 'no-auth';

export interface PortalRoute {
  path: string;
  access: Access;
  /** Page title; the product suffix is added when it is shown (spec 01 §2.2). */
  title: string;
  layout: LayoutName;
  /** Gray page background (spec 01 §2.3). */
  gray?: boolean;
  /** The screen; screens that later issues build show their title only. */
  load?: () => Promise<{ default: ComponentType }>;
}

const content = {
  privacy: () => import('../features/content/PrivacyPolicyPage.tsx'),
  terms: () => import('../features/content/TermsPage.tsx'),
  returns: () => import('../features/content/ReturnPolicyPage.tsx'),
  shipping: () => import('../features/content/ShippingPage.tsx'),
  company: () => import('../features/content/CompanyInfoPage.tsx'),
  contact: () => import('../features/content/ContactUsPage.tsx'),
};

/**
 * THE route table (spec 01 §2.1): every path with its access class, title and layout.
 * Optional segments (`/invoice/:id?`) serve both the list and the detail.
 */
export const ROUTES: PortalRoute[] = [
  {
    path: '/',
    access: 'optional',
    title: 'Dashboard',
    layout: 'default',
    load: () => import('../features/home/DashboardPage.tsx'),
  },
  {
    path: '/login',
    access: 'guest-only',
    title: 'Login',
    layout: 'no-auth',
    load: () => import('../features/auth/LoginPage.tsx'),
  },
  {
    path: '/logout',
    access: 'logout',
    title: 'Log Out',
    layout: 'blank',
    load: () => import('../features/auth/LogoutPage.tsx'),
  },
  {
    path: '/register',
    access: 'public',
    title: 'Create Account',
    layout: 'no-auth',
    load: () => import('../features/accounts/RegisterPage.tsx'),
  },
  {
    path: '/forgot-password',
    access: 'public',
    title: 'Forgot Password',
    layout: 'no-auth',
    load: () => import('../features/auth/ForgotPasswordPage.tsx'),
  },
  {
    path: '/set-password',
    access: 'public',
    title: 'Set Password',
    layout: 'no-auth',
    load: () => import('../features/invitations/SetPasswordPage.tsx'),
  },
  {
    path: '/accept-invite',
    access: 'public',
    title: 'Accept Invitation',
    layout: 'no-auth',
    load: () => import('../features/invitations/AcceptInvitePage.tsx'),
  },
  {
    path: '/decline-invite',
    access: 'public',
    title: 'Decline Invitation',
    layout: 'no-auth',
    load: () => import('../features/invitations/DeclineInvitePage.tsx'),
  },
  {
    path: '/change-email-accept',
    access: 'public',
    title: 'Confirm Email Change',
    layout: 'no-auth',
    load: () => import('../features/accounts/ChangeEmailAcceptPage.tsx'),
  },
  {
    path: '/change-email-decline',
    access: 'public',
    title: 'Decline Email Change',
    layout: 'no-auth',
    load: () => import('../features/accounts/ChangeEmailDeclinePage.tsx'),
  },
  {
    path: '/dealer-request',
    access: 'public',
    title: 'Become a Dealer',
    layout: 'no-auth',
    load: () => import('../features/dealer-request/DealerRequestPage.tsx'),
  },
  {
    path: '/admin/dealer-requests',
    access: 'required',
    title: 'Dealer Requests',
    layout: 'default',
    load: () => import('../features/dealer-request/AdminDealerRequestsPage.tsx'),
  },
  { path: '/privacy-policy', access: 'public', title: 'Privacy Policy', layout: 'default', load: content.privacy },
  { path: '/return-policy', access: 'public', title: 'Return Policy', layout: 'default', load: content.returns },
  { path: '/terms', access: 'optional', title: 'Terms and Conditions', layout: 'default', load: content.terms },
  { path: '/shipping', access: 'optional', title: 'Shipping', layout: 'default', load: content.shipping },
  { path: '/company-info', access: 'optional', title: 'Company Info', layout: 'default', load: content.company },
  { path: '/contact-us', access: 'optional', title: 'Contact Us', layout: 'default', load: content.contact },
  {
    path: '/deals',
    access: 'optional',
    title: 'Deals',
    layout: 'default',
    load: () => import('../features/deals/DealsPage.tsx'),
  },
  {
    path: '/search',
    access: 'optional',
    title: 'Search',
    layout: 'default',
    load: () => import('../features/search/SearchPage.tsx'),
  },
  {
    path: '/product/:id?',
    access: 'optional',
    title: 'Product',
    layout: 'default',
    load: () => import('../features/product/ProductPage.tsx'),
  },
  { path: '/activation', access: 'optional', title: 'Set Serial Number', layout: 'default', gray: true },
  {
    path: '/activation/select-activation-type',
    access: 'optional',
    title: 'Select Activation Type',
    layout: 'default',
    gray: true,
  },
  { path: '/activation/device', access: 'optional', title: 'Activate Device', layout: 'default', gray: true },
  {
    path: '/wiring',
    access: 'required',
    title: 'Wiring',
    layout: 'default',
    gray: true,
    load: () => import('../features/wiring/WiringPage.tsx'),
  },
  {
    path: '/wiring/print',
    access: 'required',
    title: 'Print Wiring',
    layout: 'blank',
    load: () => import('../features/wiring/WiringPrintPage.tsx'),
  },
  {
    path: '/installer-guides',
    access: 'required',
    title: 'Installer Guides',
    layout: 'default',
    gray: true,
    load: () => import('../features/wiring/InstallerGuidesPage.tsx'),
  },
  {
    path: '/cart',
    access: 'required',
    title: 'Cart',
    layout: 'default',
    load: () => import('../features/cart/CartPage.tsx'),
  },
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
  {
    path: '/my-business',
    access: 'required',
    title: 'My Business',
    layout: 'default',
    load: () => import('../features/my-business/MyBusinessPage.tsx'),
  },
  {
    path: '/profile',
    access: 'required',
    title: 'My Profile',
    layout: 'default',
    load: () => import('../features/auth/ProfilePage.tsx'),
  },
  { path: '/rewards', access: 'required', title: 'Rewards', layout: 'default' },
  { path: '/rewards/:id', access: 'required', title: 'Reward Details', layout: 'default' },
  // Demo mode: the mail and SMS outbox (the server answers 404 outside demo mode).
  {
    path: '/dev/mailbox',
    access: 'public',
    title: 'Demo Mailbox',
    layout: 'default',
    load: () => import('../features/dev/MailboxPage.tsx'),
  },
];

/** The quick-order view is /search with qo=1 (spec 01 §2.1: reached through search). */
export const QUICK_ORDER_PATH = '/search?qo=1';
export const QUICK_ORDER_TITLE = 'Quick Order';

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

/** A next parameter is followed only to one of our own pages, never /login or /logout. */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/')) return '/';
  // Parse as the browser would (it drops tabs and newlines, reads '\\' as '/'): it must stay on our origin.
  const base = 'http://portal.invalid';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return '/';
  }
  if (url.origin !== base || url.pathname === '/login' || url.pathname === '/logout') return '/';
  return url.pathname + url.search + url.hash;
}

export const fullTitle = (title: string) => `${title}${TITLE_SUFFIX}`;
