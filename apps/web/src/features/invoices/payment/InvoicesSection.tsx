import { useId, type Ref } from 'react';
import { Link } from 'react-router';
import type { FieldErrors } from 'react-hook-form';
import type { Invoice } from '@portal/contracts/billing';
import { countOf } from '@portal/contracts/format';
import type { PaymentFormValues } from '../paymentPlan.ts';
import { InvoiceRow } from './InvoiceRow.tsx';
import type { PaymentForm } from './usePaymentForm.ts';

/**
 * The amounts table: what is owed, due soonest first, each with a box to choose it and the amount to pay on
 * it; notes about the invoices chosen elsewhere, and a part payment the server refused.
 */
export function InvoicesSection({
  rows,
  chosen,
  totalUnpaid,
  notes,
  problem,
  problemRef,
  disabled,
  form,
  errors,
  onChoose,
  onTyped,
}: {
  rows: Invoice[];
  chosen: Invoice[];
  /** How many invoices are unpaid in all (the table lists the first 100). */
  totalUnpaid: number;
  notes: string[];
  problem: string | null;
  problemRef: Ref<HTMLDivElement>;
  disabled: boolean;
  form: PaymentForm;
  errors: FieldErrors<PaymentFormValues>;
  onChoose: (id: string, yes: boolean) => void;
  onTyped: (id: string) => void;
}) {
  const id = useId();
  const chosenSet = new Set(chosen.map((invoice) => invoice.id));
  return (
    <section className="form-section" aria-labelledby={`${id}-invoices`}>
      <h2 id={`${id}-invoices`} className="form-section-title">
        Invoices
      </h2>
      {notes.map((note) => (
        <p key={note} className="notice payment-note">
          {note}
        </p>
      ))}
      {chosen.length === 0 && (
        <p className="notice payment-none">
          No invoices chosen yet. Tick the ones to pay below, or choose them in the{' '}
          <Link to="/invoice">invoice list</Link>.
        </p>
      )}
      {problem && (
        <div ref={problemRef} className="alert alert-error" role="alert" tabIndex={-1}>
          <div className="alert-content">
            <p>{problem}</p>
          </div>
        </div>
      )}
      <div className="table-scroll">
        <table className="card-table ledger-table pay-table">
          <caption className="visually-hidden">Unpaid invoices, due soonest first</caption>
          <thead>
            <tr>
              <th scope="col" className="select-cell">
                <span className="visually-hidden">Pay</span>
              </th>
              <th scope="col">Invoice #</th>
              <th scope="col">Due date</th>
              <th scope="col" className="num">
                Open
              </th>
              <th scope="col" className="num">
                Payoff today
              </th>
              <th scope="col" className="num">
                Amount to pay <span className="muted small">(dollars and cents)</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((invoice) => (
              <InvoiceRow
                key={invoice.id}
                invoice={invoice}
                chosen={chosenSet.has(invoice.id)}
                disabled={disabled}
                form={form}
                error={errors.amounts?.[invoice.id]?.message}
                onChoose={(yes) => onChoose(invoice.id, yes)}
                onTyped={() => onTyped(invoice.id)}
              />
            ))}
          </tbody>
        </table>
      </div>
      {totalUnpaid > rows.length && (
        <p className="muted small">
          The {countOf(rows.length, 'invoice')} due soonest are listed of {totalUnpaid}; choose others in the{' '}
          <Link to="/invoice?status=unpaid">invoice list</Link>.
        </p>
      )}
    </section>
  );
}
