import type { ChangeEvent } from 'react';
import type { FieldPath, FieldValues, UseFormRegister } from 'react-hook-form';
import { formatPhone } from '@portal/contracts/validation';

/**
 * spec 01 §5 phone input: ten digits shown as (xxx) xxx - xxxx (16 characters), formatted as the
 * user types. Spread onto an <input> with the form's register.
 */
export function phoneInputProps<T extends FieldValues>(register: UseFormRegister<T>, name: FieldPath<T>) {
  return {
    type: 'tel',
    inputMode: 'numeric',
    autoComplete: 'tel-national',
    placeholder: '(555) 555 - 5555',
    maxLength: 16,
    ...register(name, {
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        event.target.value = formatPhone(event.target.value);
      },
    }),
  } as const;
}
