/** Business constants and limits (spec 01 §9, spec 02 §9). */
export const PRODUCT_NAME = 'Dealer Portal';
export const TITLE_SUFFIX = ` | ${PRODUCT_NAME}`;

export const BASE_TIMEOUT_MS = 4000;
export const TABLE_PAGE_SIZES = [10, 30, 60, 100] as const;
export const TABLE_PAGE_SIZE = 10;
export const MAX_PAGE_FETCH = 100;
export const BUSINESS_PARTNER_PAGE_SIZE = 100;
export const PRODUCTS_PER_PAGE = [8, 20, 40, 100] as const;
export const PRODUCTS_PER_PAGE_DEFAULT = 8;
export const BUSINESS_SEARCH_DEBOUNCE_MS = 500;
export const VALIDATION_DELAY_MS = 1000;
export const BUTTON_CHECKMARK_MS = 1000;
export const LAZY_IMAGE_MARGIN_PX = 150;
export const RECENT_PRODUCT_SEARCHES = 5;
export const RECENT_VEHICLE_SEARCHES = 5;
export const VEHICLE_PRODUCT_CACHE_S = 300;
export const SINGLE_PRODUCT_CACHE_S = 160;
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;
export const MIN_FETCH_DELAY_MS = 200;
export const CHUNK_RELOAD_WINDOW_MS = 60_000;
export const CART_BADGE_MAX = 9;
/** The most one cart line may ask for (ours): a counter order, not a warehouse transfer. */
export const MAX_LINE_QUANTITY = 999;
export const PASSWORD_LOCKOUT_MINUTES = 15;
/**
 * Wrong passwords in a row from one source (address) that lock the account for that source (ours: the
 * spec gives the 15-minute lock only; NIST SP 800-63B §5.2.2, docs/security.md).
 */
export const MAX_FAILED_SIGN_INS = 5;
/** Wrong passwords in a row from anywhere that pause password sign-in for the account (NIST: at most 100). */
export const MAX_FAILED_SIGN_INS_PER_ACCOUNT = 100;
export const IDENTITY_COOKIE_DAYS = 365;
export const CAROUSEL_SWIPE_THRESHOLD_PX = 30;
export const COPYRIGHT_YEAR = 2021;
/**
 * The footer's years: spec 01 §9's notice year 2021 as the first, through the current year (issue 27 §12:
 * a notice stuck at 2021 reads as an abandoned site), e.g. '2021–2026'.
 */
export const copyrightYears = (today = new Date()) =>
  today.getUTCFullYear() > COPYRIGHT_YEAR ? `${COPYRIGHT_YEAR}–${today.getUTCFullYear()}` : String(COPYRIGHT_YEAR);
export const INSTALLERS_FETCH_LIMIT = 80;
export const ORDERS_DEFAULT_LIMIT = 25;
/** spec 02 §9: invoices fetched in pages of at most 100. */
export const INVOICES_MAX_PAGE = 100;
export const PREVIOUS_PURCHASES_SHOWN = 8;
export const PREVIOUS_PURCHASES_CACHE_MS = 60 * 60 * 1000;
export const OPTION_TABLE_REQUERY_LIMIT = 2;
export const CARD_EXPIRY_YEARS = 26;
export const FIRST_VEHICLE_YEAR = 1940;

export const BREAKPOINTS = { xs: 480, sm: 740, md: 768, mdl: 810, lg: 910, xl: 991, xxl: 1055, wide: 1140 } as const;

export const CURRENCY = 'USD';
export const LOCALE = 'en-US';
export const DATE_FORMATS = ['YYYY-MM-DD', 'YYYY-MM-DDTHH:mm:ss', 'MM/DD/YYYY'] as const;

export const COUNTRIES = ['CA', 'US', 'MX', 'AU'] as const;
export const DEALER_PROFILE_COUNTRIES = ['USCA', 'CA', 'AU', 'MX'] as const;
export const BANK_ACCOUNT_TYPES = ['CHECKING', 'SAVINGS'] as const;
export const OWNER_TYPES = ['INDIVIDUAL', 'COMPANY'] as const;
export const CONTACT_ROLES = ['owner', 'sales rep', 'installer', 'purchaser', 'other'] as const;

/** spec 01 §3: the fourteen product categories. */
export const CATEGORY_NAMES = [
  'Accessories',
  'Bypass Module',
  'Back-up Camera',
  'Controllers',
  'Dash Cameras',
  'Installer Tools',
  'Security',
  'Sound Deadening',
  'Radio Interface',
  'Remote Start',
  'Remote Start + Security',
  'Replacement Parts',
  'RF Kit',
  'T-Harnesses',
] as const;

export const SITES = ['us', 'ca'] as const;
export type Site = (typeof SITES)[number];

/** Local storage keys (spec 01 §9). One place so logout can clear them all. */
export const STORAGE_KEYS = {
  activationState: 'portal.activation',
  advancedActivationFlow: 'portal.activation.advanced',
  recentProductSearches: 'portal.recentProductSearches',
  recentVehicleSearches: 'portal.recentVehicleSearches',
  searchResultLimit: 'portal.searchResultLimit',
  checkoutConfirmation: 'portal.checkoutConfirmation',
  previousPurchases: 'portal.previousPurchases',
  wrongSiteNotice: 'portal.wrongSiteNotice',
  chunkReloadAt: 'portal.chunkReloadAt',
} as const;

/** External links of the shell (spec 01 §2.4: Wiki, community group); company contact. */
export const EXTERNAL_LINKS = {
  wiki: 'https://wiki.dealerportal.example',
  community: 'https://community.dealerportal.example',
} as const;
export const COMPANY = {
  name: 'Northwind Vehicle Systems, Inc.',
  /** The seller's address on printed orders, invoices and receipts (issue 27 §11; /company-info's). */
  addressLines: ['4100 Commerce Park Drive, Suite 200', 'Boise, ID 83705', 'United States'],
  supportPhone: '(800) 555-0142',
  supportEmail: 'support@dealerportal.example',
} as const;

/** spec 01 §2.5 sorts: Price High to Low (default), Price Low to High, Name A-Z, Name Z-A. */
export const SEARCH_SORTS = ['price-desc', 'price-asc', 'name-asc', 'name-desc'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_SORT_LABELS: Record<SearchSort, string> = {
  'price-desc': 'Price High to Low',
  'price-asc': 'Price Low to High',
  'name-asc': 'Name A-Z',
  'name-desc': 'Name Z-A',
};
/** spec 01 §6: the brand value meaning "my approved brands only". */
export const APPROVED_BRANDS_VALUE = 'approved-brands';
/** Ours, like Stripe's test mode: three wrong micro-deposit pairs lock a bank account. */
export const BANK_VERIFY_ATTEMPTS = 3;
