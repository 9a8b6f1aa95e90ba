import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { messages } from '@portal/contracts';
import { openTestDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../db/client.ts';
import {
  createTestPayoutTransfers,
  PaymentRefusal,
  type CardInput,
  type ChargeRequest,
  type PaymentProcessor,
} from './index.ts';
import {
  brandOfCardNumber,
  isCardNumber,
  isExpired,
  isLuhnValid,
  isRoutingNumber,
  normaliseCardNumber,
} from './cards.ts';
import {
  processorBankAccounts,
  processorCards,
  processorCharges,
  processorRefunds,
  processorTransfers,
} from './schema.ts';
import { createTestProcessor } from './test-processor.ts';

let database: Database;
let processor: PaymentProcessor;
beforeAll(async () => {
  database = await openTestDatabase();
  processor = createTestProcessor(database.db);
});
afterAll(() => database.close());

const now = new Date();
const thisYear = now.getUTCFullYear();
const thisMonth = now.getUTCMonth() + 1;

function cardInput(number: string, overrides: Partial<CardInput> = {}): CardInput {
  return {
    number,
    expMonth: 12,
    expYear: thisYear + 2,
    cvv: '123',
    name: 'Dana Dealer',
    postalCode: '94107',
    country: 'US',
    ...overrides,
  };
}

const cardToken = async (number: string) => (await processor.tokenizeCard(cardInput(number))).token;

let keys = 0;
/** A key no other test uses: each test's charges and refunds are its own. */
const newKey = (name: string) => `${name}-${++keys}-${Math.random().toString(36).slice(2)}`;

function chargeRequest(source: string, overrides: Partial<ChargeRequest> = {}): ChargeRequest {
  return {
    idempotencyKey: newKey('charge'),
    amountCents: 12_345,
    currency: 'USD',
    source,
    description: 'Order 1001',
    ...overrides,
  };
}

async function expectRefusal(promise: Promise<unknown>, code: PaymentRefusal['code'], message?: string) {
  const error = await promise.then(
    () => expect.unreachable(`expected a refusal ${code}`),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentRefusal);
  expect(error).toMatchObject(message === undefined ? { code } : { code, message });
}

async function chargeRowsWithKey(idempotencyKey: string) {
  const [row] = await database.db
    .select({ n: count() })
    .from(processorCharges)
    .where(eq(processorCharges.idempotencyKey, idempotencyKey));
  return row!.n;
}

async function chargeRow(id: string) {
  const [row] = await database.db.select().from(processorCharges).where(eq(processorCharges.id, id));
  return row!;
}

async function refundRowsOf(chargeId: string) {
  return database.db.select().from(processorRefunds).where(eq(processorRefunds.chargeId, chargeId));
}

async function succeededCharge(amountCents = 1000) {
  const charge = await processor.charge(chargeRequest(await cardToken('4242424242424242'), { amountCents }));
  expect(charge.status).toBe('succeeded');
  return charge;
}

const VALID_ACCOUNT = {
  accountHolderName: 'Acme Installs LLC',
  accountType: 'CHECKING',
  ownerType: 'COMPANY',
  routingNumber: '110000000',
  accountNumber: '000123456789',
} as const;

describe('card helpers', () => {
  it('removes spaces and dashes only', () => {
    expect(normaliseCardNumber(' 4242 4242-4242\t4242 ')).toBe('4242424242424242');
    expect(normaliseCardNumber('4242.4242')).toBe('4242.4242');
  });

  it('checks the Luhn digit', () => {
    expect(isLuhnValid('4242424242424242')).toBe(true);
    expect(isLuhnValid('79927398713')).toBe(true);
    expect(isLuhnValid('4242424242424241')).toBe(false);
    expect(isLuhnValid('79927398710')).toBe(false);
    expect(isLuhnValid('4242x42424242424')).toBe(false);
  });

  it('takes 13 to 19 Luhn-valid digits as a card number', () => {
    expect(isCardNumber('4242424242422')).toBe(true);
    expect(isCardNumber('424242424242')).toBe(false); // Luhn-valid, 12 digits
    expect(isCardNumber('42424242424242424242')).toBe(false); // Luhn-valid, 20 digits
  });

  it.each([
    ['4242424242424242', 'visa'],
    ['5105105105105100', 'mastercard'],
    ['5555555555554444', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2720999999999996', 'mastercard'],
    ['2220000000000000', 'unknown'],
    ['5610591081018250', 'unknown'],
    ['378282246310005', 'amex'],
    ['341111111111111', 'amex'],
    ['6011111111111117', 'discover'],
    ['6500000000000002', 'discover'],
    ['6440000000000005', 'discover'],
    ['6430000000000007', 'unknown'],
    ['3566002020360505', 'unknown'],
  ])('names the brand of %s: %s', (number, brand) => {
    expect(brandOfCardNumber(number)).toBe(brand);
  });

  it('counts a card good through its expiry month', () => {
    const midJanuary = new Date('2025-01-15T12:00:00Z');
    expect(isExpired(1, 2025, midJanuary)).toBe(false);
    expect(isExpired(12, 2024, midJanuary)).toBe(true);
    expect(isExpired(2, 2025, midJanuary)).toBe(false);
    expect(isExpired(6, 2026, midJanuary)).toBe(false);
    expect(isExpired(12, 2025, new Date('2025-12-31T23:59:59Z'))).toBe(false);
  });

  it('checks the ABA routing number checksum', () => {
    expect(isRoutingNumber('110000000')).toBe(true); // Stripe's test routing number
    expect(isRoutingNumber('021000021')).toBe(true);
    expect(isRoutingNumber('011000015')).toBe(true);
    expect(isRoutingNumber('110000001')).toBe(false);
    expect(isRoutingNumber('11000000')).toBe(false);
    expect(isRoutingNumber('1100000000')).toBe(false);
    expect(isRoutingNumber('11000000a')).toBe(false);
  });
});

describe('tokenizeCard', () => {
  it('keeps what the card shows and never the number or the security code', async () => {
    const card = await processor.tokenizeCard(cardInput('4242 4242-4242 4242', { cvv: '987' }));
    expect(card).toEqual({
      token: expect.stringMatching(/^card_[0-9a-f]{24}$/),
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: thisYear + 2,
    });
    const [row] = await database.db.select().from(processorCards).where(eq(processorCards.token, card.token));
    expect(row).toMatchObject({
      brand: 'visa',
      last4: '4242',
      name: 'Dana Dealer',
      postalCode: '94107',
      country: 'US',
      behaviour: 'succeed',
    });
    const stored = JSON.stringify(row);
    expect(stored).not.toContain('424242424242');
    expect(stored).not.toContain('987');
  });

  it('gives each tokenization its own token', async () => {
    expect(await cardToken('4242424242424242')).not.toBe(await cardToken('4242424242424242'));
  });

  it('names mastercard and amex, with the amex four-digit code', async () => {
    expect((await processor.tokenizeCard(cardInput('5555-5555-5555-4444'))).brand).toBe('mastercard');
    const amex = await processor.tokenizeCard(cardInput('3782 822463 10005', { cvv: '1234' }));
    expect(amex).toMatchObject({ brand: 'amex', last4: '0005' });
  });

  it.each(['4242424242424241', '424242424242', '42424242424242424242', '4242 4242 4242 424a', ''])(
    'refuses %j as a card number',
    async (number) => {
      await expectRefusal(
        processor.tokenizeCard(cardInput(number)),
        'invalid_number',
        'Your card number is incorrect.',
      );
    },
  );

  it.each([
    ['month 13', { expMonth: 13 }],
    ['month 0', { expMonth: 0 }],
    ['a fractional month', { expMonth: 1.5 }],
    ['last year', { expMonth: 12, expYear: thisYear - 1 }],
    ['a two-digit year', { expMonth: 12, expYear: (thisYear % 100) + 1 }],
  ])('refuses an expiry of %s', async (_, expiry) => {
    await expectRefusal(
      processor.tokenizeCard(cardInput('4242424242424242', expiry)),
      'invalid_expiry',
      "Your card's expiration date is incorrect.",
    );
  });

  it('takes a card that expires this month and refuses one that expired last month', async () => {
    const card = await processor.tokenizeCard(
      cardInput('4242424242424242', { expMonth: thisMonth, expYear: thisYear }),
    );
    expect(card).toMatchObject({ expMonth: thisMonth, expYear: thisYear });
    const lastMonth =
      thisMonth === 1 ? { expMonth: 12, expYear: thisYear - 1 } : { expMonth: thisMonth - 1, expYear: thisYear };
    await expectRefusal(processor.tokenizeCard(cardInput('4242424242424242', lastMonth)), 'invalid_expiry');
  });

  it.each([
    ['4242424242424242', '12'],
    ['4242424242424242', '1234'],
    ['4242424242424242', '12a'],
    ['378282246310005', '123'],
    ['378282246310005', '12345'],
  ])('refuses the security code of %s: %j', async (number, cvv) => {
    await expectRefusal(
      processor.tokenizeCard(cardInput(number, { cvv })),
      'invalid_cvv',
      "Your card's security code is incorrect.",
    );
  });
});

describe('charge', () => {
  it.each(['4242424242424242', '5555555555554444', '6011111111111117', '4242424242422'])(
    'charges a card %s',
    async (number) => {
      const source = await cardToken(number);
      const charge = await processor.charge(chargeRequest(source, { amountCents: 2599 }));
      expect(charge).toEqual({
        id: expect.stringMatching(/^ch_[0-9a-f]{24}$/),
        idempotencyKey: expect.any(String),
        status: 'succeeded',
        amountCents: 2599,
        refundedCents: 0,
        source,
      });
    },
  );

  it.each([
    ['4000000000000002', 'card_declined', messages.transactionDeclined],
    ['4000000000000036', 'incorrect_zip', 'The Ship To zip code does not match the billing address.'],
    ['4000000000009995', 'insufficient_funds', 'This transaction has been declined. Insufficient funds.'],
    ['4000000000000069', 'expired_card', 'This card has expired.'],
    ['4000000000000119', 'processing_error', 'An error occurred while processing the card. Try again in a little bit.'],
  ])('declines the test card %s with %s', async (number, code, detail) => {
    const source = await cardToken(number);
    const request = chargeRequest(source);
    const charge = await processor.charge(request);
    expect(charge).toMatchObject({ status: 'declined', code, detail, refundedCents: 0, amountCents: 12_345 });
    // Recorded: a retry under the same key answers the same decline, without a second row.
    expect(await processor.charge(request)).toEqual(charge);
    expect(await chargeRowsWithKey(request.idempotencyKey)).toBe(1);
  });

  it('keeps the words the spec quotes in the zip decline', async () => {
    const charge = await processor.charge(chargeRequest(await cardToken('4000000000000036')));
    expect(charge.status === 'declined' && charge.detail).toContain('The Ship To zip code');
  });

  it('declines a stored card that has expired since it was tokenized', async () => {
    const source = await cardToken('4242424242424242');
    await database.db
      .update(processorCards)
      .set({ expYear: thisYear - 1 })
      .where(eq(processorCards.token, source));
    expect(await processor.charge(chargeRequest(source))).toMatchObject({ status: 'declined', code: 'expired_card' });
  });

  it('answers the same charge to the same key, once recorded', async () => {
    const request = chargeRequest(await cardToken('4242424242424242'));
    const first = await processor.charge(request);
    const again = await processor.charge({ ...request, description: 'Order 1001 (retry)' });
    expect(again).toEqual(first);
    expect(await chargeRowsWithKey(request.idempotencyKey)).toBe(1);
  });

  it('refuses a key reused with another amount, currency or source', async () => {
    const request = chargeRequest(await cardToken('4242424242424242'));
    const first = await processor.charge(request);
    const otherSource = await cardToken('4242424242424242');
    for (const change of [{ amountCents: 12_346 }, { currency: 'CAD' as const }, { source: otherSource }]) {
      await expectRefusal(
        processor.charge({ ...request, ...change }),
        'idempotency_key_reused',
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
      );
    }
    expect(await processor.findCharge(request.idempotencyKey)).toEqual(first);
  });

  it('refuses a key first used for a decline when reused for another amount', async () => {
    const request = chargeRequest(await cardToken('4000000000000002'));
    await processor.charge(request);
    await expectRefusal(processor.charge({ ...request, amountCents: 1 }), 'idempotency_key_reused');
  });

  it('makes one charge of twenty concurrent requests under one key', async () => {
    const request = chargeRequest(await cardToken('4242424242424242'));
    const charges = await Promise.all(Array.from({ length: 20 }, () => processor.charge(request)));
    expect(new Set(charges.map((charge) => charge.id)).size).toBe(1);
    expect(charges[0]!.status).toBe('succeeded');
    expect(await chargeRowsWithKey(request.idempotencyKey)).toBe(1);
  });

  it('refuses all but one of concurrent requests that reuse a key with other amounts', async () => {
    const source = await cardToken('4242424242424242');
    const idempotencyKey = newKey('race');
    const results = await Promise.allSettled(
      [100, 200, 300, 400].map((amountCents) =>
        processor.charge(chargeRequest(source, { idempotencyKey, amountCents })),
      ),
    );
    const charged = results.filter((result) => result.status === 'fulfilled');
    expect(charged).toHaveLength(1);
    for (const result of results.filter((r) => r.status === 'rejected')) {
      expect(result.reason).toMatchObject({ code: 'idempotency_key_reused' });
    }
    expect(await chargeRowsWithKey(idempotencyKey)).toBe(1);
  });

  it('refuses an unknown source and records nothing', async () => {
    for (const source of ['card_000000000000000000000000', 'ba_000000000000000000000000', 'tok_visa']) {
      const request = chargeRequest(source);
      await expectRefusal(processor.charge(request), 'unknown_source');
      expect(await processor.findCharge(request.idempotencyKey)).toBeNull();
    }
  });

  it('charges a bank account once it is verified, and not before', async () => {
    const { token } = await processor.createBankAccount(VALID_ACCOUNT);
    const request = chargeRequest(token);
    await expectRefusal(processor.charge(request), 'source_not_usable', 'This bank account has not been verified.');
    expect(await processor.findCharge(request.idempotencyKey)).toBeNull();
    await processor.verifyBankAccount(token, [32, 45]);
    expect(await processor.charge(request)).toMatchObject({ status: 'succeeded', source: token });
  });

  it.each([0, -100, 10.5, Number.NaN])('throws on an amount of %s cents', async (amountCents) => {
    const request = chargeRequest(await cardToken('4242424242424242'), { amountCents });
    await expect(processor.charge(request)).rejects.toBeInstanceOf(RangeError);
    expect(await chargeRowsWithKey(request.idempotencyKey)).toBe(0);
  });

  it('finds a charge by its key, or null', async () => {
    const request = chargeRequest(await cardToken('4242424242424242'));
    expect(await processor.findCharge(request.idempotencyKey)).toBeNull();
    const charge = await processor.charge(request);
    expect(await processor.findCharge(request.idempotencyKey)).toEqual(charge);
  });

  it('keeps its charges across a restart', async () => {
    const request = chargeRequest(await cardToken('4242424242424242'));
    const charge = await processor.charge(request);
    const restarted = createTestProcessor(database.db);
    expect(await restarted.findCharge(request.idempotencyKey)).toEqual(charge);
    expect(await restarted.charge(request)).toEqual(charge);
    expect((await restarted.voidCharge(charge.id)).status).toBe('voided');
    expect(await processor.findCharge(request.idempotencyKey)).toMatchObject({ id: charge.id, status: 'voided' });
  });
});

describe('voidCharge', () => {
  it('voids a succeeded charge, and voiding again answers the voided charge', async () => {
    const charge = await succeededCharge();
    const voided = await processor.voidCharge(charge.id);
    expect(voided).toEqual({ ...charge, status: 'voided' });
    expect(await processor.voidCharge(charge.id)).toEqual(voided);
    expect((await chargeRow(charge.id)).status).toBe('voided');
  });

  it('refuses an unknown charge', async () => {
    await expectRefusal(processor.voidCharge('ch_000000000000000000000000'), 'unknown_charge');
  });

  it('refuses to void a declined charge', async () => {
    const declined = await processor.charge(chargeRequest(await cardToken('4000000000000002')));
    await expectRefusal(processor.voidCharge(declined.id), 'unknown_charge', 'Only a succeeded charge can be voided.');
    expect((await chargeRow(declined.id)).status).toBe('declined');
  });

  it('refuses to void a partly refunded charge', async () => {
    const charge = await succeededCharge();
    await processor.refund({ idempotencyKey: newKey('refund'), chargeId: charge.id, amountCents: 100 });
    await expectRefusal(processor.voidCharge(charge.id), 'unknown_charge');
    expect((await chargeRow(charge.id)).status).toBe('succeeded');
  });
});

describe('refund', () => {
  it('refunds in parts up to the charge and refuses more', async () => {
    const charge = await succeededCharge(1000);
    const first = await processor.refund({ idempotencyKey: newKey('refund'), chargeId: charge.id, amountCents: 400 });
    expect(first).toEqual({ id: expect.stringMatching(/^re_[0-9a-f]{24}$/), chargeId: charge.id, amountCents: 400 });
    await processor.refund({ idempotencyKey: newKey('refund'), chargeId: charge.id, amountCents: 600 });
    expect(await processor.findCharge(charge.idempotencyKey)).toMatchObject({
      status: 'succeeded',
      refundedCents: 1000,
    });

    const tooMuch = { idempotencyKey: newKey('refund'), chargeId: charge.id, amountCents: 1 };
    await expectRefusal(processor.refund(tooMuch), 'refund_too_large');
    expect((await chargeRow(charge.id)).refundedCents).toBe(1000);
    expect((await refundRowsOf(charge.id)).map((row) => row.amountCents).sort((a, b) => a - b)).toEqual([400, 600]);
  });

  it('refuses a refund larger than what is left, leaving the charge as it was', async () => {
    const charge = await succeededCharge(1000);
    await processor.refund({ idempotencyKey: newKey('refund'), chargeId: charge.id, amountCents: 700 });
    await expectRefusal(
      processor.refund({ idempotencyKey: newKey('refund'), chargeId: charge.id, amountCents: 301 }),
      'refund_too_large',
      'Refund amount (301 cents) is greater than the unrefunded amount of the charge (300 cents).',
    );
    expect((await chargeRow(charge.id)).refundedCents).toBe(700);
    expect(await refundRowsOf(charge.id)).toHaveLength(1);
  });

  it('answers the same refund to the same key and counts it once', async () => {
    const charge = await succeededCharge(1000);
    const request = { idempotencyKey: newKey('refund'), chargeId: charge.id, amountCents: 250 };
    const first = await processor.refund(request);
    expect(await processor.refund(request)).toEqual(first);
    expect((await chargeRow(charge.id)).refundedCents).toBe(250);
    await expectRefusal(processor.refund({ ...request, amountCents: 251 }), 'idempotency_key_reused');
  });

  it('refuses an unknown charge and a charge that did not succeed', async () => {
    await expectRefusal(
      processor.refund({ idempotencyKey: newKey('refund'), chargeId: 'ch_000000000000000000000000', amountCents: 1 }),
      'unknown_charge',
    );
    const declined = await processor.charge(chargeRequest(await cardToken('4000000000009995')));
    await expectRefusal(
      processor.refund({ idempotencyKey: newKey('refund'), chargeId: declined.id, amountCents: 1 }),
      'unknown_charge',
      'Only a succeeded charge can be refunded.',
    );
    const voided = await processor.voidCharge((await succeededCharge()).id);
    await expectRefusal(
      processor.refund({ idempotencyKey: newKey('refund'), chargeId: voided.id, amountCents: 1 }),
      'unknown_charge',
    );
    expect((await chargeRow(voided.id)).refundedCents).toBe(0);
  });

  it('throws on an amount that is not a positive whole number of cents', async () => {
    const charge = await succeededCharge();
    await expect(
      processor.refund({ idempotencyKey: newKey('refund'), chargeId: charge.id, amountCents: 0 }),
    ).rejects.toBeInstanceOf(RangeError);
  });

  it('never refunds more than the charge under concurrent refunds', async () => {
    const charge = await succeededCharge(1000);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        processor.refund({ idempotencyKey: newKey('refund'), chargeId: charge.id, amountCents: 300 }),
      ),
    );
    const refunded = results.filter((result) => result.status === 'fulfilled');
    expect(refunded).toHaveLength(3);
    for (const result of results.filter((r) => r.status === 'rejected')) {
      expect(result.reason).toMatchObject({ code: 'refund_too_large' });
    }
    expect((await chargeRow(charge.id)).refundedCents).toBe(900);
    const rows = await refundRowsOf(charge.id);
    expect(rows.reduce((sum, row) => sum + row.amountCents, 0)).toBe(900);
  });

  it('makes one refund of concurrent requests under one key', async () => {
    const charge = await succeededCharge(1000);
    const request = { idempotencyKey: newKey('refund'), chargeId: charge.id, amountCents: 100 };
    const refunds = await Promise.all(Array.from({ length: 10 }, () => processor.refund(request)));
    expect(new Set(refunds.map((r) => r.id)).size).toBe(1);
    expect((await chargeRow(charge.id)).refundedCents).toBe(100);
    expect(await refundRowsOf(charge.id)).toHaveLength(1);
  });
});

