// What the web tests are answered with, shared by the features' tests: Northside Auto Sound (DEMO-DATA),
// its people, its account and its saved ways to pay, as the contracts shape them. A feature's own records
// (orders, invoices, a cart) stay in its testFixtures.ts.
import type { PaymentCard, Product, ProductDetail, ProductSummary, Session } from '@portal/contracts';
import { moneyOf } from '@portal/contracts/search';
import type { BillingSummary } from '@portal/contracts/billing';
import { cardExpiryYears } from '@portal/contracts/payment-methods';
import { PERMISSION_GROUPS, type PortalUser } from '@portal/contracts/permissions';

/** The business the people below work for, as orders, invoices and carts name it. */
export const NORTHSIDE = { sapBpCode: 'C100234', companyName: 'Northside Auto Sound' } as const;

/** Northside's store, as an order keeps an address (no id or type). */
export const northsideAddress = {
  name: 'Northside Auto Sound',
  streetAddress1: '1450 Commerce Ave',
  streetAddress2: '',
  city: 'Columbus',
  countryArea: 'OH',
  postalCode: '43215',
  country: 'US',
  phone: null,
};

/** The dealer's owner: every right (spec 01 §6). */
export const owner: PortalUser = {
  id: 'u-owner',
  email: 'owner@demo.test',
  first_name: 'Gary',
  last_name: 'Lindqvist',
  image: null,
  is_retired: false,
  access_type: null,
  user_type: [{ type: 'dealer', is_owner: true }],
  permissionGroups: [PERMISSION_GROUPS.dealerPrimary],
  dealer_id: 'd1',
  installer: { is_owner: true, is_purchaser: true },
};

/** The dealer's accountant: Billing, no purchasing. */
export const accountant: PortalUser = {
  ...owner,
  id: 'u-accountant',
  email: 'accountant@demo.test',
  first_name: 'Dana',
  last_name: 'Whitfield',
  user_type: [{ type: 'dealer_accounting', is_owner: false }],
  permissionGroups: [PERMISSION_GROUPS.dealerAccounting],
  installer: null,
};

/** An installer without purchasing rights: no My Orders, no Billing. */
export const installer: PortalUser = {
  ...owner,
  id: 'u-installer',
  email: 'installer@demo.test',
  first_name: 'Marcus',
  last_name: 'Reyes',
  user_type: [{ type: 'installer', is_owner: false }],
  permissionGroups: [PERMISSION_GROUPS.installer],
  installer: { is_owner: false, is_purchaser: false },
};

/** An installer with purchasing rights: buys, but no Billing. */
export const purchaser: PortalUser = {
  ...installer,
  id: 'u-purchaser',
  email: 'purchaser@demo.test',
  first_name: 'Priya',
  last_name: 'Patel',
  installer: { is_owner: false, is_purchaser: true },
};

/** An inside sales rep: acts for a business once one is selected. */
export const insideRep: PortalUser = {
  ...owner,
  id: 'u-rep',
  email: 'insiderep@demo.test',
  first_name: 'Tessa',
  last_name: 'Morales',
  user_type: [],
  permissionGroups: [PERMISSION_GROUPS.insideSalesRep],
  dealer_id: null,
  installer: null,
};

/** A consumer (B2C, DEMO-DATA consumer@demo.test): buys their own devices' plans, never products. */
export const consumer: PortalUser = {
  ...owner,
  id: 'u-consumer',
  email: 'consumer@demo.test',
  first_name: 'Jordan',
  last_name: 'Ellis',
  user_type: [{ type: 'consumer', is_owner: false }],
  permissionGroups: [],
  dealer_id: null,
  installer: null,
};

/** The consumer's own account, as their session acts for it. */
export const CONSUMER_ACCOUNT = { sapBpCode: 'B2C-000001', companyName: 'Jordan Ellis' } as const;

/** This user's session on the US site, with Northside selected unless `business` is false. */
export const sessionOf = (user: PortalUser, business = true): Session => ({
  user,
  selectedBusiness: business ? { ...NORTHSIDE, approvedBrands: [] } : null,
  impersonatedUser: null,
  site: 'us',
  otherSiteUrl: '',
  preferences: null,
});

