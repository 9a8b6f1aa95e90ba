import { describe, expect, it } from 'vitest';
import { REFUSAL_CODES } from './refusals.ts';
import { expiryOfCard, payingFactsOf, whyMethodCannotPay, type PaymentCard } from './payment-methods.ts';

const midMay2027 = new Date('2027-05-15T12:00:00Z');
const card = (expiration_date: string | null, status: PaymentCard['status'] = 'verified'): PaymentCard => ({
  id: 'c1',
  is_main: false,
  type: 'CARD',
  number: '**** 4242',
  expiration_date,
  cvv: null,
  name: 'Test',
  billing_info: null,
  country: 'US',
  brand: 'visa',
  last4: '4242',
  status,
  bank: null,
  createdAt: '2026-01-01T00:00:00Z',
});
const bank = (status: PaymentCard['status']): PaymentCard => ({ ...card(null, status), type: 'BANK_ACCOUNT' });

describe('may this saved method pay now (spec 02 §4; the one rule of checkout, invoice payment and the screens)', () => {
  it('a card pays through the last day of its month, not after', () => {
    expect(whyMethodCannotPay(payingFactsOf(card('05/27')), midMay2027)).toBeNull();
    expect(whyMethodCannotPay(payingFactsOf(card('05/27')), new Date('2027-05-31T23:59:59Z'))).toBeNull();
    expect(whyMethodCannotPay(payingFactsOf(card('05/27')), new Date('2027-06-01T00:00:00Z'))).toBe(
      REFUSAL_CODES.CARD_EXPIRED,
    );
    expect(whyMethodCannotPay(payingFactsOf(card('12/26')), midMay2027)).toBe(REFUSAL_CODES.CARD_EXPIRED);
  });

  it('a bank account pays only once verified (unverified and locked do not)', () => {
    expect(whyMethodCannotPay(payingFactsOf(bank('verified')), midMay2027)).toBeNull();
    expect(whyMethodCannotPay(payingFactsOf(bank('unverified')), midMay2027)).toBe(REFUSAL_CODES.BANK_UNVERIFIED);
    expect(whyMethodCannotPay(payingFactsOf(bank('locked')), midMay2027)).toBe(REFUSAL_CODES.BANK_UNVERIFIED);
  });

  it('reads the wire expiry once: MM/YY with the year prefixed 20; anything else is no expiry', () => {
    expect(expiryOfCard(card('08/31'))).toEqual({ month: 8, year: 2031 });
    expect(expiryOfCard(card(null))).toBeNull();
    expect(expiryOfCard(card('8/31'))).toBeNull();
  });

  it('the server row and the screen card give the same answer', () => {
    const row = { type: 'CARD' as const, status: 'verified', expMonth: 4, expYear: 2027 };
    expect(whyMethodCannotPay(row, midMay2027)).toBe(whyMethodCannotPay(payingFactsOf(card('04/27')), midMay2027));
  });
});
