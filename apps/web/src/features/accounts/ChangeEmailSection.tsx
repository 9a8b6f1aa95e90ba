import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_TEXTS, changeEmailRequestSchema, type ChangeEmailRequest } from '@portal/contracts/accounts';
import { alerts } from '../../components/alerts.ts';
import { Button } from '../../components/Button.tsx';
import { Field } from '../../components/form/Field.tsx';
import { useDelayedValidation } from '../../components/form/useDelayedValidation.ts';
import { useRequestEmailChange } from './api.ts';

const EMPTY: ChangeEmailRequest = { new_email: '', password: '' };

/** /profile: ask for a new sign-in e-mail; it changes when the link sent to it is opened. */
export function ChangeEmailSection() {
  const form = useForm<ChangeEmailRequest>({ resolver: zodResolver(changeEmailRequestSchema), defaultValues: EMPTY });
  useDelayedValidation(form);
  const change = useRequestEmailChange();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const errors = form.formState.errors;
  return (
    <section className="card" aria-labelledby="change-email-heading">
      <h2 id="change-email-heading">{ACCOUNT_TEXTS.changeEmailTitle}</h2>
      <p>{ACCOUNT_TEXTS.changeEmailLead}</p>
      {sentTo && (
        <p className="notice" role="status">
          {ACCOUNT_TEXTS.changeEmailSent(sentTo)}
        </p>
      )}
      <form
        className="form"
        noValidate
        onSubmit={form.handleSubmit(async (values) => {
          setSentTo(null);
          try {
            await change.mutateAsync(values);
            form.reset(EMPTY);
            setSentTo(values.new_email.trim().toLowerCase());
          } catch (error) {
            alerts.showError(error);
          }
        })}
      >
        <Field label="New e-mail" error={errors.new_email?.message}>
          <input type="email" autoComplete="email" inputMode="email" {...form.register('new_email')} />
        </Field>
        {/* Not "Current password": the change-password card below already has a field by that name. */}
        <Field label="Your password" error={errors.password?.message}>
          <input type="password" autoComplete="current-password" {...form.register('password')} />
        </Field>
        <Button type="submit" loading={change.isPending}>
          Send confirmation
        </Button>
      </form>
    </section>
  );
}
