/**
 * Stable codes of the refusals a screen acts on (CONVENTIONS "Refusals, not HTTP, in services"): the
 * server answers `{ detail, code }`, the web branches on `code`, never on the text, so a reworded message
 * can not change where it shows.
 */
export const REFUSAL_CODES = {
  // spec 02 §8 names these two.
  PAYMENT_ERROR: 'PAYMENT_ERROR',
  PARTIAL_PAYMENT_NOT_ALLOWED: 'PARTIAL_PAYMENT_NOT_ALLOWED',
  // An idempotent write (checkout completion, invoice payment).
  IDEMPOTENCY_KEY_REQUIRED: 'IDEMPOTENCY_KEY_REQUIRED',
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  IN_PROGRESS: 'IN_PROGRESS',
  CHANGED_SINCE_SHOWN: 'CHANGED_SINCE_SHOWN',
  // How something is paid: shown beside the payment choice.
  PAYMENT_METHOD_REQUIRED: 'PAYMENT_METHOD_REQUIRED',
  PAYMENT_METHOD_NOT_FOUND: 'PAYMENT_METHOD_NOT_FOUND',
  PAYMENT_METHOD_CHANGED: 'PAYMENT_METHOD_CHANGED',
  BANK_UNVERIFIED: 'BANK_UNVERIFIED',
  CARD_EXPIRED: 'CARD_EXPIRED',
  TERMS_UNAVAILABLE: 'TERMS_UNAVAILABLE',
  TERMS_PAST_DUE: 'TERMS_PAST_DUE',
  TERMS_NO_CREDIT: 'TERMS_NO_CREDIT',
} as const;

export type RefusalCode = (typeof REFUSAL_CODES)[keyof typeof REFUSAL_CODES];

const PAYMENT_METHOD_CODES: ReadonlySet<string> = new Set([
  REFUSAL_CODES.PAYMENT_METHOD_REQUIRED,
  REFUSAL_CODES.PAYMENT_METHOD_NOT_FOUND,
  REFUSAL_CODES.PAYMENT_METHOD_CHANGED,
  REFUSAL_CODES.BANK_UNVERIFIED,
  REFUSAL_CODES.CARD_EXPIRED,
  REFUSAL_CODES.TERMS_UNAVAILABLE,
  REFUSAL_CODES.TERMS_PAST_DUE,
  REFUSAL_CODES.TERMS_NO_CREDIT,
]);

/** A refusal about how a checkout or a payment is paid (the chosen card, bank account or terms): it shows under the payment choice. */
export const isPaymentMethodRefusal = (code: string | undefined): boolean =>
  code !== undefined && PAYMENT_METHOD_CODES.has(code);
