import { browseBrandFilter } from '@portal/contracts/brands';
import { EXTERNAL_LINKS } from '@portal/contracts/constants';
import type { ProfileMenu } from '@portal/contracts/permissions';
import { QUICK_ORDER_PATH } from '../app/routes.ts';
import { searchPath } from '../features/search/params.ts';

/** The links of the shell (spec 01 §2.4), one list for the desktop menu, the mobile menu and the footer. */
export interface NavLinkItem {
  label: string;
  to: string;
}

export const SERVICES_LINKS: NavLinkItem[] = [
  { label: 'Company Info', to: '/company-info' },
  { label: 'Customer Subscriptions', to: '/subscriptions' },
  { label: 'Shipping', to: '/shipping' },
];

export const INLINE_LINKS: NavLinkItem[] = [
  { label: 'Quick Order', to: QUICK_ORDER_PATH },
  { label: 'Wiring', to: '/wiring' },
  { label: 'Activation', to: '/activation' },
  { label: 'Installer Guides', to: '/installer-guides' },
];

export const WIKI_LINK = { label: 'Wiki', href: EXTERNAL_LINKS.wiki };
export const COMMUNITY_LINK = { label: 'Installer Community Group', href: EXTERNAL_LINKS.community };

export const PROFILE_LINKS: (NavLinkItem & { key: keyof ProfileMenu })[] = [
  { key: 'myOrders', label: 'My Orders', to: '/my-orders' },
  { key: 'myProfile', label: 'My Profile', to: '/profile' },
  { key: 'myBusiness', label: 'My Business', to: '/my-business' },
  { key: 'rewards', label: 'Rewards', to: '/rewards' },
  { key: 'billing', label: 'Billing', to: '/billing' },
  { key: 'dealerRequests', label: 'Dealer Requests', to: '/admin/dealer-requests' },
];

/**
 * Ours (issue 29 §5): the devices installed for the business and their histories, in the profile menu beside
 * My Business — where a dealer looks for the business's own records — for whoever may see them (contracts'
 * `devices`: the business's people and a rep acting for it), before Rewards and Billing.
 */
export const DEVICES_LINK: NavLinkItem = { label: 'Devices', to: '/devices' };

/** The profile menu's links with Devices among them, before the first of Rewards, Billing, Dealer Requests. */
export function withDevicesLink(links: readonly (NavLinkItem & { key: keyof ProfileMenu })[]): NavLinkItem[] {
  const at = links.findIndex((link) => ['rewards', 'billing', 'dealerRequests'].includes(link.key));
  const index = at === -1 ? links.length : at;
  return [...links.slice(0, index), DEVICES_LINK, ...links.slice(index)];
}

/**
 * spec 01 §2.4, §6: choosing a category or brand goes to /search with query parameters; with a
 * business selected, browsing carries "approved brands only" (see browseBrandFilter).
 */
export const categoryHref = (slug: string, approvedBrands: readonly string[] | null = null) =>
  searchPath({ categories: [slug], brands: browseBrandFilter(null, approvedBrands) });
export const brandHref = (slug: string, approvedBrands: readonly string[] | null = null) =>
  searchPath({ brands: browseBrandFilter(slug, approvedBrands) });
export const VIEW_ALL_PRODUCTS = '/search';
