import { useEffect, useRef, useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { Checkout, SetPaymentRequest } from '@portal/contracts';
import { PARTIAL_PAYMENT_NOT_ALLOWED } from '@portal/contracts/checkout-rules';
import { ApiError } from '../../lib/api.ts';
import { alertLinesFor } from '../../lib/errors.ts';
import type { PaymentProblem } from './components/PaymentSection.tsx';
import { chosenValueOf, type PaymentOption } from './paymentOptions.ts';

/** A problem with the payment; `focus`: it takes the focus when it comes (after Place order). */
export type ShownPaymentProblem = PaymentProblem & { focus: boolean };

/**
 * How the order is paid (spec 02 §4 set-b2b-payment): the option chosen, and what the server said about it.
 * `onChange` hears each choice the person makes; `refreshCart` asks for the cart again.
 */
export function usePaymentChoice(
  checkout: Checkout,
  options: PaymentOption[] | undefined,
  saveChoice: UseMutationResult<Checkout, Error, SetPaymentRequest>,
  { onChange, refreshCart }: { onChange: () => void; refreshCart: () => unknown },
) {
  // The payment chosen here; until then, the one the checkout holds (set-b2b-payment) while it is still
  // one of the ways to pay (a card removed or expired since is not chosen for the person).
  const [picked, setPicked] = useState<string | null>(null);
  const held = chosenValueOf(checkout.payment);
  const heldUsable = options?.some((option) => option.value === held && option.unusable === null) ?? false;
  // Nothing held yet: the business's main card or bank account, while it can pay (issue 27 §8, as Pay
  // Invoices does); Place order sends it.
  const main = options?.find((option) => option.isMain && option.unusable === null)?.value ?? null;
  const selected = saveChoice.isPending
    ? (saveChoice.variables.paymentMethodId ?? saveChoice.variables.gateway)
    : (picked ?? (heldUsable ? held : main));
  const [problem, setProblem] = useState<ShownPaymentProblem | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);

  // spec 01 §8 and WCAG: a refusal after Place order takes the focus, so it is read first.
  useEffect(() => {
    if (problem?.focus) problemRef.current?.focus();
  }, [problem]);

  const choose = (option: PaymentOption) => {
    onChange();
    setPicked(option.value);
    setProblem(null);
    const byMethod = option.gateway === 'CARD' || option.gateway === 'BANK_ACCOUNT';
    saveChoice.mutate(
      {
        gateway: option.gateway,
        paymentMethodId: byMethod ? option.value : undefined,
        amount: checkout.totalPrice.cents,
      },
      {
        // A refusal now (terms over the credit line, past due) says why before the order is placed.
        onError: (error) => {
          const body = error instanceof ApiError ? error.body : null;
          if (body?.code === PARTIAL_PAYMENT_NOT_ALLOWED) void refreshCart();
          const invalid = body?.detail !== undefined && body.code !== PARTIAL_PAYMENT_NOT_ALLOWED;
          setProblem({ value: invalid ? option.value : null, message: alertLinesFor(error).join(' '), focus: false });
        },
      },
    );
  };

  return { selected, problem, problemRef, show: setProblem, choose };
}
export type PaymentChoice = ReturnType<typeof usePaymentChoice>;