/** A page of a list (spec 01 §3 connections): its nodes, the count of all that match, more after `endCursor`. */
export function connectionOf<Node extends { number: string }>(
  nodes: Node[],
  totalCount = nodes.length,
  endCursor: string | null = null,
) {
  return {
    edges: nodes.map((node) => ({ node, cursor: `cursor-${node.number}` })),
    totalCount,
    pageInfo: { hasNextPage: endCursor !== null, endCursor },
  };
}

/** Northside's account as the ledger gives it (GET /api/billing-summary). */
export const billingSummary: BillingSummary = {
  businessPartner: NORTHSIDE,
  accountBalance: { amount: 452_000 },
  creditLimit: { amount: 1_000_000 },
  creditAvailable: { amount: 548_000 },
  pastDue: { amount: { amount: 120_000 }, count: 2 },
  open: { amount: { amount: 332_000 }, count: 3 },
  invoiceCount: 9,
  creditMemos: { amount_left: { amount: 15_000 }, count: 1 },
  discountAvailable: { amount: { amount: 4_400 }, count: 2 },
};

/** A card's expiry 'MM/YY' some years from now (the form offers 26), so it has not expired when tests run. */
export const cardExpiry = (yearsAhead: number, month = '12') =>
  `${month}/${String(cardExpiryYears()[yearsAhead]! % 100).padStart(2, '0')}`;

/** A saved card: a verified Visa **** 4242 in Dana Whitfield's name, billed to Northside; `overrides` make the others. */
export const savedCard = (overrides: Partial<PaymentCard> & Pick<PaymentCard, 'id'>): PaymentCard => ({
  is_main: false,
  type: 'CARD',
  number: '**** 4242',
  expiration_date: cardExpiry(3),
  cvv: null,
  name: 'Dana Whitfield',
  billing_info: { Address1: '1450 Commerce Ave', Address2: '', City: 'Columbus', State: 'OH', Zip5: '43215' },
  country: 'US',
  brand: 'visa',
  last4: '4242',
  status: 'verified',
  bank: null,
  createdAt: '2026-01-02T00:00:00.000Z',
  ...overrides,
});

/** A saved bank account **** 6789, not verified yet (spec 02 §4: it pays once its two deposits are entered). */
export const savedBankAccount = (overrides: Partial<PaymentCard> & Pick<PaymentCard, 'id'>): PaymentCard =>
  savedCard({
    type: 'BANK_ACCOUNT',
    number: '**** 6789',
    expiration_date: null,
    billing_info: null,
    brand: 'bank_account',
    last4: '6789',
    status: 'unverified',
    bank: { bankName: 'JPMorgan Chase Bank', accountType: 'CHECKING', ownerType: 'COMPANY' },
    ...overrides,
  });

/**
 * A product as the server sends it: the portal's fields and, beside them, the spec's (spec 01 §3, as the
 * server's catalog `toSummary` writes them), which a `ProductSummary` or `ProductDetail` fixture lacks.
 */
export function sentProduct<P extends ProductSummary & Partial<Pick<ProductDetail, 'relatedSkus' | 'metadata'>>>(
  product: P,
): P & Product {
  const paid = { gross: moneyOf(product.price.cents) };
  const list = { gross: moneyOf(product.msrpCents ?? product.price.cents) };
  const slugOf = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  return {
    ...product,
    product_name: product.name,
    pricing: { priceRange: { start: paid, stop: paid }, priceRangeUndiscounted: { start: list, stop: list } },
    msrp: product.msrpCents === null ? null : moneyOf(product.msrpCents).amount,
    attributes: [
      { attribute: { name: 'Brand Name', slug: 'brand-name' }, values: [product.brand] },
      {
        attribute: { name: 'related-product-skus', slug: 'related-product-skus' },
        values: (product.relatedSkus ?? []).map((sku) => ({ name: sku, slug: slugOf(sku) })),
      },
    ],
    // The case quantity first, as an integer (spec 01 §3 manufacture_case_qty).
    metadata: [
      { key: 'manufacture_case_qty', value: product.caseQty },
      ...(product.metadata ?? []).filter((entry) => entry.key !== 'manufacture_case_qty'),
    ],
    defaultVariant: { sku: product.sku },
  };
}