describe('bank accounts', () => {
  async function bankAccountRow(token: string) {
    const [row] = await database.db.select().from(processorBankAccounts).where(eq(processorBankAccounts.token, token));
    return row!;
  }

  it('keeps a bank account unverified, with the last four digits of its number only', async () => {
    const account = await processor.createBankAccount(VALID_ACCOUNT);
    expect(account).toEqual({
      token: expect.stringMatching(/^ba_[0-9a-f]{24}$/),
      last4: '6789',
      bankName: '',
      status: 'unverified',
    });
    const row = await bankAccountRow(account.token);
    expect(row).toMatchObject({
      accountHolderName: 'Acme Installs LLC',
      accountType: 'CHECKING',
      ownerType: 'COMPANY',
      status: 'unverified',
      failedAttempts: 0,
    });
    expect(JSON.stringify(row)).not.toContain('123456789');
  });

  it('names a known bank as a person writes it; a test routing number has no name (issue 27 §7)', async () => {
    const account = await processor.createBankAccount({ ...VALID_ACCOUNT, routingNumber: '021000021' });
    expect(account.bankName).toBe('JPMorgan Chase Bank');
    expect((await processor.createBankAccount(VALID_ACCOUNT)).bankName).toBe('');
  });

  it.each(['110000001', '11000000', '1100000000', '11000000a', ''])(
    'refuses the routing number %j',
    async (routingNumber) => {
      await expectRefusal(
        processor.createBankAccount({ ...VALID_ACCOUNT, routingNumber }),
        'invalid_routing_number',
        'The routing number is not valid.',
      );
    },
  );

  it.each(['123', '123456789012345678', '12345a', ''])('refuses the account number %j', async (accountNumber) => {
    await expectRefusal(processor.createBankAccount({ ...VALID_ACCOUNT, accountNumber }), 'invalid_account_number');
  });

  it('takes account numbers of 4 and of 17 digits', async () => {
    expect((await processor.createBankAccount({ ...VALID_ACCOUNT, accountNumber: '1234' })).last4).toBe('1234');
    const long = await processor.createBankAccount({ ...VALID_ACCOUNT, accountNumber: '12345678901234567' });
    expect(long.last4).toBe('4567');
  });

  it.each([
    [32, 45],
    [45, 32],
  ] as const)('verifies with the deposits %i and %i, and again', async (first, second) => {
    const { token } = await processor.createBankAccount(VALID_ACCOUNT);
    expect(await processor.verifyBankAccount(token, [first, second])).toEqual({ status: 'verified' });
    expect(await processor.verifyBankAccount(token, [first, second])).toEqual({ status: 'verified' });
    // A wrong pair does not undo a verification, nor count against it.
    expect(await processor.verifyBankAccount(token, [1, 2])).toEqual({ status: 'verified' });
    expect(await bankAccountRow(token)).toMatchObject({ status: 'verified', failedAttempts: 0 });
  });

  it('counts wrong pairs and locks the account on the third for good', async () => {
    const { token } = await processor.createBankAccount(VALID_ACCOUNT);
    expect(await processor.verifyBankAccount(token, [32, 32])).toEqual({ status: 'refused', attemptsLeft: 2 });
    expect(await processor.verifyBankAccount(token, [45, 45])).toEqual({ status: 'refused', attemptsLeft: 1 });
    expect(await processor.verifyBankAccount(token, [33, 44])).toEqual({ status: 'locked' });
    expect(await processor.verifyBankAccount(token, [32, 45])).toEqual({ status: 'locked' });
    expect(await bankAccountRow(token)).toMatchObject({ status: 'locked', failedAttempts: 3 });
    await expectRefusal(processor.charge(chargeRequest(token)), 'source_not_usable');
  });

  it('verifies with the right pair after fewer than three wrong ones', async () => {
    const { token } = await processor.createBankAccount(VALID_ACCOUNT);
    await processor.verifyBankAccount(token, [1, 1]);
    await processor.verifyBankAccount(token, [2, 2]);
    expect(await processor.verifyBankAccount(token, [45, 32])).toEqual({ status: 'verified' });
  });

  it('counts each of concurrent wrong pairs and locks on the third', async () => {
    const { token } = await processor.createBankAccount(VALID_ACCOUNT);
    const answers = await Promise.all(Array.from({ length: 8 }, () => processor.verifyBankAccount(token, [1, 2])));
    const attemptsLeft = answers.flatMap((answer) => (answer.status === 'refused' ? [answer.attemptsLeft] : []));
    expect(attemptsLeft.sort((a, b) => a - b)).toEqual([1, 2]);
    expect(answers.filter((answer) => answer.status === 'locked')).toHaveLength(6);
    expect(await bankAccountRow(token)).toMatchObject({ status: 'locked', failedAttempts: 3 });
  });

  it('refuses an unknown bank account', async () => {
    await expectRefusal(processor.verifyBankAccount('ba_000000000000000000000000', [32, 45]), 'unknown_source');
    await expectRefusal(processor.verifyBankAccount('ba_000000000000000000000000', [1, 2]), 'unknown_source');
  });
});

