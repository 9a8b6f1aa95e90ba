import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { BANK_VERIFY_ATTEMPTS, messages } from '@portal/contracts';
import type { Db, Tx } from '../../db/client.ts';
import {
  PaymentRefusal,
  type BankAccountInput,
  type BankVerification,
  type CardInput,
  type Charge,
  type ChargeRequest,
  type DeclineCode,
  type PaymentProcessor,
  type Refund,
  type RefundRequest,
  type TokenizedBankAccount,
  type TokenizedCard,
} from './types.ts';
import {
  brandOfCardNumber,
  isCardNumber,
  isCvvOfBrand,
  isExpired,
  isRoutingNumber,
  normaliseCardNumber,
} from './cards.ts';
import { processorBankAccounts, processorCards, processorCharges, processorRefunds } from './schema.ts';

/** Stripe's test numbers that decline; every other card number charges. */
const DECLINING_TEST_NUMBERS: Record<string, DeclineCode> = {
  '4000000000000002': 'card_declined',
  '4000000000000036': 'incorrect_zip',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000119': 'processing_error',
};

/** The processor's words for each decline (spec 02 §8: the portal shows them as sent). */
const DECLINE_DETAILS: Record<DeclineCode, string> = {
  card_declined: messages.transactionDeclined,
  incorrect_zip: 'The Ship To zip code does not match the billing address.',
  insufficient_funds: 'This transaction has been declined. Insufficient funds.',
  expired_card: 'This card has expired.',
  processing_error: 'An error occurred while processing the card. Try again in a little bit.',
};

type Behaviour = 'succeed' | DeclineCode;
type ChargeRow = typeof processorCharges.$inferSelect;
type RefundRow = typeof processorRefunds.$inferSelect;

/** Stripe's test micro-deposits; the test processor "sends" these two to every bank account. */
const MICRO_DEPOSITS_CENTS = [32, 45] as const;
/**
 * Banks by routing number, as a person writes their names (issue 27 §7): a few of the largest U.S. banks,
 * so a demo can show one. Any other number, Stripe's test number 110000000 among them, has no name here
 * (a real processor's test label, 'STRIPE TEST BANK', is never shown to a dealer).
 */
const BANK_NAMES: Readonly<Record<string, string>> = {
  '021000021': 'JPMorgan Chase Bank',
  '026009593': 'Bank of America',
  '121000248': 'Wells Fargo Bank',
  '021000089': 'Citibank',
  '091000022': 'U.S. Bank',
};

const KEY_REUSED = 'Keys for idempotent requests can only be used with the same parameters they were first used with.';

/**
 * The offline processor: Stripe's test-mode rules, kept in its own tables so that its charges outlive a
 * restart of the portal. Every step that two requests could race on is one conditional SQL statement (or a
 * transaction around one), so it holds on PostgreSQL with many connections as on PGlite with one.
 */
export function createTestProcessor(db: Db): PaymentProcessor {
  return {
    kind: 'test',
    tokenizeCard: (card) => tokenizeCard(db, card),
    charge: (request) => charge(db, request),
    findCharge: async (idempotencyKey) => {
      const row = await chargeByKey(db, idempotencyKey);
      return row ? toCharge(row) : null;
    },
    voidCharge: (chargeId) => voidCharge(db, chargeId),
    refund: (request) => refund(db, request),
    createBankAccount: (account) => createBankAccount(db, account),
    verifyBankAccount: (token, amountsCents) => verifyBankAccount(db, token, amountsCents),
    testMicroDepositsCents: MICRO_DEPOSITS_CENTS,
  };
}

