import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  confirmCodeRequestSchema,
  disableMfaRequestSchema,
  enableTotpRequestSchema,
  type DisableMfaRequest,
} from '@portal/contracts/mfa';
import { alerts } from '../../../components/alerts.ts';
import { Button } from '../../../components/Button.tsx';
import { CodeField } from '../../../components/form/CodeField.tsx';
import { showErrorsAsAlert } from '../../../components/form/showErrorsAsAlert.ts';
import { VALIDATE_ON_SUBMIT } from '../../../components/form/validateOnSubmit.ts';

interface StepProps {
  onSubmit: (value: string) => void;
  busy: boolean;
  action: string;
}

/** The current password before a second factor changes; what is wrong shows in the alert bar. */
export function PasswordStep({ onSubmit, busy, action }: StepProps) {
  const form = useForm({
    resolver: zodResolver(enableTotpRequestSchema),
    defaultValues: { password: '' },
    ...VALIDATE_ON_SUBMIT,
  });
  return (
    <form
      className="form"
      noValidate
      onSubmit={form.handleSubmit(({ password }) => onSubmit(password), showErrorsAsAlert)}
    >
      <div className="field">
        <label htmlFor="mfa-password">Current password</label>
        <input id="mfa-password" type="password" autoComplete="current-password" {...form.register('password')} />
      </div>
      <Button type="submit" loading={busy}>
        {action}
      </Button>
    </form>
  );
}

/** A 6-digit code that confirms a change of second factor. */
export function CodeStep({ onSubmit, busy, action, label }: StepProps & { label: string }) {
  const form = useForm({
    resolver: zodResolver(confirmCodeRequestSchema),
    defaultValues: { code: '' },
    ...VALIDATE_ON_SUBMIT,
  });
  return (
    <form className="form" noValidate onSubmit={form.handleSubmit(({ code }) => onSubmit(code), showErrorsAsAlert)}>
      <CodeField id="mfa-code" label={label} form={form} name="code" />
      <Button type="submit" loading={busy}>
        {action}
      </Button>
    </form>
  );
}

/** ASVS 7.5.1: the current password again and a code of the factor, before two-step verification goes off. */
export function PasswordAndCodeStep({
  onSubmit,
  busy,
  action,
  label,
}: Omit<StepProps, 'onSubmit'> & { label: string; onSubmit: (value: DisableMfaRequest) => void }) {
  const form = useForm({
    resolver: zodResolver(disableMfaRequestSchema),
    defaultValues: { password: '', code: '' },
    ...VALIDATE_ON_SUBMIT,
  });
  return (
    <form className="form" noValidate onSubmit={form.handleSubmit(onSubmit, showErrorsAsAlert)}>
      <div className="field">
        <label htmlFor="mfa-password">Current password</label>
        <input id="mfa-password" type="password" autoComplete="current-password" {...form.register('password')} />
      </div>
      <CodeField id="mfa-code" label={label} form={form} name="code" />
      <Button type="submit" loading={busy}>
        {action}
      </Button>
    </form>
  );
}

/** The code that turns a second factor on; the success says how signing in goes from now on. */
export function TurnOnStep({
  label,
  confirm,
  success,
  onDone,
}: {
  label: string;
  confirm: { isPending: boolean; mutateAsync: (body: { code: string }) => Promise<unknown> };
  success: string;
  onDone: () => void;
}) {
  return (
    <CodeStep
      label={label}
      action="Turn on"
      busy={confirm.isPending}
      onSubmit={(code) =>
        confirm.mutateAsync({ code }).then(() => {
          alerts.show({ type: 'success', content: success });
          onDone();
        }, alerts.showError)
      }
    />
  );
}