describe('transfers to connected accounts (Stripe Connect transfers; issue 30 §4 payouts)', () => {
  const request = (key: string, amountCents = 2675) => ({
    idempotencyKey: key,
    destination: 'acct_test_0123456789abcdef',
    amountCents,
    currency: 'USD' as const,
    description: 'Reward for activating 10230000915 (Premium, 2 year)',
  });

  it('transfers once per key: a retry answers the same transfer; the same key with another amount is refused', async () => {
    const transfers = createTestPayoutTransfers(database.db);
    const first = await transfers.transfer(request('payout-key-1'));
    expect(first).toMatchObject({ id: expect.stringMatching(/^tr_[0-9a-f]{24}$/), amountCents: 2675, status: 'paid' });
    expect(await transfers.transfer(request('payout-key-1'))).toEqual(first);
    expect(await transfers.findTransfer('payout-key-1')).toEqual(first);
    await expect(transfers.transfer(request('payout-key-1', 100))).rejects.toMatchObject({
      code: 'idempotency_key_reused',
    });
    const rows = await database.db
      .select({ n: count() })
      .from(processorTransfers)
      .where(eq(processorTransfers.idempotencyKey, 'payout-key-1'));
    expect(rows[0]!.n).toBe(1);
    expect(await transfers.findTransfer('payout-key-never')).toBeNull();
  });

  it('a reversal takes it back once; an account it does not know is refused', async () => {
    const transfers = createTestPayoutTransfers(database.db);
    const made = await transfers.transfer(request('payout-key-2'));
    expect((await transfers.reverseTransfer(made.id)).status).toBe('reversed');
    expect((await transfers.reverseTransfer(made.id)).status).toBe('reversed');
    expect((await transfers.findTransfer('payout-key-2'))!.status).toBe('reversed');
    await expect(transfers.transfer({ ...request('payout-key-3'), destination: 'nobody' })).rejects.toBeInstanceOf(
      PaymentRefusal,
    );
  });
});
