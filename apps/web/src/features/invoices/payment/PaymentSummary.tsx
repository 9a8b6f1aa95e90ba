import type { Ref } from 'react';
import type { PaymentSums } from '@portal/contracts/billing';
import { formatMoney } from '@portal/contracts/format';
import { ProblemAlert } from '../../../components/FormLayout.tsx';

/** The sums as the server will charge them, what Pay was refused for, and Pay itself. */
export function PaymentSummary({
  chosenCount,
  sums,
  valid,
  problem,
  problemRef,
  busy,
}: {
  chosenCount: number;
  sums: PaymentSums;
  /** Every amount typed is one the server would take: only then are the sums a total to pay. */
  valid: boolean;
  /** A refusal of the payment as a whole (one about the method shows under Pay with). */
  problem: string[] | null;
  problemRef: Ref<HTMLDivElement>;
  busy: boolean;
}) {
  return (
    <>
      {valid ? (
        <dl className="ledger-sums">
          <dt>Invoices ({chosenCount})</dt>
          <dd>{formatMoney(sums.invoices)}</dd>
          {sums.discount > 0 && (
            <>
              <dt className="summary-saving">Early-pay discount taken</dt>
              <dd className="summary-saving">{formatMoney(sums.discount)}</dd>
            </>
          )}
          <dt>Credit applied</dt>
          <dd>{sums.credit > 0 ? `−${formatMoney(sums.credit)}` : formatMoney(0)}</dd>
          <dt className="ledger-sums-total">To charge</dt>
          <dd className="ledger-sums-total">{formatMoney(sums.charge)}</dd>
        </dl>
      ) : (
        // issue 27 §6: a total of amounts that can not be paid would mislead (100.005 read as $0.00).
        <p className="ledger-sums-pending">Correct the amounts above to see what will be charged.</p>
      )}
      {valid && sums.discount > 0 && (
        <p className="muted small">The discount is already taken off the amounts of the invoices it applies to.</p>
      )}
      {problem && <ProblemAlert focusRef={problemRef} lines={problem} />}
      <button
        type="submit"
        className="button button-primary form-layout-submit"
        disabled={busy || chosenCount === 0}
        aria-busy={busy || undefined}
      >
        {busy ? 'Paying…' : !valid ? 'Pay' : sums.charge > 0 ? `Pay ${formatMoney(sums.charge)}` : 'Pay with credit'}
      </button>
      <p className="payment-status" role="status" aria-live="polite">
        {busy ? 'Paying… Please keep this page open.' : ''}
      </p>
      {chosenCount === 0 && <p className="muted small">Choose at least one invoice to pay.</p>}
    </>
  );
}
