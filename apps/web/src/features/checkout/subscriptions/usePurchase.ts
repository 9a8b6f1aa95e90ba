import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { REFUSAL_CODES } from '@portal/contracts/refusals';
import { SUBSCRIPTION_TEXTS, type FailedCartItem } from '@portal/contracts/subscriptions';
import { ApiError } from '../../../lib/api.ts';
import { useIdempotentSubmit } from '../../../lib/useIdempotentSubmit.ts';
import { useRefreshCartAfterPurchase, usePayForPlans, type LineItem } from './api.ts';

export const SUBSCRIPTIONS_COMPLETE_PATH = '/cart/checkout/subscriptions/complete';

/** What the person reads when the answer to Pay never came (the plans may be paid). */
export const NO_ANSWER_TEXT =
  'We could not reach the server, so we do not know yet whether you were charged. Press Pay again: you will not be charged twice.';

/** The failed cart items of a refusal (spec 02 §3, §8: per-line failures by device_key), or null. */
export const failedItemsOf = (error: unknown): FailedCartItem[] | null =>
  error instanceof ApiError && error.body?.failed_items?.length ? error.body.failed_items : null;

/** A refusal about how it is paid: the option it was about (null: none chosen) and the server's words. */
export interface MethodProblem {
  value: string | null;
  message: string;
}

/**
 * Pay (issue 30 item 3), once whatever the retries (lib/useIdempotentSubmit.ts): the same lines, quote and method go
 * under the same Idempotency-Key until the server settles them; another quote or method is a new attempt.
 * Where a refusal shows: a declined card or a method refused beside the payment choice; failed lines on their
 * line; a changed price as `changed` (the quote is asked again: the person pays the new total, or not); the rest in
 * `problem`.
 */
export function usePurchase({ onQuoteChanged, onPaid }: { onQuoteChanged: () => void; onPaid: () => void }) {
  const navigate = useNavigate();
  const refreshCart = useRefreshCartAfterPurchase();
  const paying = useIdempotentSubmit(usePayForPlans(), { noAnswer: NO_ANSWER_TEXT });
  const [problem, setProblem] = useState<string[] | null>(null);
  const [methodProblem, setMethodProblem] = useState<MethodProblem | null>(null);
  // The lines a refused Pay named, for the lines it was sent with (another set of lines is asked again).
  const [failed, setFailed] = useState<{ lines: string; items: FailedCartItem[] } | null>(null);
  const [changed, setChanged] = useState(false);
  const problemRef = useRef<HTMLDivElement>(null);
  const methodProblemRef = useRef<HTMLDivElement>(null);
  const focusNext = useRef<'problem' | 'method' | null>(null);

  // spec 01 §8 and WCAG: a refusal after Pay takes the focus, so it is read first.
  useEffect(() => {
    if (focusNext.current === 'problem') problemRef.current?.focus();
    if (focusNext.current === 'method') methodProblemRef.current?.focus();
    focusNext.current = null;
  }, [problem, methodProblem, changed]);

  const showProblem = (lines: string[]) => {
    focusNext.current = 'problem';
    setProblem(lines);
  };
  const showMethodProblem = (next: MethodProblem) => {
    focusNext.current = 'method';
    setMethodProblem(next);
  };

  async function pay(lines: LineItem[], quote: string | undefined, paymentMethodId: string | null) {
    const outcome = await paying.submit(() => {
      if (!quote || lines.length === 0) return null;
      if (!paymentMethodId) {
        showMethodProblem({ value: null, message: SUBSCRIPTION_TEXTS.paymentMethodRequired });
        return null;
      }
      // The method refused is not sent again until another is chosen.
      if (methodProblem && methodProblem.value === paymentMethodId) {
        showMethodProblem({ ...methodProblem });
        return null;
      }
      setProblem(null);
      setChanged(false);
      return { input: { line_items: lines, quote, payment_method_id: paymentMethodId } };
    });
    if (outcome.kind === 'skipped') return;
    if (outcome.kind === 'done') {
      const uuid = outcome.result.uuid ?? '';
      onPaid();
      await navigate(`${SUBSCRIPTIONS_COMPLETE_PATH}?uuid=${encodeURIComponent(uuid)}`, { replace: true });
      void refreshCart();
      return;
    }
    const { refusal, error } = outcome;
    if (refusal.place === 'unsettled') return showProblem(refusal.lines);
    if (refusal.place === 'paymentMethod')
      // spec 02 §8: PAYMENT_ERROR shows the processor's detail as sent, beside the payment choice.
      return showMethodProblem({ value: paymentMethodId, message: refusal.detail || refusal.lines.join(' ') });
    if (refusal.code === REFUSAL_CODES.CHANGED_SINCE_SHOWN) {
      // Never charged another amount than shown: the new total is asked for, and Pay is the person's again.
      focusNext.current = 'problem';
      setChanged(true);
      onQuoteChanged();
      return;
    }
    const failedItems = failedItemsOf(error);
    if (failedItems) setFailed({ lines: JSON.stringify(lines), items: failedItems });
    // Lines gone from the cart elsewhere, a device no longer the business's: the cart as it is now.
    if (refusal.status === 404 || refusal.status === 409 || refusal.status === 422) void refreshCart();
    showProblem(refusal.lines);
  }

  /** The person chose another method: a refusal about the last one no longer stands. */
  const methodChosen = () => setMethodProblem(null);

  return {
    pay,
    busy: paying.isPending,
    problem,
    problemRef,
    methodProblem,
    methodProblemRef,
    methodChosen,
    /** The failed lines of the last Pay when it was for these lines. */
    failedFor: (lines: LineItem[]) => (failed && failed.lines === JSON.stringify(lines) ? failed.items : null),
    changed,
  };
}
