import { useId } from 'react';
import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { Field } from './Field.tsx';
import { PasswordRequirements } from './PasswordRequirements.tsx';

interface NewPasswordFieldsProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  password: Path<T>;
  confirm: Path<T>;
  passwordLabel?: string;
  confirmLabel?: string;
}

/** A new password with its live checklist (spec 01 §5 rule), then its confirmation. */
export function NewPasswordFields<T extends FieldValues>({
  form,
  password,
  confirm,
  passwordLabel = 'Password',
  confirmLabel = 'Confirm password',
}: NewPasswordFieldsProps<T>) {
  const rulesId = `${useId()}-rules`;
  const errors = form.formState.errors;
  const errorOf = (name: Path<T>) => (get(errors, name) as { message?: string } | undefined)?.message;
  return (
    <>
      <Field label={passwordLabel} error={errorOf(password)} describedBy={rulesId}>
        <input type="password" autoComplete="new-password" {...form.register(password)} />
      </Field>
      <PasswordRequirements id={rulesId} value={String(form.watch(password) ?? '')} />
      <Field label={confirmLabel} error={errorOf(confirm)}>
        <input type="password" autoComplete="new-password" {...form.register(confirm)} />
      </Field>
    </>
  );
}
