import { zodResolver } from '@hookform/resolvers/zod';
import { ORDER_SEARCH_MAX, ORDER_STATUSES } from '@portal/contracts/orders';
import { Field } from '../../../components/form/Field.tsx';
import { FiltersForm, useFiltersForm } from '../../../components/FiltersForm.tsx';
import { STATUS_LABELS } from '../orderTexts.ts';
import { filterFormSchema, filtersOf, formValuesOf, hasFilters, NO_FILTERS, type OrderFilters } from '../filters.ts';

/** My Orders' filters: status (applied as soon as it is chosen), a range of days and an order or PO number. */
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
  const form = useFiltersForm(zodResolver(filterFormSchema), formValuesOf(filters));
  const { errors } = form.formState;
  const apply = form.handleSubmit((values) => onApply(filtersOf(values)));

  return (
    <FiltersForm
      className="order-filters"
      label="Filter orders"
      onSubmit={apply}
      register={(field) => form.register(field)}
      errorOf={(field) => errors[field]?.message}
      searchLabel="Order or PO number"
      searchMax={ORDER_SEARCH_MAX}
      onClear={offerClear && hasFilters(filters) ? () => onApply(NO_FILTERS) : null}
    >
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
    </FiltersForm>
  );
}
