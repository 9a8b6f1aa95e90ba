import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { FieldPath } from 'react-hook-form';
import { BILLING_TEXTS, type CreditMemo, type Invoice, type PayInvoicesRequest } from '@portal/contracts/billing';
import { PARTIAL_PAYMENT_NOT_ALLOWED } from '@portal/contracts/checkout-rules';
import { useIdempotentSubmit } from '../../../lib/useIdempotentSubmit.ts';
import { usePayInvoices, useRefreshLedger } from '../api.ts';
import { PAYMENT_COMPLETE_PATH } from '../paths.ts';
import { PAYMENT_TEXTS, planOf, requestOf, type PaymentFormValues } from '../paymentPlan.ts';
import { saveReceipt } from '../receipt.ts';
import type { PaymentForm } from './usePaymentForm.ts';

type FocusTarget = 'problem' | 'method' | 'invoices' | 'credit';

/** A problem the server found with the payment as a whole, or with how it is paid. */
export interface Problem {
  lines: string[];
  /** The method it was about (a declined card): marked until another is chosen. */
  method?: string;
}

/** The form's field a `{ validation }` entry of pay-invoice is about (its lists by index, as sent). */
function fieldOf(field: string, { body }: { body: PayInvoicesRequest }): FieldPath<PaymentFormValues> | null {
  const invoice = /^invoices\.(\d+)\.paymentAmount$/.exec(field);
  const memo = /^creditMemos\.(\d+)\.(?:amount|id)$/.exec(field);
  const invoiceId = invoice ? body.invoices[Number(invoice[1])]?.id : undefined;
  const memoId = memo ? body.creditMemos?.[Number(memo[1])]?.id : undefined;
  if (invoiceId) return `amounts.${invoiceId}`;
  if (memoId) return `credits.${memoId}.amount`;
  return field === 'paymentMethodId' ? 'method' : null;
}

/**
 * Pay (spec 02 §4 invoice payment, §8 errors), once whatever the retries (lib/useIdempotentSubmit.ts: the
 * body is the attempt's fingerprint). A refusal shows where it is about and takes the focus (spec 01 §8, WCAG):
 * a decline or a refused method under Pay with, a field's error at its field, a part payment refused at the
 * invoices, anything else in the summary.
 */
export function usePay({
  form,
  chosen,
  memos,
  chosenMethod,
  onRetryMethods,
  onPaid,
}: {
  form: PaymentForm;
  chosen: Invoice[];
  memos: CreditMemo[];
  chosenMethod: string;
  onRetryMethods: () => void;
  onPaid: () => void;
}) {
  const navigate = useNavigate();
  const refreshLedger = useRefreshLedger();
  const paying = useIdempotentSubmit(usePayInvoices(), {
    noAnswer: PAYMENT_TEXTS.noAnswer,
    fieldOf,
  });

  const [problem, setProblem] = useState<Problem | null>(null);
  const [invoicesProblem, setInvoicesProblem] = useState<string | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  const methodProblemRef = useRef<HTMLDivElement>(null);
  const invoicesProblemRef = useRef<HTMLDivElement>(null);
  const creditRef = useRef<HTMLParagraphElement>(null);
  // A refusal takes the focus, so it is read first; each request moves it again.
  const [focusRequest, setFocusRequest] = useState<{ target: FocusTarget; n: number } | null>(null);
  useEffect(() => {
    if (!focusRequest) return;
    const refs = { problem: problemRef, method: methodProblemRef, invoices: invoicesProblemRef, credit: creditRef };
    refs[focusRequest.target].current?.focus();
  }, [focusRequest]);
  const focus = (target: FocusTarget) => setFocusRequest((last) => ({ target, n: (last?.n ?? 0) + 1 }));

  const declined = problem?.method !== undefined && problem.method === chosenMethod;

  const submit = form.handleSubmit(async (checked) => {
    const outcome = await paying.submit(() => {
      const current = planOf(checked, { invoices: chosen, memos });
      const stop = current.creditOverTotal ? 'credit' : declined ? 'method' : null;
      if (stop) {
        focus(stop);
        return null;
      }
      setProblem(null);
      setInvoicesProblem(null);
      return { input: { body: requestOf(current, checked.method) } };
    });
    if (outcome.kind === 'skipped') return;
    if (outcome.kind === 'done') {
      saveReceipt(outcome.result);
      onPaid();
      await navigate(PAYMENT_COMPLETE_PATH, { replace: true });
      return;
    }
    const { refusal, input } = outcome;
    if (refusal.place === 'unsettled') {
      setProblem({ lines: refusal.lines });
      return focus('problem');
    }
    if (refusal.place === 'paymentMethod' && refusal.declined) {
      // spec 02 §8: the processor's words as sent; the method is marked; nothing changed.
      setProblem({ lines: [refusal.detail], method: input.body.paymentMethodId ?? undefined });
      return focus('method');
    }
    if (refusal.place === 'paymentMethod') {
      onRetryMethods();
      form.setError('method', { type: 'server', message: refusal.detail }, { shouldFocus: true });
      return;
    }
    if (refusal.code === PARTIAL_PAYMENT_NOT_ALLOWED) {
      void refreshLedger();
      setInvoicesProblem(BILLING_TEXTS.partialNotAllowed);
      return focus('invoices');
    }
    if (refusal.place === 'fields') {
      for (const { field, message } of refusal.fields)
        form.setError(field, { type: 'server', message }, { shouldFocus: true });
      if (refusal.rest.length) {
        setProblem({ lines: refusal.rest });
        focus('problem');
      }
      return;
    }
    // The ledger moved (paid elsewhere, a credit memo used, the amounts changed): show it as it is now.
    if (refusal.status === 409 || refusal.status === 404 || refusal.status === 400) void refreshLedger();
    setProblem({ lines: refusal.lines });
    focus('problem');
  });

  return {
    submit,
    busy: paying.isPending,
    problem,
    /** The person chose another method: a decline's mark goes. */
    clearProblem: () => setProblem(null),
    invoicesProblem,
    refs: { problem: problemRef, method: methodProblemRef, invoices: invoicesProblemRef, credit: creditRef },
    declined,
  };
}
