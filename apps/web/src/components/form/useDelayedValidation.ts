import { useEffect, useRef } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { VALIDATION_DELAY_MS } from '@portal/contracts/constants';

/** spec 01 §5: a field's error appears one second after typing stops. */
export function useDelayedValidation<T extends FieldValues>(form: UseFormReturn<T>) {
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    const subscription = form.watch((_values, { name, type }) => {
      // Typing: the field's own event, 'input' as the DOM sends it under Preact ('change' for a select);
      // not a value set by code.
      const event: string | undefined = type; // typed 'change', but the DOM's own name arrives
      if (!name || (event !== 'input' && event !== 'change')) return;
      clearTimeout(pending.get(name));
      pending.set(
        name,
        setTimeout(() => void form.trigger(name as FieldPath<T>), VALIDATION_DELAY_MS),
      );
    });
    return () => {
      subscription.unsubscribe();
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, [form]);
}