async function tokenizeCard(db: Db, card: CardInput): Promise<TokenizedCard> {
  const number = normaliseCardNumber(card.number);
  if (!isCardNumber(number)) throw new PaymentRefusal('invalid_number', 'Your card number is incorrect.');
  if (!isUsableExpiry(card.expMonth, card.expYear)) {
    throw new PaymentRefusal('invalid_expiry', "Your card's expiration date is incorrect.");
  }
  const brand = brandOfCardNumber(number);
  if (!isCvvOfBrand(card.cvv, brand))
    throw new PaymentRefusal('invalid_cvv', "Your card's security code is incorrect.");
  const [row] = await db
    .insert(processorCards)
    .values({
      token: newToken('card'),
      brand,
      last4: number.slice(-4),
      expMonth: card.expMonth,
      expYear: card.expYear,
      name: card.name,
      postalCode: card.postalCode,
      country: card.country,
      // The number is dropped here; what it stands for in test mode is all that is kept of it.
      behaviour: DECLINING_TEST_NUMBERS[number] ?? 'succeed',
    })
    .returning();
  return { token: row!.token, brand, last4: row!.last4, expMonth: row!.expMonth, expYear: row!.expYear };
}

function isUsableExpiry(expMonth: number, expYear: number) {
  return (
    Number.isInteger(expMonth) &&
    expMonth >= 1 &&
    expMonth <= 12 &&
    Number.isInteger(expYear) &&
    expYear <= 9999 &&
    !isExpired(expMonth, expYear, new Date())
  );
}

async function charge(db: Db, request: ChargeRequest): Promise<Charge> {
  assertPositiveCents(request.amountCents);
  // A retry under a key finds its charge at the insert below (a source once charged is never forgotten:
  // cards and bank accounts are kept, so asking what it does first answers a retry as it answered the first).
  const behaviour = await behaviourOfSource(db, request.source);
  const [inserted] = await db
    .insert(processorCharges)
    .values({
      id: newToken('ch'),
      idempotencyKey: request.idempotencyKey,
      source: request.source,
      amountCents: request.amountCents,
      currency: request.currency,
      description: request.description,
      status: behaviour === 'succeed' ? 'succeeded' : 'declined',
      declineCode: behaviour === 'succeed' ? null : behaviour,
    })
    .onConflictDoNothing({ target: processorCharges.idempotencyKey })
    .returning();
  // Nothing inserted: a request under the same key got there first (a retry, or a request alongside: PostgreSQL
  // made this insert wait for that one to commit), so its charge is there to read, and this request answers what
  // that one recorded.
  return answerChargeRequest(inserted ?? (await chargeByKey(db, request.idempotencyKey))!, request);
}

/** The charge recorded under a key, as the answer to a request under that key if it asked the same. */
function answerChargeRequest(row: ChargeRow, request: ChargeRequest): Charge {
  const isSameRequest =
    row.amountCents === request.amountCents && row.currency === request.currency && row.source === request.source;
  if (!isSameRequest) throw new PaymentRefusal('idempotency_key_reused', KEY_REUSED);
  return toCharge(row);
}

/** What charging this source does; a source that cannot be charged at all is refused, with nothing recorded. */
async function behaviourOfSource(db: Db, source: string): Promise<Behaviour> {
  if (source.startsWith('card_')) {
    const [card] = await db.select().from(processorCards).where(eq(processorCards.token, source));
    if (card) {
      // A card kept since it was tokenized may have run out since.
      return isExpired(card.expMonth, card.expYear, new Date()) ? 'expired_card' : (card.behaviour as Behaviour);
    }
  }
  if (source.startsWith('ba_')) {
    const account = await bankAccountByToken(db, source);
    if (account?.status === 'verified') return 'succeed';
    if (account) throw new PaymentRefusal('source_not_usable', 'This bank account has not been verified.');
  }
  throw new PaymentRefusal('unknown_source', 'No such card or bank account.');
}

async function voidCharge(db: Db, chargeId: string): Promise<Charge> {
  const [voided] = await db
    .update(processorCharges)
    .set({ status: 'voided' })
    .where(
      and(
        eq(processorCharges.id, chargeId),
        eq(processorCharges.status, 'succeeded'),
        eq(processorCharges.refundedCents, 0),
      ),
    )
    .returning();
  if (voided) return toCharge(voided);
  const row = await chargeById(db, chargeId);
  if (!row) throw unknownCharge();
  if (row.status === 'voided') return toCharge(row);
  if (row.status === 'declined') throw new PaymentRefusal('unknown_charge', 'Only a succeeded charge can be voided.');
  throw new PaymentRefusal('unknown_charge', 'A charge with refunds cannot be voided; refund the rest instead.');
}

