import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { SetPasswordRequest } from '@portal/contracts';
import { setPasswordRequestSchema } from '@portal/contracts/invitations';
import { alerts } from '../../components/alerts.ts';
import { Button } from '../../components/Button.tsx';
import { Field } from '../../components/form/Field.tsx';
import { NewPasswordFields } from '../../components/form/NewPasswordFields.tsx';
import { useDelayedValidation } from '../../components/form/useDelayedValidation.ts';
import { useSetPassword } from './api.ts';

/**
 * Choose a password (and, for an invitation, say who you are): POST user/set-password. The
 * footer (e.g. "Decline the invitation") goes with the form: once the account exists it is gone.
 */
export function SetPasswordForm({
  token,
  email,
  askNames,
  action,
  footer,
}: {
  token: string;
  email: string;
  askNames: boolean;
  action: string;
  footer?: ReactNode;
}) {
  const form = useForm<SetPasswordRequest>({
    resolver: zodResolver(setPasswordRequestSchema),
    defaultValues: { password: '', confirm_password: '', ...(askNames ? { first_name: '', last_name: '' } : {}) },
  });
  useDelayedValidation(form);
  const setPassword = useSetPassword(token);
  const [done, setDone] = useState(false);
  const errors = form.formState.errors;
  if (done) {
    return (
      <div className="success-panel" role="status">
        <h2>You’re all set</h2>
        <p>
          Your account <strong>{email}</strong> is ready. Sign in with your new password.
        </p>
        <Link className="button button-primary" to="/login">
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <form
      className="form auth-form"
      noValidate
      onSubmit={form.handleSubmit(async (values) => {
        try {
          await setPassword.mutateAsync(values);
          setDone(true);
        } catch (error) {
          alerts.showError(error);
        }
      })}
    >
      <p className="auth-lead">
        Your sign-in e-mail: <strong>{email}</strong>
      </p>
      {askNames && (
        <div className="form-row">
          <Field label="First name" error={errors.first_name?.message}>
            <input autoComplete="given-name" {...form.register('first_name')} />
          </Field>
          <Field label="Last name" error={errors.last_name?.message}>
            <input autoComplete="family-name" {...form.register('last_name')} />
          </Field>
        </div>
      )}
      <NewPasswordFields form={form} password="password" confirm="confirm_password" />
      <Button type="submit" loading={setPassword.isPending}>
        {action}
      </Button>
      {footer}
    </form>
  );
}
