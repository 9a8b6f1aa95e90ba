import { useId, type Ref } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { BILLING_TEXTS, type CreditMemo } from '@portal/contracts/billing';
import { formatMoney } from '@portal/contracts/format';
import { LoadError } from '../../../components/LoadError.tsx';
import type { PaymentFormValues } from '../paymentPlan.ts';
import type { PaymentForm } from './usePaymentForm.ts';

/** The open credit memos, each to apply in part or whole; credit worth more than the invoices is refused here. */
export function CreditMemosSection({
  memos,
  loading,
  failed,
  onRetry,
  applied,
  creditOverTotal,
  creditRef,
  disabled,
  form,
  errors,
  startAmount,
}: {
  memos: CreditMemo[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  /** Whether each memo (by id) is ticked. */
  applied: (memoId: string) => boolean;
  creditOverTotal: boolean;
  creditRef: Ref<HTMLParagraphElement>;
  disabled: boolean;
  form: PaymentForm;
  errors: FieldErrors<PaymentFormValues>;
  /** What a memo's amount starts at when it is ticked. */
  startAmount: (memo: CreditMemo) => string;
}) {
  return (
    <fieldset className="form-section" disabled={disabled}>
      <legend>
        <h2 className="form-section-title">Credit memos</h2>
      </legend>
      {failed ? (
        <LoadError what="your credit memos" onRetry={onRetry} />
      ) : loading ? (
        <p className="muted">Loading credit memos…</p>
      ) : memos.length === 0 ? (
        <p className="muted">No open credit memos to apply.</p>
      ) : (
        <ul className="credit-choices">
          {memos.map((memo) => (
            <CreditRow
              key={memo.id}
              memo={memo}
              applied={applied(memo.id)}
              form={form}
              error={errors.credits?.[memo.id]?.amount?.message}
              startAmount={() => startAmount(memo)}
            />
          ))}
        </ul>
      )}
      {creditOverTotal && (
        <p ref={creditRef} className="field-error" tabIndex={-1}>
          {BILLING_TEXTS.creditOverTotal}
        </p>
      )}
    </fieldset>
  );
}

/** One open credit memo: a box to apply it and, once ticked, how much of it. */
function CreditRow({
  memo,
  applied,
  form,
  error,
  startAmount,
}: {
  memo: CreditMemo;
  applied: boolean;
  form: PaymentForm;
  error: string | undefined;
  startAmount: () => string;
}) {
  const id = useId();
  return (
    <li className={`credit-choice${applied ? ' is-checked' : ''}`}>
      <label className="checkbox">
        <input
          type="checkbox"
          {...form.register(`credits.${memo.id}.apply`, {
            onChange: (event: { target: { checked: boolean } }) => {
              if (event.target.checked) form.setValue(`credits.${memo.id}.amount`, startAmount());
            },
          })}
        />
        <span>
          Apply <strong>{memo.number}</strong> · {formatMoney(memo.amount_left.amount)} left
          <span className="muted"> · {memo.reason}</span>
        </span>
      </label>
      {applied && (
        <div className={`amount-field${error ? ' has-error' : ''}`}>
          <label htmlFor={`${id}-amount`}>Amount to apply from {memo.number}</label>
          <span className="amount-input">
            <span aria-hidden="true">$</span>
            <input
              id={`${id}-amount`}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              {...form.register(`credits.${memo.id}.amount`)}
            />
          </span>
          {error && (
            <span id={`${id}-error`} className="field-error">
              {error}
            </span>
          )}
        </div>
      )}
    </li>
  );
}
