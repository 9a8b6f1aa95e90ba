import { useEffect, type BaseSyntheticEvent, type ReactNode } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { Field } from './form/Field.tsx';
import './FiltersForm.css';

/**
 * The form of a list's filters. The address is the source of truth: back, forward and Clear filters put
 * its filters (`values`) back in the form.
 */
export function useFiltersForm<Values extends FieldValues, Checked>(
  resolver: Resolver<Values, unknown, Checked>,
  values: Values,
) {
  const form = useForm<Values, unknown, Checked>({ resolver, defaultValues: values as DefaultValues<Values> });
  const applied = JSON.stringify(values);
  useEffect(() => {
    form.reset(JSON.parse(applied) as Values);
  }, [applied, form]);
  return form;
}

/** The fields every list's filters have: a range of days and a number. */
type SharedField = 'from' | 'to' | 'search';

/**
 * A list's filters: the list's own first filter (`children`: a status, an open-only box, which apply as
 * soon as they change), then a range of days and a number, which apply with Apply (or Enter), so a
 * half-typed date asks nothing.
 */
export function FiltersForm({
  className,
  label,
  onSubmit,
  register,
  errorOf,
  searchLabel,
  searchMax,
  onClear,
  children,
}: {
  /** The list's own class beside filters-form (its print rules). */
  className: string;
  /** The form's name for a screen reader: 'Filter orders'. */
  label: string;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  register: (field: SharedField) => UseFormRegisterReturn;
  errorOf: (field: SharedField) => string | undefined;
  searchLabel: string;
  searchMax: number;
  /** Offered when a filter is set and the page does not offer it already. */
  onClear: (() => void) | null;
  children: ReactNode;
}) {
  return (
    <form className={`filters-form ${className}`} role="search" aria-label={label} noValidate onSubmit={onSubmit}>
      {children}
      <Field label="From" error={errorOf('from')}>
        <input type="date" max="9999-12-31" {...register('from')} />
      </Field>
      <Field label="To" error={errorOf('to')}>
        <input type="date" max="9999-12-31" {...register('to')} />
      </Field>
      <Field label={searchLabel} error={errorOf('search')}>
        <input type="search" maxLength={searchMax} autoComplete="off" {...register('search')} />
      </Field>
      <div className="filters-form-actions">
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
