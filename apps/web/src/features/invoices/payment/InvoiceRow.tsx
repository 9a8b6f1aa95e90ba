import { useId } from 'react';
import { Link } from 'react-router';
import { useWatch } from 'react-hook-form';
import type { Invoice } from '@portal/contracts/billing';
import { formatMoney } from '@portal/contracts/format';
import { InvoiceStatusBadge } from '../components/StatusBadge.tsx';
import { centsToInput, formatDay, parseDollars, percentOf } from '../format.ts';
import { discountOf } from '../paymentPlan.ts';
import type { PaymentForm } from './usePaymentForm.ts';

/** One unpaid invoice: a box to choose it and, once chosen, the amount to pay on it. */
export function InvoiceRow({
  invoice,
  chosen,
  disabled,
  form,
  error,
  onChoose,
  onTyped,
}: {
  invoice: Invoice;
  chosen: boolean;
  disabled: boolean;
  form: PaymentForm;
  error: string | undefined;
  onChoose: (yes: boolean) => void;
  onTyped: () => void;
}) {
  const id = useId();
  const discount = discountOf(invoice);
  const terms = invoice.early_pay_discount_details[0];
  const amount = useWatch({ control: form.control, name: `amounts.${invoice.id}` });
  const payoff = invoice.payoffAmount.amount;
  const amountCents = amount === undefined ? payoff : parseDollars(amount);
  const fullPayoff = amountCents !== null && amountCents >= payoff;
  const noteId = `${id}-note`;
  const errorId = `${id}-error`;
  return (
    <tr className={chosen ? 'is-chosen' : undefined}>
      <td className="select-cell" data-label="Pay">
        <input
          type="checkbox"
          aria-label={`Pay ${invoice.number}`}
          checked={chosen}
          disabled={disabled}
          onChange={(event) => onChoose(event.currentTarget.checked)}
        />
      </td>
      <th scope="row" className="ledger-number">
        <Link to={`/invoice/${invoice.id}`}>{invoice.number}</Link>
      </th>
      <td data-label="Due date">
        <span>
          {formatDay(invoice.due_date)} {invoice.status === 'pastDue' && <InvoiceStatusBadge status="pastDue" />}
        </span>
      </td>
      <td data-label="Open" className="num">
        {formatMoney(invoice.open_amount.amount)}
      </td>
      <td data-label="Payoff today" className="num">
        {formatMoney(payoff)}
        {discount > 0 && terms && (
          <span className="discount-note">
            {percentOf(terms.discount_bp)} off until {formatDay(terms.last_day)}
          </span>
        )}
      </td>
      <td data-label="Amount to pay" className="num amount-cell">
        {chosen ? (
          <div className={`amount-field${error ? ' has-error' : ''}`}>
            <label htmlFor={`${id}-amount`} className="visually-hidden">
              Amount to pay on {invoice.number}
            </label>
            <span className="amount-input">
              <span aria-hidden="true">$</span>
              <input
                id={`${id}-amount`}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                defaultValue={centsToInput(payoff)}
                readOnly={!invoice.partialPaymentAllowed}
                disabled={disabled}
                aria-invalid={error ? true : undefined}
                aria-describedby={[error && errorId, noteId].filter(Boolean).join(' ')}
                {...form.register(`amounts.${invoice.id}`, { onChange: onTyped })}
              />
            </span>
            <span id={noteId} className="amount-note">
              {!invoice.partialPaymentAllowed
                ? 'Paid in full only'
                : discount > 0
                  ? fullPayoff
                    ? `${formatMoney(discount)} discount included`
                    : 'Partial payment: no discount'
                  : fullPayoff
                    ? 'Pays it off'
                    : 'Partial payment'}
            </span>
            {error && (
              <span id={errorId} className="field-error">
                {error}
              </span>
            )}
          </div>
        ) : (
          <span className="muted">Not chosen</span>
        )}
      </td>
    </tr>
  );
}
