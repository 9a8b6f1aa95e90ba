import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Checkout } from '@portal/contracts';
import { CHECKOUT_TEXTS, PARTIAL_PAYMENT_NOT_ALLOWED } from '@portal/contracts/checkout-rules';
import { useIdempotentSubmit } from '../../lib/useIdempotentSubmit.ts';
import { useCompleteCheckout, useForgetPlacedCart, useRefreshCart } from './api.ts';
import { saveConfirmation } from './confirmation.ts';
import type { PaymentChoice } from './usePaymentChoice.ts';
import type { PoNumber } from './usePoNumber.ts';

export const COMPLETE_PATH = '/cart/checkout/products/complete';

/** What the person reads when the answer to Place order never came (the order may exist). */
export const NO_ANSWER_TEXT =
  'We could not reach the server, so we do not know yet whether your order was placed. Press Place order again: it will not be placed twice.';

/**
 * Place order (spec 02 §4 complete, §8 errors), once whatever the retries (lib/useIdempotentSubmit.ts): a
 * change the person makes (`changed`: payment, addresses, shipping, PO number) or the cart makes starts a
 * new attempt with a new key. A refusal about the payment shows under Payment, any other in `problem`.
 */
export function usePlaceOrder(checkout: Checkout, onPlaced: () => void) {
  const navigate = useNavigate();
  const refreshCart = useRefreshCart();
  const forgetPlacedCart = useForgetPlacedCart();
  const placing = useIdempotentSubmit(useCompleteCheckout(), {
    noAnswer: NO_ANSWER_TEXT,
  });
  const [problem, setProblem] = useState<string[] | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  // spec 01 §8 and WCAG: a refusal after Place order takes the focus, so it is read first.
  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  const changes = useRef(0);
  const changed = () => {
    changes.current += 1;
    setProblem(null);
  };
  // The person's own changes count in `changes`; the rest is the cart as the server holds it (another tab
  // may have changed its lines, and so its total).
  const fingerprintOf = (selectedPayment: string) =>
    JSON.stringify([
      changes.current,
      checkout.token,
      selectedPayment,
      checkout.shippingAddress?.id,
      checkout.billingAddress?.id,
      checkout.currentShippingMethod.id,
      checkout.lines.map((line) => [line.id, line.quantity]),
      checkout.totalPrice.cents,
    ]);

  async function place(poNumber: PoNumber, payment: PaymentChoice) {
    const outcome = await placing.submit(async () => {
      setProblem(null);
      if (!(await poNumber.save())) {
        poNumber.focus();
        return null;
      }
      const selected = payment.selected;
      if (!selected) {
        payment.show({ value: null, message: CHECKOUT_TEXTS.choosePayment, focus: true });
        return null;
      }
      if (payment.problem && payment.problem.value === selected) {
        payment.show({ ...payment.problem, focus: true });
        return null;
      }
      return { input: { token: checkout.token, selectedPayment: selected }, fingerprint: fingerprintOf(selected) };
    });
    if (outcome.kind === 'skipped') return;
    if (outcome.kind === 'done') {
      saveConfirmation(outcome.result);
      onPlaced();
      await navigate(COMPLETE_PATH, { replace: true });
      forgetPlacedCart();
      return;
    }
    const { refusal, input } = outcome;
    if (refusal.place === 'unsettled') return setProblem(refusal.lines);
    if (refusal.place === 'paymentMethod') {
      // spec 02 §8: a decline shows the processor's words as sent; the payment is marked invalid; the cart stays.
      if (refusal.declined) void refreshCart();
      return payment.show({ value: input.selectedPayment, message: refusal.detail, focus: true });
    }
    if (refusal.code === PARTIAL_PAYMENT_NOT_ALLOWED) {
      void refreshCart();
      return payment.show({ value: null, message: refusal.detail, focus: true });
    }
    // Not available any more, a cart cleared elsewhere: show the cart as it is now.
    if (refusal.status === 409 || refusal.status === 404 || refusal.status === 400) void refreshCart();
    setProblem(refusal.lines);
  }

  return { place, changed, busy: placing.isPending, problem, problemRef };
}