async function refund(db: Db, request: RefundRequest): Promise<Refund> {
  assertPositiveCents(request.amountCents);
  const earlier = await refundByKey(db, request.idempotencyKey);
  if (earlier) return answerRefundRequest(earlier, request);
  // Charges are never deleted: a charge there now is there when the refund row names it.
  if (!(await chargeById(db, request.chargeId))) throw unknownCharge();
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(processorRefunds)
      .values({
        id: newToken('re'),
        idempotencyKey: request.idempotencyKey,
        chargeId: request.chargeId,
        amountCents: request.amountCents,
      })
      .onConflictDoNothing({ target: processorRefunds.idempotencyKey })
      .returning();
    // A request under the same key committed first (this insert waited for it): answer its refund.
    if (!inserted) return answerRefundRequest((await refundByKey(tx, request.idempotencyKey))!, request);
    // Check and add in one statement: a concurrent refund of the same charge waits for this row's lock,
    // then PostgreSQL checks its condition again against the total this one left.
    const [refunded] = await tx
      .update(processorCharges)
      .set({ refundedCents: sql`${processorCharges.refundedCents} + ${request.amountCents}` })
      .where(
        and(
          eq(processorCharges.id, request.chargeId),
          eq(processorCharges.status, 'succeeded'),
          sql`${processorCharges.refundedCents} + ${request.amountCents} <= ${processorCharges.amountCents}`,
        ),
      )
      .returning({ id: processorCharges.id });
    if (!refunded) throw await whyNotRefundable(tx, request);
    return toRefund(inserted);
  });
}

/** The refund recorded under a key, as the answer to a request under that key if it asked the same. */
function answerRefundRequest(row: RefundRow, request: RefundRequest): Refund {
  const isSameRequest = row.chargeId === request.chargeId && row.amountCents === request.amountCents;
  if (!isSameRequest) throw new PaymentRefusal('idempotency_key_reused', KEY_REUSED);
  return toRefund(row);
}

async function whyNotRefundable(tx: Tx, request: RefundRequest): Promise<PaymentRefusal> {
  const row = await chargeById(tx, request.chargeId);
  if (!row) return unknownCharge();
  if (row.status !== 'succeeded')
    return new PaymentRefusal('unknown_charge', 'Only a succeeded charge can be refunded.');
  const left = row.amountCents - row.refundedCents;
  return new PaymentRefusal(
    'refund_too_large',
    `Refund amount (${request.amountCents} cents) is greater than the unrefunded amount of the charge (${left} cents).`,
  );
}

async function createBankAccount(db: Db, account: BankAccountInput): Promise<TokenizedBankAccount> {
  if (!isRoutingNumber(account.routingNumber)) {
    throw new PaymentRefusal('invalid_routing_number', 'The routing number is not valid.');
  }
  if (!/^\d{4,17}$/.test(account.accountNumber)) {
    throw new PaymentRefusal('invalid_account_number', 'The account number is not valid.');
  }
  const [row] = await db
    .insert(processorBankAccounts)
    .values({
      token: newToken('ba'),
      last4: account.accountNumber.slice(-4),
      bankName: BANK_NAMES[account.routingNumber] ?? '',
      accountType: account.accountType,
      ownerType: account.ownerType,
      accountHolderName: account.accountHolderName,
    })
    .returning();
  return { token: row!.token, last4: row!.last4, bankName: row!.bankName, status: 'unverified' };
}

