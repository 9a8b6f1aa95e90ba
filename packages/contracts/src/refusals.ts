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
  // Quick order from a pasted list (issue 33 item 3): no line of it can go into the cart.
  NOTHING_TO_ADD: 'NOTHING_TO_ADD',
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
  // Device calls (issue 28): who may drive a device, the spec's rules, and the device cloud's refusals.
  NOT_IN_SERVICE_MODE: 'NOT_IN_SERVICE_MODE',
  INVALID_INSTALLER_ACCOUNT: 'INVALID_INSTALLER_ACCOUNT',
  DEVICE_PROOF_REQUIRED: 'DEVICE_PROOF_REQUIRED',
  DEVICE_PROOF_WRONG: 'DEVICE_PROOF_WRONG',
  DEVICE_PROOF_LIMITED: 'DEVICE_PROOF_LIMITED',
  DEVICE_COMMANDS_LIMITED: 'DEVICE_COMMANDS_LIMITED',
  DEVICE_NOT_INSTALLED: 'DEVICE_NOT_INSTALLED',
  DEVICE_NOT_FOUND: 'DEVICE_NOT_FOUND',
  DEVICE_VERSION_CONFLICT: 'DEVICE_VERSION_CONFLICT',
  DEVICE_CONFLICT: 'DEVICE_CONFLICT',
  DEVICE_QUERY_REQUIRED: 'DEVICE_QUERY_REQUIRED',
  DEVICE_INVALID: 'DEVICE_INVALID',
  DEVICE_NOT_SUPPORTED: 'DEVICE_NOT_SUPPORTED',
  DEVICE_OFFLINE: 'DEVICE_OFFLINE',
  DEVICE_CLOUD_UNAVAILABLE: 'DEVICE_CLOUD_UNAVAILABLE',
  // The activation record (issue 29 §3): another's is not found; a stale or closed one is refused.
  ACTIVATION_NOT_FOUND: 'ACTIVATION_NOT_FOUND',
  ACTIVATION_TYPE_NOT_ALLOWED: 'ACTIVATION_TYPE_NOT_ALLOWED',
  ACTIVATION_VERSION_CONFLICT: 'ACTIVATION_VERSION_CONFLICT',
  ACTIVATION_STEP_NOT_IN_FLOW: 'ACTIVATION_STEP_NOT_IN_FLOW',
  ACTIVATION_CLOSED: 'ACTIVATION_CLOSED',
  // complete-activation is done by its own call (it activates and installs the unit), never by a PATCH.
  ACTIVATION_COMPLETE_BY_CALL: 'ACTIVATION_COMPLETE_BY_CALL',
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
