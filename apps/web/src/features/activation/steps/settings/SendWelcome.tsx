import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { welcomeSchema } from '@portal/contracts/devices';
import { Button } from '../../../../components/Button.tsx';
import { Field } from '../../../../components/form/Field.tsx';
import type { StepProps } from '../types.ts';
import { sendWelcome, useActions } from './deviceCalls.ts';
import { ActionStatus, StepFrame, deviceRefOf, useStepData } from './ui.tsx';

/** The contract's rule for both fields: the e-mail is trimmed and lowercased before it is sent (spec 02 §5). */
const welcomeFormSchema = welcomeSchema.pick({ name: true, email: true });

interface Saved {
  /** Where the welcome went (lowercased), once the server took it. */
  email: string;
}

/**
 * send-welcome (spec 02 §5, issue 29): the owner's name and e-mail, lowercased, to the welcome message that
 * tells them how to get the app. The installer may skip it.
 */
export function SendWelcome(props: StepProps) {
  const { online, finish } = props;
  const [saved, update] = useStepData<Saved>(props);
  const actions = useActions<'welcome'>();
  const state = actions.stateOf('welcome');
  const form = useForm({
    resolver: zodResolver(welcomeFormSchema),
    defaultValues: { name: '', email: saved.email ?? '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ name, email }) => {
    const answer = await actions.run('welcome', () => sendWelcome(deviceRefOf(props), name, email));
    if (answer) await update({ email: answer.email }, `Welcome sent to ${answer.email}`);
  });

  return (
    <StepFrame
      purpose="Send the car's owner a welcome e-mail so they can start, lock and find the car from their phone."
      online={online}
      canContinue={saved.email !== undefined && !isSubmitting}
      onContinue={() => finish({ status: 'done', summary: `Welcome sent to ${saved.email}`, data: { ...saved } })}
      onSkip={() => finish({ status: 'skipped', summary: 'Welcome message skipped' })}
      skipLabel="Skip the welcome"
    >
      <p className="settings-hint">
        The owner gets an e-mail from us: they download the mobile app and sign in with this e-mail address.
      </p>
      <form className="settings-item" onSubmit={(event) => void submit(event)} noValidate>
        <Field label="Owner's name" error={errors.name?.message}>
          <input type="text" autoComplete="off" {...form.register('name')} />
        </Field>
        <Field label="Owner's e-mail" error={errors.email?.message}>
          <input type="email" inputMode="email" autoComplete="off" autoCapitalize="none" {...form.register('email')} />
        </Field>
        <Button type="submit" disabled={!online || isSubmitting} loading={isSubmitting}>
          Send the welcome
        </Button>
        <ActionStatus state={state} successText={saved.email ? `Welcome message sent to ${saved.email}.` : undefined} />
      </form>
    </StepFrame>
  );
}
