import { REFUSAL_CODES } from '@portal/contracts';
import { PaymentRefusal, type ChargeRequest, type PaymentProcessor } from '../adapters/payments/index.ts';
import { refuse } from '../refusal.ts';
import type { Step } from './machine.ts';

/** What a charge step made: the processor's charge, kept on the record it pays for. */
export interface MadeCharge {
  id: string;
}

/**
 * The charge of a try, as one step of the attempt machine: by the processor, idempotent by the try's id
 * (a retry or a recovery can never charge twice); a decline or a refusal ends the try with the
 * processor's words (spec 02 §8 PAYMENT_ERROR); undone by a void. Checkout completion and invoice payment
 * charge through this one step; a subscription purchase will too.
 */
export function chargeStep<S>(
  payments: PaymentProcessor,
  /** What to charge for this try; null when nothing is to be charged (COD, credit that covers it all). */
  chargeOf: (snapshot: S) => Omit<ChargeRequest, 'idempotencyKey'> | null,
): Step<S, MadeCharge> {
  return {
    name: 'charge',
    needed: (snapshot) => chargeOf(snapshot) !== null,
    async invoke(tryId, snapshot) {
      const charge = await payments
        .charge({ ...chargeOf(snapshot)!, idempotencyKey: tryId })
        .catch((error: unknown) => {
          if (error instanceof PaymentRefusal) throw refuse.invalid(error.message, REFUSAL_CODES.PAYMENT_ERROR);
          throw error;
        });
      if (charge.status === 'declined') throw refuse.declined(charge.detail, REFUSAL_CODES.PAYMENT_ERROR);
      return { id: charge.id };
    },
    async find(tryId) {
      const charge = await payments.findCharge(tryId);
      if (charge?.status === 'succeeded') return { done: { id: charge.id } };
      if (charge?.status === 'declined')
        return { refused: refuse.declined(charge.detail, REFUSAL_CODES.PAYMENT_ERROR) };
      // Never made, or voided already (a compensation ran before a crash): nothing stands to be kept.
      return null;
    },
    async compensate(charge) {
      await payments.voidCharge(charge.id);
    },
  };
}
