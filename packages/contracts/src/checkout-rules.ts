/**
 * The B2B product checkout's rules that the server computes and the browser shows (spec 02 §4, §5,
 * §9): shipping methods and their prices, the tax rule, the PO number rule, and the texts. Plain data
 * and functions (no Zod), so a screen can use them without loading the schemas.
 */

/**
 * spec 02 §9: shipping methods in the order UPS Ground, 3-Day, 2-Day, Next Day, named with a 'B2B-'
 * prefix that is stripped when shown. Prices are ours (docs/decisions.md): Ground is free from $750.
 */
export const SHIPPING_METHODS = [
  { id: 'b2b-ups-ground', name: 'B2B-UPS Ground', cents: 1500, freeFromCents: 75_000 },
  { id: 'b2b-ups-3-day', name: 'B2B-UPS 3-Day Select', cents: 2900, freeFromCents: null },
  { id: 'b2b-ups-2-day', name: 'B2B-UPS 2nd Day Air', cents: 4500, freeFromCents: null },
  { id: 'b2b-ups-next-day', name: 'B2B-UPS Next Day Air', cents: 7900, freeFromCents: null },
] as const;
export type ShippingMethodId = (typeof SHIPPING_METHODS)[number]['id'];
export const DEFAULT_SHIPPING_METHOD: ShippingMethodId = 'b2b-ups-ground';

/** spec 02 §9: the 'B2B-' prefix is stripped for display. */
export const shippingMethodLabel = (name: string) => name.replace(/^B2B-/, '');

/** What a method costs for a subtotal (cents). */
export function shippingCentsOf(methodId: ShippingMethodId, subtotalCents: number): number {
  const method = SHIPPING_METHODS.find((m) => m.id === methodId)!;
  return method.freeFromCents !== null && subtotalCents >= method.freeFromCents ? 0 : method.cents;
}

/**
 * What the cart and checkout say of free UPS Ground (issue 27 §12: the threshold was never explained):
 * free on this order, or how much more makes it free. Money as the rest of the screens write it.
 */
export function freeGroundNote(subtotalCents: number, money: (cents: number) => string): string {
  const ground = SHIPPING_METHODS.find((m) => m.id === 'b2b-ups-ground')!;
  const from = ground.freeFromCents;
  if (subtotalCents >= from) return 'UPS Ground ships free on this order.';
  return `UPS Ground ships free from ${money(from)}: add ${money(from - subtotalCents)} more.`;
}

/**
 * Sales tax by ship-to state or province, in basis points (ours, docs/decisions.md: the base state or
 * provincial rate, no local add-ons; Canada: GST/HST plus the provincial sales tax where one applies).
 * A business with a resale certificate on file buys tax-exempt.
 */
export const TAX_RATE_BP: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  US: {
    AL: 400,
    AK: 0,
    AZ: 560,
    AR: 650,
    CA: 725,
    CO: 290,
    CT: 635,
    DE: 0,
    DC: 600,
    FL: 600,
    GA: 400,
    HI: 400,
    ID: 600,
    IL: 625,
    IN: 700,
    IA: 600,
    KS: 650,
    KY: 600,
    LA: 445,
    ME: 550,
    MD: 600,
    MA: 625,
    MI: 600,
    MN: 688,
    MS: 700,
    MO: 423,
    MT: 0,
    NE: 550,
    NV: 685,
    NH: 0,
    NJ: 663,
    NM: 488,
    NY: 400,
    NC: 475,
    ND: 500,
    OH: 575,
    OK: 450,
    OR: 0,
    PA: 600,
    PR: 1150,
    RI: 700,
    SC: 600,
    SD: 420,
    TN: 700,
    TX: 625,
    UT: 610,
    VT: 600,
    VA: 530,
    WA: 650,
    WV: 600,
    WI: 500,
    WY: 400,
  },
  CA: {
    AB: 500,
    BC: 1200,
    MB: 1200,
    NB: 1500,
    NL: 1500,
    NS: 1400,
    NT: 500,
    NU: 500,
    ON: 1300,
    PE: 1500,
    QC: 1498,
    SK: 1100,
    YT: 500,
  },
};

/** The tax rate (basis points) of a ship-to place; a place we have no rate for is taxed at none. */
export const taxRateOf = (country: string, countryArea: string) => TAX_RATE_BP[country]?.[countryArea] ?? 0;

/** Tax on an amount (cents) at a rate in basis points, rounded half up to the cent. */
export const taxCentsOf = (amountCents: number, rateBp: number) => Math.round((amountCents * rateBp) / 10_000);

/** spec 02 §5: letters, digits, space and ~!@#$%^&.*()_- (max 30 characters, ours). */
export const PO_NUMBER_PATTERN = /^[a-zA-Z0-9 ~!@#$%^&.*()_-]*$/;
export const PO_NUMBER_MAX = 30;

export const CHECKOUT_TEXTS = {
  /** spec 02 §5, word for word. */
  poNumberChars: 'Must contain only a-z, A-Z, 0-9, ~!@#$%^&*()-_.',
  title: 'Purchase Products',
  completeTitle: 'Order Complete',
  emptyCart: 'Your cart is empty. Add products before checking out.',
  noShippingAddress: 'Choose where the order ships.',
  addressNotFound: 'That address is not one of this business’s addresses.',
  shippingMethodNotFound: 'Choose one of the shipping methods shown.',
  choosePayment: 'Choose how to pay.',
  termsOverLimit: (leftCents: string) =>
    `Terms are not available: this order is more than what is left of the credit limit (${leftCents}). Choose another way to pay.`,
  termsPastDue: 'Terms are not available while invoices are past due. Pay them first, or choose another way to pay.',
  termsNoCredit: 'Terms are not available: this business has no credit line. Choose another way to pay.',
  bankUnverified: 'This bank account is not verified yet. Verify it under Billing, or choose another way to pay.',
  paymentMethodNotFound: 'That card or bank account is not one of this business’s.',
  cardExpired: 'This card has expired. Choose another card or update it under Billing.',
  /** spec 02 §8 names the code; its text is ours. */
  partialPaymentNotAllowed: 'Partial payment is not allowed. Pay the whole total of the order.',
  paymentChanged: 'The payment chosen changed. Review the order and place it again.',
  idempotencyKeyRequired: 'The request needs an Idempotency-Key header.',
  idempotencyKeyReused: 'This request was already sent with other contents. Reload the page and try again.',
  inProgress: 'This order is already being placed. It will show in My Orders in a moment.',
  notAvailable: (names: string) => `No longer available: ${names}. Remove it from the cart to go on.`,
  orderConfirmationSubject: (number: string) => `Order ${number} confirmation`,
} as const;

/** spec 02 §8 error codes the client acts on. */
export const PAYMENT_ERROR = 'PAYMENT_ERROR';
export const PARTIAL_PAYMENT_NOT_ALLOWED = 'PARTIAL_PAYMENT_NOT_ALLOWED';
