import { zodResolver } from '@hookform/resolvers/zod';
import { Field } from '../../../components/form/Field.tsx';
import { FiltersForm, useFiltersForm } from '../../../components/FiltersForm.tsx';
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
 * number. The status and the open-only box apply as soon as they change.
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
  const form = useFiltersForm(zodResolver(filterFormSchema), values);
  const { errors } = form.formState;
  const apply = form.handleSubmit(onApply);

  return (
    <FiltersForm
      className="ledger-filters"
      label={kind === 'invoices' ? 'Filter invoices' : 'Filter credit memos'}
      onSubmit={apply}
      register={(field) => form.register(field)}
      errorOf={(field) => errors[field]?.message}
      searchLabel={kind === 'invoices' ? 'Invoice, order or PO number' : 'Credit memo number'}
      searchMax={SEARCH_MAX}
      onClear={onClear}
    >
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
        <label className="checkbox">
          <input type="checkbox" {...form.register('openOnly', { onChange: () => void apply() })} />
          Open only (amount left)
        </label>
      )}
    </FiltersForm>
  );
}
