// What the checkout tests are answered with: a Northside cart, its addresses and ways to pay, an order (the
// people: test/fixtures.ts).
import type {
  Address,
  BusinessPartner,
  Checkout,
  CheckoutLine,
  CompletedCheckout,
  PaymentCard,
  Product,
  UsersPaymentMethods,
} from '@portal/contracts';
import { SHIPPING_METHODS } from '@portal/contracts/checkout-rules';
import { cardExpiry, NORTHSIDE, northsideAddress, savedBankAccount, savedCard } from '../../test/fixtures.ts';

const address = (overrides: Partial<Address> & Pick<Address, 'id'>): Address => ({
  businessPartnerAddressType: 'SHIPPING',
  ...northsideAddress,
  ...overrides,
});

export const mainStore = address({ id: '00000000-0000-4000-8000-000000000001' });
export const warehouse = address({
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Northside Warehouse',
  streetAddress1: '88 Dock Rd',
  city: 'Dayton',
  postalCode: '45402',
});
export const billingOffice = address({
  id: '00000000-0000-4000-8000-000000000003',
  businessPartnerAddressType: 'BILLING',
  name: 'Northside Accounts Payable',
  streetAddress1: 'PO Box 2210',
});

export const partner: BusinessPartner = {
  id: 'bp-1',
  ...NORTHSIDE,
  channel: { slug: 'dealer' },
  approvedBrands: [],
  dealerPrimary: null,
  addresses: [mainStore, warehouse],
  defaultShippingAddress: mainStore,
  defaultBillingAddress: billingOffice,
  accountInformation: { paymentTerms: 'Net 30', phone: null, email: null, country: 'US' },
};

const product = (id: string, sku: string, name: string, cents: number): Product => ({
  id,
  sku,
  shortCode: sku.slice(sku.lastIndexOf('-') + 1),
  name,
  brand: { name: 'Northwind', slug: 'northwind' },
  category: { name: 'Remote Start', slug: 'remote-start' },
  image: null,
  price: { cents, kind: 'discounted' },
  msrpCents: cents + 5000,
  isAvailable: true,
  isAvailableForPurchase: true,
  caseQty: 1,
  product_name: name,
  pricing: {
    priceRange: {
      start: { gross: { amount: cents / 100, currency: 'USD' } },
      stop: { gross: { amount: cents / 100, currency: 'USD' } },
    },
    priceRangeUndiscounted: {
      start: { gross: { amount: cents / 100 + 50, currency: 'USD' } },
      stop: { gross: { amount: cents / 100 + 50, currency: 'USD' } },
    },
  },
  msrp: cents / 100 + 50,
  attributes: [],
  metadata: [],
  defaultVariant: { sku },
});

const line = (id: string, quantity: number, p: Product): CheckoutLine => ({
  id,
  quantity,
  product: p,
  total: { cents: quantity * p.price.cents },
});

const methods = SHIPPING_METHODS.map((m) => ({ id: m.id, name: m.name, price: { cents: m.cents } }));

export const TOKEN = '11111111-1111-4111-8111-111111111111';

/** Two lines: 1 × $199.99 and 2 × $49.50 = $298.99, Ground $15.00, tax exempt. */
export const checkout: Checkout = {
  token: TOKEN,
  lines: [
    line('line-1', 1, product('p1', 'NW-RS-X1234', 'Northwind X1234 Remote Start', 19999)),
    line('line-2', 2, product('p2', 'NW-BP-S200', 'Northwind S200 Bypass Module', 4950)),
  ],
  quantity: 3,
  subtotal: { cents: 29899 },
  shippingAddress: mainStore,
  billingAddress: billingOffice,
  currentShippingMethod: methods[0]!,
  shippingMethods: methods,
  shippingPrice: { cents: 1500 },
  tax: { cents: 0, rateBp: 575, exempt: true },
  totalPrice: { cents: 31399, tax: { amount: 0 } },
  poNumber: null,
  payment: null,
  businessPartner: NORTHSIDE,
};

export const VISA_EXPIRY = cardExpiry(2, '08');

/** A saved way to pay in the owner's name; billed nowhere (the checkout does not show it). */
const method = (overrides: Partial<PaymentCard> & Pick<PaymentCard, 'id'>): PaymentCard =>
  savedCard({ expiration_date: VISA_EXPIRY, name: 'Gary Lindqvist', billing_info: null, ...overrides });

export const visa = method({ id: '22222222-2222-4222-8222-222222222222', is_main: true });
export const expiredCard = method({
  id: '33333333-3333-4333-8333-333333333333',
  brand: 'mastercard',
  number: '**** 4444',
  last4: '4444',
  expiration_date: '01/20',
});
const bank = (id: string, last4: string, status: PaymentCard['status']) =>
  savedBankAccount({ id, number: `**** ${last4}`, last4, status, name: 'Gary Lindqvist' });
export const verifiedBank = bank('44444444-4444-4444-8444-444444444444', '6789', 'verified');
export const unverifiedBank = bank('55555555-5555-4555-8555-555555555555', '1116', 'unverified');

export const waysToPay: UsersPaymentMethods = {
  paymentMethods: [visa, expiredCard, verifiedBank, unverifiedBank],
  gateways: [
    { id: 'COD', name: 'Cash on delivery' },
    { id: 'TERMS', name: 'On account (terms)' },
  ],
  isCanadianUser: false,
};

export const completed: CompletedCheckout = {
  order: {
    id: '66666666-6666-4666-8666-666666666666',
    number: 'SO-100123',
    status: 'placed',
    created: '2026-03-05T15:04:00.000Z',
    poNumber: 'PO-7781',
    businessPartner: NORTHSIDE,
    lines: checkout.lines.map((l) => ({
      id: `order-${l.id}`,
      productName: l.product.name,
      sku: l.product.sku,
      quantity: l.quantity,
      unitPrice: { cents: l.product.price.cents },
      total: l.total,
      variant: { product: { id: l.product.id } },
      backordered: false,
    })),
    metadata: [],
    shippingMethodName: 'B2B-UPS Ground',
    shippingAddress: northsideAddress,
    billingAddress: null,
    subtotal: { cents: 29899 },
    shippingPrice: { cents: 1500 },
    tax: { cents: 0, rateBp: 575, exempt: true },
    total: { cents: 31399 },
    payment: { kind: 'COD', label: 'Cash on delivery' },
    placedBy: { name: 'Priya Patel', email: 'purchaser@demo.test', actingFor: null },
    statusHistory: [{ status: 'placed', at: '2026-03-05T15:04:00.000Z', note: null }],
    carrier: null,
    trackingNumber: null,
  },
};
