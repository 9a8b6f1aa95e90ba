import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ORDER_SEARCH_MAX, ORDER_STATUSES } from '@portal/contracts/orders';
import { Field } from '../../../components/form/Field.tsx';
import { STATUS_LABELS } from '../orderTexts.ts';
import {
  filterFormSchema,
  filtersOf,
  formValuesOf,
  hasFilters,
  NO_FILTERS,
  type CheckedFilterForm,
  type FilterFormValues,
  type OrderFilters,
} from '../filters.ts';

/**
 * My Orders' filters: status, a range of days and an order or PO number. The status applies as soon as
 * it is chosen; days and the number with Apply (or Enter), so a half-typed date asks nothing. The
 * address is the source of truth: back, forward and Clear filters put its filters in the form.
 */
export function OrderFiltersForm({
  filters,
  onApply,
  offerClear = true,
}: {
  filters: OrderFilters;
  onApply: (filters: OrderFilters) => void;
  /** False when the page offers it already (no order matches: the empty state's Clear filters). */
  offerClear?: boolean;
}) {
  const form = useForm<FilterFormValues, unknown, CheckedFilterForm>({
    resolver: zodResolver(filterFormSchema),
    defaultValues: formValuesOf(filters),
  });
  const { errors } = form.formState;
  const applied = JSON.stringify(formValuesOf(filters));
  useEffect(() => {
    form.reset(JSON.parse(applied) as FilterFormValues);
  }, [applied, form]);

  const apply = form.handleSubmit((values) => onApply(filtersOf(values)));

  return (
    <form className="order-filters" role="search" aria-label="Filter orders" noValidate onSubmit={apply}>
      <Field label="Status">
        <select {...form.register('status', { onChange: () => void apply() })}>
          <option value="">All</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </Field>
      <Field label="From" error={errors.from?.message}>
        <input type="date" max="9999-12-31" {...form.register('from')} />
      </Field>
      <Field label="To" error={errors.to?.message}>
        <input type="date" max="9999-12-31" {...form.register('to')} />
      </Field>
      <Field label="Order or PO number" error={errors.search?.message}>
        <input type="search" maxLength={ORDER_SEARCH_MAX} autoComplete="off" {...form.register('search')} />
      </Field>
      <div className="order-filters-actions">
        <button type="submit" className="button button-primary">
          Apply
        </button>
        {offerClear && hasFilters(filters) && (
          <button type="button" className="button button-link" onClick={() => onApply(NO_FILTERS)}>
            Clear filters
          </button>
        )}
      </div>
    </form>
  );
}