async function verifyBankAccount(
  db: Db,
  token: string,
  amountsCents: readonly [number, number],
): Promise<BankVerification> {
  const [changed] = isMicroDepositPair(amountsCents) ? await markVerified(db, token) : await countWrongPair(db, token);
  if (changed) return verificationOf(changed);
  // Nothing to change: the account is verified or locked already, or there is no such account.
  const account = await bankAccountByToken(db, token);
  if (!account) throw new PaymentRefusal('unknown_source', 'No such bank account.');
  return verificationOf(account);
}

function isMicroDepositPair([first, second]: readonly [number, number]) {
  const [low, high] = MICRO_DEPOSITS_CENTS;
  return (first === low && second === high) || (first === high && second === low);
}

const markVerified = (db: Db, token: string) =>
  db
    .update(processorBankAccounts)
    .set({ status: 'verified' })
    .where(and(eq(processorBankAccounts.token, token), eq(processorBankAccounts.status, 'unverified')))
    .returning({ status: processorBankAccounts.status, failedAttempts: processorBankAccounts.failedAttempts });

/** Counts a wrong pair and locks on the last allowed one, in one statement: racing tries cannot skip the lock. */
const countWrongPair = (db: Db, token: string) =>
  db
    .update(processorBankAccounts)
    .set({
      failedAttempts: sql`${processorBankAccounts.failedAttempts} + 1`,
      status: sql`case when ${processorBankAccounts.failedAttempts} + 1 >= ${BANK_VERIFY_ATTEMPTS} then 'locked' else 'unverified' end`,
    })
    .where(and(eq(processorBankAccounts.token, token), eq(processorBankAccounts.status, 'unverified')))
    .returning({ status: processorBankAccounts.status, failedAttempts: processorBankAccounts.failedAttempts });

function verificationOf(account: { status: string; failedAttempts: number }): BankVerification {
  if (account.status === 'verified') return { status: 'verified' };
  if (account.status === 'locked') return { status: 'locked' };
  return { status: 'refused', attemptsLeft: BANK_VERIFY_ATTEMPTS - account.failedAttempts };
}

async function chargeByKey(db: Db | Tx, idempotencyKey: string): Promise<ChargeRow | null> {
  const [row] = await db.select().from(processorCharges).where(eq(processorCharges.idempotencyKey, idempotencyKey));
  return row ?? null;
}

async function chargeById(db: Db | Tx, chargeId: string): Promise<ChargeRow | null> {
  const [row] = await db.select().from(processorCharges).where(eq(processorCharges.id, chargeId));
  return row ?? null;
}

async function refundByKey(db: Db | Tx, idempotencyKey: string): Promise<RefundRow | null> {
  const [row] = await db.select().from(processorRefunds).where(eq(processorRefunds.idempotencyKey, idempotencyKey));
  return row ?? null;
}

async function bankAccountByToken(db: Db, token: string) {
  const [row] = await db.select().from(processorBankAccounts).where(eq(processorBankAccounts.token, token));
  return row ?? null;
}

function toCharge(row: ChargeRow): Charge {
  const common = { id: row.id, idempotencyKey: row.idempotencyKey, amountCents: row.amountCents, source: row.source };
  if (row.status === 'declined') {
    const code = row.declineCode as DeclineCode;
    return { ...common, status: 'declined', refundedCents: 0, code, detail: DECLINE_DETAILS[code] };
  }
  return { ...common, status: row.status as 'succeeded' | 'voided', refundedCents: row.refundedCents };
}

const toRefund = (row: RefundRow): Refund => ({ id: row.id, chargeId: row.chargeId, amountCents: row.amountCents });

const unknownCharge = () => new PaymentRefusal('unknown_charge', 'No such charge.');

/** Money is whole cents; anything else is a bug in the caller, not a request to refuse. */
function assertPositiveCents(amountCents: number) {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new RangeError(`An amount is a whole number of cents above zero, not ${amountCents}.`);
  }
}

/** Stripe-style ids: a prefix naming the kind, then 24 random hex digits. */
function newToken(prefix: 'card' | 'ba' | 'ch' | 're') {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}
