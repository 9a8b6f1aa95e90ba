import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_TEXTS, registerRequestSchema, type RegisterRequest } from '@portal/contracts/accounts';
import { alerts } from '../../components/alerts.ts';
import { Button } from '../../components/Button.tsx';
import { Field } from '../../components/form/Field.tsx';
import { NewPasswordFields } from '../../components/form/NewPasswordFields.tsx';
import { useDelayedValidation } from '../../components/form/useDelayedValidation.ts';
import { useRegister, useResendSignUpEmail } from './api.ts';

const EMPTY: RegisterRequest = { first_name: '', last_name: '', email: '', password: '', confirm_password: '' };

/** /register (spec 01 §1 consumers): create an account, then confirm the e-mail from its link. */
export default function RegisterPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <div className="auth-page">
      {sentTo ? <CheckYourEmail email={sentTo} /> : <RegisterForm onRegistered={setSentTo} />}
    </div>
  );
}

function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const form = useForm<RegisterRequest>({ resolver: zodResolver(registerRequestSchema), defaultValues: EMPTY });
  useDelayedValidation(form);
  const register = useRegister();
  const errors = form.formState.errors;
  return (
    <form
      className="form auth-form"
      noValidate
      onSubmit={form.handleSubmit(async (values) => {
        alerts.clear();
        try {
          await register.mutateAsync(values);
          onRegistered(values.email.trim().toLowerCase());
        } catch (error) {
          alerts.showError(error);
        }
      })}
    >
      <h1>{ACCOUNT_TEXTS.registerTitle}</h1>
      <p className="auth-lead">{ACCOUNT_TEXTS.registerLead}</p>
      <div className="form-row">
        <Field label="First name" error={errors.first_name?.message}>
          <input autoComplete="given-name" {...form.register('first_name')} />
        </Field>
        <Field label="Last name" error={errors.last_name?.message}>
          <input autoComplete="family-name" {...form.register('last_name')} />
        </Field>
      </div>
      <Field label="Email" error={errors.email?.message}>
        <input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
      </Field>
      <NewPasswordFields form={form} password="password" confirm="confirm_password" />
      <Button type="submit" loading={register.isPending}>
        Create account
      </Button>
      <p className="auth-links">
        <span>
          Already have an account? <Link to="/login">Sign in</Link>
        </span>
      </p>
    </form>
  );
}

function CheckYourEmail({ email }: { email: string }) {
  const resend = useResendSignUpEmail();
  return (
    <div className="success-panel" role="status">
      <h1>{ACCOUNT_TEXTS.checkEmailTitle}</h1>
      <p>{ACCOUNT_TEXTS.checkEmailBody(email)}</p>
      <p>{ACCOUNT_TEXTS.checkEmailHint}</p>
      <div className="button-row">
        <Button
          variant="secondary"
          onClick={async () => {
            try {
              await resend.mutateAsync(email);
              alerts.show({ type: 'success', content: ACCOUNT_TEXTS.resent });
            } catch (error) {
              alerts.showError(error);
              throw error; // no checkmark
            }
          }}
        >
          Send the link again
        </Button>
        <Link className="button button-primary" to="/login">
          Sign in
        </Link>
      </div>
    </div>
  );
}
