import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import type { Checkout } from '@portal/contracts';
import { poNumberRequestSchema } from '@portal/contracts/cart';
import { useDelayedValidation } from '../../components/form/useDelayedValidation.ts';
import { alertLinesFor } from '../../lib/errors.ts';

/**
 * The PO number (spec 02 §5): checked as typed (spec 01 §5, a second after typing stops), saved on leaving
 * the field. `save` answers false when it is not valid or was not saved; `onSaved` hears a saved change.
 */
export function usePoNumber(
  checkout: Checkout,
  saveChoice: UseMutationResult<Checkout, Error, string>,
  onSaved: () => void,
) {
  const form = useForm<{ poNumber: string }>({
    resolver: zodResolver(poNumberRequestSchema),
    defaultValues: { poNumber: checkout.poNumber ?? '' },
    mode: 'onBlur',
    reValidateMode: 'onBlur',
  });
  useDelayedValidation(form);
  // What the server holds, and the save on its way: leaving the field for Place order starts a save (blur)
  // that Place order then waits for, rather than sending the same number twice.
  const saved = useRef(checkout.poNumber ?? '');
  const saving = useRef<{ value: string; done: Promise<boolean> } | null>(null);

  async function save(): Promise<boolean> {
    if (!(await form.trigger('poNumber'))) return false;
    const poNumber = form.getValues('poNumber').trim();
    if (saving.current?.value === poNumber) return saving.current.done;
    if (poNumber === saved.current) return true;
    const done = saveChoice.mutateAsync(poNumber).then(
      () => {
        saved.current = poNumber;
        onSaved();
        return true;
      },
      (error: unknown) => {
        form.setError('poNumber', { type: 'server', message: alertLinesFor(error).join(' ') });
        return false;
      },
    );
    saving.current = { value: poNumber, done };
    void done.then(() => {
      if (saving.current?.done === done) saving.current = null;
    });
    return done;
  }

  return {
    form,
    save,
    focus: () => form.setFocus('poNumber'),
    error: form.formState.errors.poNumber?.message,
  };
}
export type PoNumber = ReturnType<typeof usePoNumber>;
