import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A registered field whose typing is cleaned before the form hears it (spec 01 §5 key filters, forced
 * upper case). The form reads the value before a register `onChange` option runs, so the cleaning goes
 * first here, as components/form/withoutEmoji does.
 */
export function filtered<Name extends string>(
  field: UseFormRegisterReturn<Name>,
  clean: (value: string) => string,
): UseFormRegisterReturn<Name> {
  return {
    ...field,
    onChange: (event: { target: unknown }) => {
      const input = event.target as HTMLInputElement;
      const cleaned = clean(input.value);
      if (cleaned !== input.value) input.value = cleaned;
      return field.onChange(event);
    },
  };
}

/** Digits only (spec 01 §5). */
export const digitsOnly = (value: string) => value.replace(/\D/g, '');
/** A card number as people type it: digits, with spaces or dashes between groups (the schema drops them). */
export const cardNumberCharacters = (value: string) => value.replace(/[^\d\s-]/g, '');
/** Canadian postal codes are upper case (A1A 1A1); U.S. ZIP codes are digits either way. */
export const upperCase = (value: string) => value.toUpperCase();
