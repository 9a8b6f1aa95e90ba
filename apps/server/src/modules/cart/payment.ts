import { CHECKOUT_TEXTS, REFUSAL_CODES, type SetPaymentRequest } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { refuse } from '../../refusal.ts';
import { lockedCreditLimitOf } from '../business-partners/index.ts';
import { creditStandingOf, termsRefusalOf } from '../billing/index.ts';
import { paymentLabelOf, paymentMethodOfBusiness, refuseUnlessMethodCanPay } from '../payment-methods/index.ts';
import type { Buyer, PricedCheckout } from './pricing.ts';

/** How an order is paid, decided: what the order records and, for a card or bank account, what to charge. */
export interface ResolvedPayment {
  kind: 'COD' | 'TERMS' | 'CARD' | 'BANK_ACCOUNT';
  label: string;
  paymentMethodId: string | null;
  /** The processor's token to charge; null for COD and TERMS. */
  source: string | null;
}

/** A saved method of the business by id. */
const methodOf = (db: Db | Tx, businessId: string, id: string | undefined) =>
  id ? paymentMethodOfBusiness(db, businessId, id) : Promise.resolve(null);

const GATEWAY_LABELS = { COD: 'Cash on delivery', TERMS: 'On account (terms)' } as const;

/** The ways a business may pay for a checkout (spec 02 §4, §8), checked on the server. */
export function createPaymentRules(_ctx: AppContext) {
  /**
   * A choice is good when it covers the whole total (PARTIAL_PAYMENT_NOT_ALLOWED otherwise), and: TERMS
   * while the order fits what is left of the credit limit and nothing is past due; a card of the business
   * that has not expired; a bank account of the business that is verified.
   */
  async function check(
    db: Db | Tx,
    buyer: Buyer,
    priced: PricedCheckout,
    choice: SetPaymentRequest,
  ): Promise<ResolvedPayment> {
    const total = priced.checkout.totalPrice.cents;
    if (choice.amount !== total)
      throw refuse.invalid(CHECKOUT_TEXTS.partialPaymentNotAllowed, REFUSAL_CODES.PARTIAL_PAYMENT_NOT_ALLOWED);
    if (choice.gateway === 'COD')
      return { kind: 'COD', label: GATEWAY_LABELS.COD, paymentMethodId: null, source: null };
    if (choice.gateway === 'TERMS') {
      // The partner's row locked for the rest of the transaction: two orders on terms of one business at once
      // are decided one after the other, so together they can not pass the credit limit.
      const creditLimitCents = await lockedCreditLimitOf(db, buyer.business.id);
      const refusal = termsRefusalOf(await creditStandingOf(db, { id: buyer.business.id, creditLimitCents }), total);
      if (refusal) throw refusal;
      return { kind: 'TERMS', label: GATEWAY_LABELS.TERMS, paymentMethodId: null, source: null };
    }
    const method = await methodOf(db, buyer.business.id, choice.paymentMethodId);
    if (!method || method.type !== choice.gateway)
      throw refuse.notFound(CHECKOUT_TEXTS.paymentMethodNotFound, REFUSAL_CODES.PAYMENT_METHOD_NOT_FOUND);
    refuseUnlessMethodCanPay(method);
    return {
      kind: method.type,
      label: paymentLabelOf(method),
      paymentMethodId: method.id,
      source: method.processorToken,
    };
  }

  /** complete-b2b-checkout {selectedPayment}: 'COD', 'TERMS' or a saved method's id, for the whole total. */
  async function selected(db: Db | Tx, buyer: Buyer, priced: PricedCheckout, selectedPayment: string) {
    const total = priced.checkout.totalPrice.cents;
    if (selectedPayment === 'COD' || selectedPayment === 'TERMS')
      return check(db, buyer, priced, { gateway: selectedPayment, amount: total });
    const method = await methodOf(db, buyer.business.id, selectedPayment);
    if (!method) throw refuse.notFound(CHECKOUT_TEXTS.paymentMethodNotFound, REFUSAL_CODES.PAYMENT_METHOD_NOT_FOUND);
    return check(db, buyer, priced, {
      gateway: method.type as 'CARD' | 'BANK_ACCOUNT',
      paymentMethodId: method.id,
      amount: total,
    });
  }

  return { check, selected };
}
