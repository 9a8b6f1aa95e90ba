import type { ChangeEvent } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

const digitsOnly = (value: string) => value.replace(/\D/g, '');

/**
 * A 6-digit one-time code: numeric keypad on phones, the OS may fill it from a text message.
 * Only digits reach the field and the form.
 */
export function CodeField<T extends FieldValues>({
  id,
  label,
  form,
  name,
}: {
  id: string;
  label: string;
  form: UseFormReturn<T>;
  name: Path<T>;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="code-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        {...form.register(name, {
          setValueAs: (value: string) => digitsOnly(value),
          onChange: (event: ChangeEvent<HTMLInputElement>) => {
            event.target.value = digitsOnly(event.target.value);
          },
        })}
      />
    </div>
  );
}
