import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Field } from '../../../components/form/Field.tsx';
import { STATUS_LABELS } from '../format.ts';
import {
  filterFormSchema,
  SEARCH_MAX,
  STATUS_FILTERS,
  type CheckedFilterForm,
  type FilterFormValues,
  type StatusFilter,
} from '../filters.ts';

const STATUS_FILTER_LABELS: Record<StatusFilter, string> = { unpaid: 'Unpaid (open and past due)', ...STATUS_LABELS };

/**
 * The filters of the invoice list (status) and of the credit memos (open only), with a range of days and a
 * number. The status and the open-only box apply as soon as they change; days and the number with Apply
 * (or Enter), so a half-typed date asks nothing. The address is the source of truth: back, forward and
 * Clear filters put its filters back in the form.
 */
export function LedgerFiltersForm({
  kind,
  values,
  onApply,
  onClear,
}: {
  kind: 'invoices' | 'creditMemos';
  /** The applied filters as the form shows them. */
  values: FilterFormValues;
  onApply: (values: CheckedFilterForm) => void;
  /** Offered when a filter is set and the page does not offer it already. */
  onClear: (() => void) | null;
}) {
  const form = useForm<FilterFormValues, unknown, CheckedFilterForm>({
    resolver: zodResolver(filterFormSchema),
    defaultValues: values,
  });
  const { errors } = form.formState;
  const applied = JSON.stringify(values);
  useEffect(() => {
    form.reset(JSON.parse(applied) as FilterFormValues);
  }, [applied, form]);

  const apply = form.handleSubmit(onApply);
  const what = kind === 'invoices' ? 'invoices' : 'credit memos';

  return (
    <form className="ledger-filters" role="search" aria-label={`Filter ${what}`} noValidate onSubmit={apply}>
      {kind === 'invoices' ? (
        <Field label="Status">
          <select {...form.register('status', { onChange: () => void apply() })}>
            <option value="">All</option>
            {STATUS_FILTERS.map((status) => (
              <option key={status} value={status}>
                {STATUS_FILTER_LABELS[status]}
              </option>
            ))}
          </select>
        </Field>
      ) : (
        <label className="checkbox ledger-filters-open">
          <input type="checkbox" {...form.register('openOnly', { onChange: () => void apply() })} />
          Open only (amount left)
        </label>
      )}
      <Field label="From" error={errors.from?.message}>
        <input type="date" max="9999-12-31" {...form.register('from')} />
      </Field>
      <Field label="To" error={errors.to?.message}>
        <input type="date" max="9999-12-31" {...form.register('to')} />
      </Field>
      <Field
        label={kind === 'invoices' ? 'Invoice, order or PO number' : 'Credit memo number'}
        error={errors.search?.message}
      >
        <input type="search" maxLength={SEARCH_MAX} autoComplete="off" {...form.register('search')} />
      </Field>
      <div className="ledger-filters-actions">
        <button type="submit" className="button button-primary">
          Apply
        </button>
        {onClear && (
          <button type="button" className="button button-link" onClick={onClear}>
            Clear filters
          </button>
        )}
      </div>
    </form>
  );
}
