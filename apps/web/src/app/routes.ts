import type { ComponentType } from 'react';
import { PAGES, type Page, type PagePath } from '@portal/contracts/pages';

export type { Access, LayoutName } from '@portal/contracts/pages';

/** A page of the table with its screen. */
export interface PortalRoute extends Page {
  /** The screen; screens that later issues build show their title only. */
  load?: () => Promise<{ default: ComponentType }>;
}

/**
 * The screen of each page the portal has built so far (a path outside the page table does not compile).
 * One `'path': () => import('module')` a line: the build reads them to list each page's chunks, which the
 * server preloads with the page (apps/web/vite.config.ts, apps/server/src/plugins/spa.ts).
 */
const SCREENS: Partial<Record<PagePath, PortalRoute['load']>> = {
  '/': () => import('../features/home/DashboardPage.tsx'),
  '/login': () => import('../features/auth/LoginPage.tsx'),
  '/logout': () => import('../features/auth/LogoutPage.tsx'),
  '/register': () => import('../features/accounts/RegisterPage.tsx'),
  '/forgot-password': () => import('../features/auth/ForgotPasswordPage.tsx'),
  '/set-password': () => import('../features/invitations/SetPasswordPage.tsx'),
  '/accept-invite': () => import('../features/invitations/AcceptInvitePage.tsx'),
  '/decline-invite': () => import('../features/invitations/DeclineInvitePage.tsx'),
  '/change-email-accept': () => import('../features/accounts/ChangeEmailAcceptPage.tsx'),
  '/change-email-decline': () => import('../features/accounts/ChangeEmailDeclinePage.tsx'),
  '/dealer-request': () => import('../features/dealer-request/DealerRequestPage.tsx'),
  '/admin/dealer-requests': () => import('../features/dealer-request/AdminDealerRequestsPage.tsx'),
  '/privacy-policy': () => import('../features/content/PrivacyPolicyPage.tsx'),
  '/return-policy': () => import('../features/content/ReturnPolicyPage.tsx'),
  '/terms': () => import('../features/content/TermsPage.tsx'),
  '/shipping': () => import('../features/content/ShippingPage.tsx'),
  '/company-info': () => import('../features/content/CompanyInfoPage.tsx'),
  '/contact-us': () => import('../features/content/ContactUsPage.tsx'),
  '/deals': () => import('../features/deals/DealsPage.tsx'),
  '/search': () => import('../features/search/SearchPage.tsx'),
  '/product/:id?': () => import('../features/product/ProductPage.tsx'),
  '/wiring': () => import('../features/wiring/WiringPage.tsx'),
  '/wiring/print': () => import('../features/wiring/WiringPrintPage.tsx'),
  '/installer-guides': () => import('../features/wiring/InstallerGuidesPage.tsx'),
  '/activation': () => import('../features/activation/SetSerialPage.tsx'),
  '/activation/select-activation-type': () => import('../features/activation/SelectActivationTypePage.tsx'),
  '/activation/device': () => import('../features/activation/ActivateDevicePage.tsx'),
  '/devices': () => import('../features/devices/DevicesPage.tsx'),
  '/devices/:key': () => import('../features/devices/DeviceHistoryPage.tsx'),
  '/subscriptions': () => import('../features/plans/PricingPlansPage.tsx'),
  '/subscriptions/plans': () => import('../features/plans/ChoosePlanPage.tsx'),
  '/cart': () => import('../features/cart/CartPage.tsx'),
  '/cart/checkout/products': () => import('../features/checkout/CheckoutPage.tsx'),
  '/cart/checkout/products/complete': () => import('../features/checkout/OrderCompletePage.tsx'),
  '/cart/checkout/subscriptions': () => import('../features/checkout/subscriptions/SubscriptionCheckoutPage.tsx'),
  '/cart/checkout/subscriptions/complete': () => import('../features/checkout/subscriptions/ReceiptPage.tsx'),
  '/my-orders': () => import('../features/orders/MyOrdersPage.tsx'),
  '/order/:id?': () => import('../features/orders/OrderPage.tsx'),
  '/my-business': () => import('../features/my-business/MyBusinessPage.tsx'),
  '/billing': () => import('../features/billing/BillingPage.tsx'),
  '/rewards': () => import('../features/rewards/RewardsPage.tsx'),
  '/rewards/:id': () => import('../features/rewards/RewardPage.tsx'),
  '/invoice-payment': () => import('../features/invoices/InvoicePaymentPage.tsx'),
  '/invoice-payment/complete': () => import('../features/invoices/PaymentCompletePage.tsx'),
  '/invoice/:id?': () => import('../features/invoices/InvoicesPage.tsx'),
  '/credit-memo/:id?': () => import('../features/invoices/CreditMemosPage.tsx'),
  '/profile': () => import('../features/auth/ProfilePage.tsx'),
  '/dev/mailbox': () => import('../features/dev/MailboxPage.tsx'),
};

/**
 * THE route table (spec 01 §2.1): the page table the server also knows (contracts/pages.ts:
 * path, access class, title, layout), each page with its screen.
 */
export const ROUTES: PortalRoute[] = PAGES.map((page) => ({ ...page, load: SCREENS[page.path] }));

/** The quick-order view is /search with qo=1 (spec 01 §2.1: reached through search). */
export const QUICK_ORDER_PATH = '/search?qo=1';
export const QUICK_ORDER_TITLE = 'Quick Order';

// spec 01 §2.2: the redirect rules are the server's too (contracts/pages.ts).
export { loginRedirectFor, NO_REDIRECT_PATHS } from '@portal/contracts/pages';
