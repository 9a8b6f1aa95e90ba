/**
 * The payment processor (ARCHITECTURE "The second half": one interface; the offline default is a test
 * processor with Stripe's test-card semantics, a real one plugs in behind the same interface).
 *
 * A processor is outside the portal's database transactions, as a real one is: what it records it keeps
 * in its own tables (the test processor) or its own service (a real one), so a charge made just before
 * the portal crashed is still there to be found by its idempotency key and voided or kept.
 * Card numbers and CVVs pass through `tokenizeCard` only: never stored, never logged.
 */
export interface PaymentProcessor {
  readonly kind: 'test' | 'stripe';
  /** A card checked and stored by the processor; the portal keeps only the token and what the card shows. */
  tokenizeCard(card: CardInput): Promise<TokenizedCard>;
  /** Takes money from a card or a verified bank account. Idempotent by key: the same key answers the same charge. */
  charge(request: ChargeRequest): Promise<Charge>;
  /** The charge made under this key, if any (crash recovery asks before voiding or keeping). */
  findCharge(idempotencyKey: string): Promise<Charge | null>;
  /** Cancels a succeeded charge in full (idempotent: voiding twice is one void). */
  voidCharge(chargeId: string): Promise<Charge>;
  /** Gives back part or all of a succeeded charge; idempotent by key. */
  refund(request: RefundRequest): Promise<Refund>;
  /** A bank account, unverified until its two micro-deposits are confirmed. */
  createBankAccount(account: BankAccountInput): Promise<TokenizedBankAccount>;
  /**
   * Confirms the two micro-deposit amounts in cents (test mode: 32 and 45, in either order). A wrong pair
   * is refused; the third wrong try locks the account for good.
   */
  verifyBankAccount(token: string, amountsCents: readonly [number, number]): Promise<BankVerification>;
  /**
   * The micro-deposits a test processor always sends (cents), so a demo can say them (issue 27 §2); null
   * for a real processor, whose deposits only the account's bank statement shows.
   */
  readonly testMicroDepositsCents: readonly [number, number] | null;
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

export interface CardInput {
  /** Digits, spaces or dashes allowed (they are removed). */
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvv: string;
  name: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2 (US, CA). */
  country: string;
}

export interface TokenizedCard {
  token: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type BankAccountType = 'CHECKING' | 'SAVINGS';
export type BankOwnerType = 'INDIVIDUAL' | 'COMPANY';

export interface BankAccountInput {
  accountHolderName: string;
  accountType: BankAccountType;
  ownerType: BankOwnerType;
  /** Nine digits (ABA routing number, checksum-valid). */
  routingNumber: string;
  /** 4 to 17 digits. */
  accountNumber: string;
}

export interface TokenizedBankAccount {
  token: string;
  last4: string;
  bankName: string;
  status: 'unverified';
}

export type BankVerification =
  { status: 'verified' } | { status: 'refused'; attemptsLeft: number } | { status: 'locked' };

export interface ChargeRequest {
  idempotencyKey: string;
  amountCents: number;
  currency: 'USD' | 'CAD';
  /** A card or bank account token of this processor. */
  source: string;
  description: string;
  /** The ship-to or billing postal code the charge is checked against (address verification). */
  postalCode?: string;
}

export type DeclineCode =
  'card_declined' | 'incorrect_zip' | 'insufficient_funds' | 'expired_card' | 'processing_error';

export type Charge =
  | {
      id: string;
      idempotencyKey: string;
      status: 'succeeded' | 'voided';
      amountCents: number;
      refundedCents: number;
      source: string;
    }
  | {
      id: string;
      idempotencyKey: string;
      status: 'declined';
      amountCents: number;
      refundedCents: 0;
      source: string;
      code: DeclineCode;
      /** The processor's words (spec 02 §8: shown as sent). */
      detail: string;
    };

export interface RefundRequest {
  idempotencyKey: string;
  chargeId: string;
  amountCents: number;
}

export interface Refund {
  id: string;
  chargeId: string;
  amountCents: number;
}

/** A request the processor refuses outright (not a card, a bad routing number, an unknown token, a reused key). */
export class PaymentRefusal extends Error {
  constructor(
    readonly code:
      | 'invalid_number'
      | 'invalid_expiry'
      | 'invalid_cvv'
      | 'invalid_routing_number'
      | 'invalid_account_number'
      | 'unknown_source'
      | 'source_not_usable'
      | 'unknown_charge'
      | 'idempotency_key_reused'
      | 'refund_too_large',
    message: string,
  ) {
    super(message);
  }
}
