import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { routes } from '@portal/contracts/endpoints/routes';
import { deviceKeyField, type ActivateResponse } from '@portal/contracts/devices';
import { DURATION_LABELS, type PlanDuration } from '@portal/contracts/plans';
import { Button } from '../../../components/Button.tsx';
import { Field } from '../../../components/form/Field.tsx';
import { call } from '../../../lib/api.ts';
import { deviceCheckProblem, ICCID_WHERE } from '../deviceCheckProblem.ts';
import { ActionButton, DoneBefore, OfflineWait } from './StepKit.tsx';
import type { StepProps } from './types.ts';

const replaceFormSchema = z.object({
  old_device_key: deviceKeyField,
  old_iccid: z
    .string()
    .trim()
    .regex(/^(\d{4})?$/, 'Enter the last four digits of the ICCID.'),
  new_iccid: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'Enter the last four digits of the ICCID.'),
});
type ReplaceForm = z.input<typeof replaceFormSchema>;

/**
 * What the new unit took over, in words, from the verification's answer (issue 29: option tables, PINs, feature
 * settings and the plan): only what the device cloud says it holds of the old unit now.
 */
export function takeOverSummary(oldKey: string, answer: Pick<ActivateResponse, 'device_key' | 'taken_over'>) {
  const taken = answer.taken_over;
  const retired = `${oldKey} is retired`;
  if (!taken) return `${answer.device_key} replaced ${oldKey}; ${retired}`;
  const parts = [
    taken.option_tables.length > 0 &&
      `${taken.option_tables.length === 1 ? 'option table' : 'option tables'} (${taken.option_tables.join(', ')})`,
    taken.feature_settings && 'feature settings',
    taken.keylocker && `KeyLocker PINs (${taken.keylocker.pins_enabled} enabled) and ${taken.keylocker.mode} mode`,
    taken.plan &&
      `the ${taken.plan.name} plan (${(DURATION_LABELS[taken.plan.duration as PlanDuration] ?? taken.plan.duration.replace(/_/g, ' ')).toLowerCase()})`,
  ].filter((part): part is string => typeof part === 'string');
  const tookOver = parts.length > 0 ? ` and took over its ${parts.join(', ')}` : ', taking over none of its settings';
  return `${answer.device_key} replaced ${oldKey}${tookOver}${taken.plan ? '' : ' (the old unit had no plan)'}; ${retired}`;
}

/**
 * replace-device (spec 02 §4): the old unit's serial and proof, the new one's (the unit this activation is for),
 * the swap, then the replacement verified (device/activate) and what it took over.
 */
export function ReplaceDeviceStep({ device, proof, state, save, finish, refreshDevice, online }: StepProps) {
  const swappedFrom = typeof state?.data.old_device_key === 'string' ? state.data.old_device_key : null;
  const [verified, setVerified] = useState<ActivateResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<ReplaceForm>({
    resolver: zodResolver(replaceFormSchema),
    defaultValues: { old_device_key: '', old_iccid: '', new_iccid: proof ?? '' },
  });
  const oldSerial = form.register('old_device_key');

  if (state?.status === 'done') return <DoneBefore state={state} finish={finish} />;

  const verify = async (oldKey: string) => {
    setProblem(null);
    try {
      const answer = await call(routes.devices.activate, {
        body: { device_key: device.device_key, ...(proof ? { iccid_last_digits: proof } : {}) },
      });
      setVerified(answer);
      await save({ old_device_key: oldKey, verified: answer.replacedDeviceVerified }, takeOverSummary(oldKey, answer));
      await refreshDevice().catch(() => undefined);
    } catch (error) {
      setProblem(deviceCheckProblem(error).text);
    }
  };

  if (verified && swappedFrom) {
    return (
      <div className="activation-step">
        <p className="is-good" role="status">
          The replacement is verified.
        </p>
        <p>{takeOverSummary(swappedFrom, verified)}.</p>
        <ActionButton
          action={() =>
            finish({ status: 'done', summary: takeOverSummary(swappedFrom, verified), data: { verified: true } })
          }
        >
          Continue
        </ActionButton>
      </div>
    );
  }

  if (swappedFrom) {
    // Swapped (perhaps before a reload): the new unit must still answer and take over.
    return (
      <div className="activation-step">
        <p>
          {swappedFrom} is swapped for {device.device_key}. Power the new unit and turn the key on, then verify it: it
          answers and takes over the old unit’s settings and plan.
        </p>
        <OfflineWait online={online} />
        {problem && (
          <p className="activation-problem" role="alert">
            {problem}
          </p>
        )}
        <ActionButton disabled={!online} action={() => verify(swappedFrom)}>
          Verify the replacement
        </ActionButton>
      </div>
    );
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    const oldKey = values.old_device_key.toUpperCase();
    try {
      await call(routes.devices.swap, {
        body: {
          old_device_key: oldKey,
          new_device_key: device.device_key,
          ...(values.old_iccid ? { old_iccid_last_digits: values.old_iccid } : {}),
          new_iccid_last_digits: values.new_iccid,
        },
      });
      await save({ old_device_key: oldKey, verified: false }, `Swapped ${oldKey} for ${device.device_key}`);
      await verify(oldKey);
    } catch (error) {
      setProblem(deviceCheckProblem(error).text);
    }
  });

  return (
    <form className="activation-step form" noValidate onSubmit={onSubmit}>
      <p>
        The new unit, {device.device_key}, takes the place of a faulty one: it takes over its option tables, PINs,
        feature settings and remaining plan, and the old unit is retired.
      </p>
      <fieldset>
        <legend>The old unit (the one coming out)</legend>
        <Field label="Old serial number" error={form.formState.errors.old_device_key?.message}>
          <input
            {...oldSerial}
            onChange={(event) => {
              event.currentTarget.value = event.currentTarget.value.toUpperCase().replace(/[^A-Z0-9]/g, '');
              return oldSerial.onChange(event);
            }}
            autoCapitalize="characters"
            autoComplete="off"
            placeholder="e.g. 10230000240"
          />
        </Field>
        <Field
          label="Last 4 digits of the old unit’s ICCID"
          hint="Needed unless the old unit is installed for your business."
          optional
          error={form.formState.errors.old_iccid?.message}
        >
          <input {...form.register('old_iccid')} inputMode="numeric" maxLength={4} autoComplete="off" />
        </Field>
      </fieldset>
      <fieldset>
        <legend>The new unit (the one going in)</legend>
        <p>Serial number {device.device_key}</p>
        <Field
          label="Last 4 digits of the new unit’s ICCID"
          hint={ICCID_WHERE}
          error={form.formState.errors.new_iccid?.message}
        >
          <input {...form.register('new_iccid')} inputMode="numeric" maxLength={4} autoComplete="off" />
        </Field>
      </fieldset>
      <OfflineWait online={online} />
      {problem && (
        <p className="activation-problem" role="alert">
          {problem}
        </p>
      )}
      <Button type="submit" disabled={!online} loading={form.formState.isSubmitting}>
        Swap and verify
      </Button>
    </form>
  );
}
