import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { enableSmsRequestSchema } from '@portal/contracts/mfa';
import { alerts } from '../../../components/alerts.ts';
import { Button } from '../../../components/Button.tsx';
import { phoneInputProps } from '../../../components/form/phoneInput.ts';
import { showErrorsAsAlert } from '../../../components/form/showErrorsAsAlert.ts';
import { VALIDATE_ON_SUBMIT } from '../../../components/form/validateOnSubmit.ts';
import { useConfirmSms, useEnableSms } from '../mfa-api.ts';
import { TurnOnStep } from './steps.tsx';

/** Text messages: the mobile phone and the password, then the code sent to that phone. */
export function EnableSms({ onDone }: { onDone: () => void }) {
  const enable = useEnableSms();
  const confirm = useConfirmSms();
  const form = useForm({
    resolver: zodResolver(enableSmsRequestSchema),
    defaultValues: { password: '', phone: '' },
    ...VALIDATE_ON_SUBMIT,
  });
  const [destination, setDestination] = useState<string | null>(null);
  if (!destination) {
    return (
      <form
        className="form"
        noValidate
        onSubmit={form.handleSubmit(
          (values) => enable.mutateAsync(values).then((r) => setDestination(r.destination), alerts.showError),
          showErrorsAsAlert,
        )}
      >
        <div className="field">
          <label htmlFor="sms-phone">Mobile phone</label>
          <input id="sms-phone" {...phoneInputProps(form.register, 'phone')} />
        </div>
        <div className="field">
          <label htmlFor="sms-password">Current password</label>
          <input id="sms-password" type="password" autoComplete="current-password" {...form.register('password')} />
        </div>
        <Button type="submit" loading={enable.isPending}>
          Send code
        </Button>
      </form>
    );
  }
  return (
    <div className="mfa-setup">
      <p>We sent a 6-digit code to {destination}.</p>
      <TurnOnStep
        label="Code from the text message"
        confirm={confirm}
        success="Two-step verification is on. We’ll text you a code when you sign in."
        onDone={onDone}
      />
    </div>
  );
}
