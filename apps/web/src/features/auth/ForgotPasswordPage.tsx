import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordRequest, ResetPasswordRequest } from '@portal/contracts';
import { forgotPasswordRequestSchema, resetPasswordRequestSchema } from '@portal/contracts/auth';
import { messages } from '@portal/contracts/messages';
import { routes } from '@portal/contracts/endpoints/routes';
import { call } from '../../lib/api.ts';
import { alerts } from '../../components/alerts.ts';
import { Button } from '../../components/Button.tsx';
import { Field } from '../../components/form/Field.tsx';
import { NewPasswordFields } from '../../components/form/NewPasswordFields.tsx';
import { useDelayedValidation } from '../../components/form/useDelayedValidation.ts';

type Step = { name: 'email' } | { name: 'code'; email: string } | { name: 'done' };

/** /forgot-password: a code by e-mail, then a new password (issue 3 §3). */
export default function ForgotPasswordPage() {
  const [step, setStep] = useState<Step>({ name: 'email' });
  return (
    <div className="auth-page">
      {step.name === 'email' && <RequestCode onSent={(email) => setStep({ name: 'code', email })} />}
      {step.name === 'code' && (
        <ResetWithCode
          email={step.email}
          onDone={() => setStep({ name: 'done' })}
          onBack={() => setStep({ name: 'email' })}
        />
      )}
      {step.name === 'done' && (
        <div className="success-panel" role="status">
          <h1>Your password has been changed</h1>
          <p>You can sign in with your new password now. Every other device was signed out.</p>
          <Link className="button button-primary" to="/login">
            Sign in
          </Link>
        </div>
      )}
    </div>
  );
}

function RequestCode({ onSent }: { onSent: (email: string) => void }) {
  const form = useForm<ForgotPasswordRequest>({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { email: '' },
  });
  useDelayedValidation(form);
  const send = useMutation({
    mutationFn: (body: ForgotPasswordRequest) => call(routes.auth.forgotPassword, { body }),
  });
  return (
    <form
      className="form auth-form"
      noValidate
      onSubmit={form.handleSubmit(async (values) => {
        alerts.clear();
        try {
          await send.mutateAsync(values);
          alerts.show({ type: 'success', content: messages.resetCodeSent });
          onSent(values.email.trim().toLowerCase());
        } catch (error) {
          alerts.showError(error);
        }
      })}
    >
      <h1>Forgot your password?</h1>
      <p className="auth-lead">Enter the e-mail you sign in with. We’ll send you a code to choose a new password.</p>
      <Field label="Email" error={form.formState.errors.email?.message}>
        <input type="email" autoComplete="username" inputMode="email" {...form.register('email')} />
      </Field>
      <Button type="submit" loading={send.isPending}>
        Send code
      </Button>
      <p className="auth-links">
        <Link to="/login">Back to sign in</Link>
      </p>
    </form>
  );
}

function ResetWithCode({ email, onDone, onBack }: { email: string; onDone: () => void; onBack: () => void }) {
  const form = useForm<ResetPasswordRequest>({
    resolver: zodResolver(resetPasswordRequestSchema),
    defaultValues: { email, code: '', password: '', confirmPassword: '' },
  });
  useDelayedValidation(form);
  const reset = useMutation({
    mutationFn: (body: ResetPasswordRequest) => call(routes.auth.resetPassword, { body }),
  });
  const errors = form.formState.errors;
  return (
    <form
      className="form auth-form"
      noValidate
      onSubmit={form.handleSubmit(async (values) => {
        // A refusal of an earlier try (a wrong code) is answered by this one: it must not outlive it.
        alerts.clear();
        try {
          await reset.mutateAsync(values);
          onDone();
        } catch (error) {
          alerts.showError(error);
        }
      })}
    >
      <h1>Choose a new password</h1>
      <p className="auth-lead">
        Enter the 6-digit code we e-mailed to <strong>{email}</strong>.
      </p>
      <Field label="Code" error={errors.code?.message}>
        <input
          className="code-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...form.register('code')}
        />
      </Field>
      <NewPasswordFields
        form={form}
        password="password"
        confirm="confirmPassword"
        passwordLabel="New password"
        confirmLabel="Confirm new password"
      />
      <Button type="submit" loading={reset.isPending}>
        Change password
      </Button>
      <p className="auth-links">
        <button type="button" className="button-link" onClick={onBack}>
          Send a new code
        </button>
      </p>
    </form>
  );
}
