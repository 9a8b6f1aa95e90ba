import { useEffect, useState } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { alerts } from '../../components/alerts.ts';
import { useDelayedValidation } from '../../components/form/useDelayedValidation.ts';
import { showServerErrors } from './api.ts';

/**
 * What each form of a card or bank account dialog does (add, edit, verify): it is checked a second after
 * typing stops (spec 01 §5); `first` takes the focus when it opens (the dialog gives it to Close); Save
 * sends the values with `save`, which answers what the alert bar says once it is done, and the dialog
 * closes. A refusal goes under the fields it names (`fieldOf`: the server's field name to the form's), the
 * rest into the dialog (`failure`).
 */
export function useMethodForm<Values extends FieldValues>(
  form: UseFormReturn<Values>,
  {
    first,
    save,
    fieldOf,
    onClose,
  }: {
    first: FieldPath<Values>;
    save: (values: Values) => Promise<string>;
    fieldOf: (serverField: string) => FieldPath<Values> | null;
    onClose: () => void;
  },
) {
  useDelayedValidation(form);
  const [failure, setFailure] = useState<string[]>([]);

  useEffect(() => {
    form.setFocus(first);
  }, [form, first]);

  const submit = form.handleSubmit(async (values) => {
    setFailure([]);
    try {
      const done = await save(values);
      alerts.show({ type: 'success', content: done, autoDismiss: true });
      onClose();
    } catch (error) {
      setFailure(showServerErrors(form, error, fieldOf));
    }
  });
  return { failure, submit };
}
