import { useId, type Ref } from 'react';
import { Link } from 'react-router';
import type { PaymentCard } from '@portal/contracts';
import { ProblemAlert } from '../../../components/FormLayout.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { paymentMethodName } from '../../billing/index.ts';
import { unusableReason } from './methods.ts';
import type { Problem } from './usePay.ts';
import type { PaymentForm } from './usePaymentForm.ts';

/**
 * Pay with (spec 02 §4): the saved cards and bank accounts, those that can not pay now listed with why; a
 * method the server refused is marked and its refusal shown here, until another is chosen.
 */
export function PayWithSection({
  methods,
  failed,
  onRetry,
  nothingToCharge,
  chosenMethod,
  methodError,
  problem,
  problemRef,
  declined,
  disabled,
  form,
  onMethodChange,
}: {
  methods: PaymentCard[] | undefined;
  failed: boolean;
  onRetry: () => void;
  /** The credit covers all of the invoices chosen. */
  nothingToCharge: boolean;
  chosenMethod: string;
  methodError: string | undefined;
  /** A refusal about the method (a decline): `problem.method` is set. */
  problem: Problem | null;
  problemRef: Ref<HTMLDivElement>;
  /** The method chosen is the one declined. */
  declined: boolean;
  disabled: boolean;
  form: PaymentForm;
  onMethodChange: () => void;
}) {
  const id = useId();
  return (
    <fieldset
      className="form-section"
      disabled={disabled}
      aria-describedby={
        [methodError && `${id}-method-error`, declined && `${id}-declined`].filter(Boolean).join(' ') || undefined
      }
    >
      <legend>
        <h2 className="form-section-title">Pay with</h2>
      </legend>
      {nothingToCharge ? (
        <p className="notice">The credit covers it all: nothing is charged.</p>
      ) : failed ? (
        <LoadError what="your cards and bank accounts" onRetry={onRetry} />
      ) : !methods ? (
        <p className="muted">Loading cards and bank accounts…</p>
      ) : methods.length === 0 ? (
        <p>
          No card or bank account on file. <Link to="/billing">Add one under Billing</Link>, then come back.
        </p>
      ) : (
        <div className="choices">
          {methods.map((method) => {
            const reason = unusableReason(method);
            const invalid = problem?.method === method.id;
            return (
              <label
                key={method.id}
                className={[
                  'choice',
                  chosenMethod === method.id && 'is-checked',
                  reason && 'is-disabled',
                  invalid && 'is-invalid',
                ]
                  .filter(Boolean)
                  .join(' ')}
              >
                <input
                  type="radio"
                  value={method.id}
                  disabled={reason !== null}
                  {...form.register('method', { onChange: onMethodChange })}
                />
                <span className="pay-choice-body">
                  <span className="choice-title">{paymentMethodName(method)}</span>
                  {method.is_main && <span className="badge">Main</span>}
                  {method.type === 'CARD' && method.expiration_date && (
                    <span className="pay-choice-detail"> · Expires {method.expiration_date}</span>
                  )}
                  {method.type === 'BANK_ACCOUNT' && method.bank?.bankName && (
                    <span className="pay-choice-detail"> · {method.bank.bankName}</span>
                  )}
                  {reason && <span className="pay-choice-detail"> · {reason}</span>}
                  {invalid && <span className="choice-flag"> · Not accepted</span>}
                </span>
              </label>
            );
          })}
        </div>
      )}
      {methodError && (
        <p id={`${id}-method-error`} className="field-error">
          {methodError}
        </p>
      )}
      {problem?.method !== undefined && (
        <ProblemAlert id={`${id}-declined`} focusRef={problemRef} lines={problem.lines}>
          <p>Nothing was paid. Choose another card or bank account, or add one under Billing.</p>
        </ProblemAlert>
      )}
      <p className="muted small">
        <Link to="/billing">Add or verify a card or bank account under Billing</Link>
      </p>
    </fieldset>
  );
}
