import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { setPinSchema } from '@portal/contracts/devices';
import { Button } from '../../../../components/Button.tsx';
import { Field } from '../../../../components/form/Field.tsx';
import type { StepProps } from '../types.ts';
import {
  clearSecondaryPin,
  optionTablesKey,
  setPin,
  updateOptionTable,
  useActions,
  type TableAnswer,
} from './deviceCalls.ts';
import { ActionStatus, SelectField, StepFrame, Switch, deviceRefOf, useStepData } from './ui.tsx';

/** spec 02 §4 PIN durations: how long a PIN entered on the KeyLocker stays valid, with the code sent. */
export const PIN_DURATIONS = [
  { value: 1, label: '1 Minute' },
  { value: 2, label: '5 Minutes' },
  { value: 30, label: '30 Minutes' },
  { value: 60, label: '1 Hour' },
  { value: 120, label: '2 Hours' },
  { value: 240, label: '4 Hours' },
  { value: 480, label: '8 Hours' },
] as const;
type PinDuration = (typeof PIN_DURATIONS)[number]['value'];

type Which = 'master' | 'secondary';
/** What is kept of a PIN: whether it is on and how its last change ended, never its digits. */
interface PinState {
  enabled: boolean;
  success: boolean;
  failed: boolean;
}
interface Saved {
  master: PinState;
  secondary: PinState;
  duration: PinDuration;
}

const OFF: PinState = { enabled: false, success: false, failed: false };
const TITLES: Record<Which, string> = { master: 'Master PIN', secondary: 'Secondary PIN' };

/** spec 02 §3, §5: a PIN is four digits (the contract's rule). */
const pinError = (value: string) => {
  const parsed = setPinSchema.shape.pin.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter four digits.');
};

/**
 * keylocker-pin-codes (spec 02 §3, §4): the master and secondary PINs that open the KeyLocker from its
 * keypad, whether each is on, and how long an entered PIN stays valid. A set that fails flips its toggle back
 * and marks it failed (spec 02 §4, §8); the secondary PIN is cleared with the master PIN.
 */
export function KeylockerPinCodes(props: StepProps) {
  const { online, finish } = props;
  const [saved, update] = useStepData<Saved>(props);
  const pins: Record<Which, PinState> = { master: saved.master ?? OFF, secondary: saved.secondary ?? OFF };
  // Shown at once; the saved state follows what the device answered.
  const [enabled, setEnabled] = useState<Record<Which, boolean>>({
    master: pins.master.enabled,
    secondary: pins.secondary.enabled,
  });
  const [values, setValues] = useState<Record<Which, string>>({ master: '', secondary: '' });
  const [errors, setErrors] = useState<Partial<Record<Which, string>>>({});
  const actions = useActions<Which | 'duration'>();
  const device = deviceRefOf(props);
  const queryClient = useQueryClient();
  const keylockerTable = optionTablesKey(device, { kind: 'keylocker' });
  // The duration on the KeyLocker, when its table was read in this visit (keylocker-option-tables).
  const durationNow = queryClient.getQueryData<TableAnswer>(keylockerTable)?.tables.values.pin_duration;
  const duration =
    saved.duration ?? (PIN_DURATIONS.find((d) => d.value === durationNow)?.value as PinDuration | undefined);

  const record = (which: Which, pin: PinState, summary: string) => update({ [which]: pin } as Partial<Saved>, summary);

  const sendPin = async (which: Which) => {
    const problem = pinError(values[which]);
    setErrors((current) => ({ ...current, [which]: problem ?? undefined }));
    if (problem) return;
    const wasOn = enabled[which];
    setEnabled((current) => ({ ...current, [which]: true }));
    const job = await actions.run(which, (sent) => setPin(device, values[which], which === 'secondary', sent));
    if (job) {
      await record(which, { enabled: true, success: true, failed: false }, `${TITLES[which]} set`);
      return;
    }
    // spec 02 §4: a PIN that failed to set flips its toggle back and is marked failed.
    setEnabled((current) => ({ ...current, [which]: wasOn }));
    await record(which, { enabled: wasOn, success: false, failed: true }, `${TITLES[which]} failed to set`);
  };

  const clearSecondary = async () => {
    const problem = pinError(values.master);
    if (problem) {
      setErrors((current) => ({ ...current, master: `To clear the secondary PIN, enter the master PIN. ${problem}` }));
      return;
    }
    setErrors((current) => ({ ...current, master: undefined }));
    setEnabled((current) => ({ ...current, secondary: false }));
    const job = await actions.run('secondary', (sent) => clearSecondaryPin(device, values.master, sent));
    if (job) {
      await record('secondary', { enabled: false, success: true, failed: false }, 'Secondary PIN cleared');
      return;
    }
    setEnabled((current) => ({ ...current, secondary: true }));
    await record('secondary', { ...pins.secondary, enabled: true, failed: true }, 'Secondary PIN failed to clear');
  };

  const toggle = (which: Which, on: boolean) => {
    if (on) void sendPin(which);
    else if (which === 'secondary') void clearSecondary();
  };

  const chooseDuration = async (duration: PinDuration) => {
    const answer = await actions.run('duration', () =>
      updateOptionTable(device, { kind: 'keylocker' }, { pin_duration: duration }),
    );
    if (!answer) return;
    queryClient.setQueryData<TableAnswer>(keylockerTable, answer);
    await update({ duration }, `PIN valid for ${labelOf(duration)}`);
  };

  const summary = () =>
    [
      `Master PIN ${pins.master.enabled ? 'on' : 'off'}`,
      `secondary PIN ${pins.secondary.enabled ? 'on' : 'off'}`,
      ...(saved.duration ? [`PIN valid for ${labelOf(saved.duration)}`] : []),
    ].join(', ');

  return (
    <StepFrame
      purpose="Set the codes that open the KeyLocker from its keypad, so the owner can get the key without a phone."
      online={online}
      onContinue={() => finish({ status: 'done', summary: summary(), data: { ...saved } })}
    >
      {(['master', 'secondary'] as const).map((which) => {
        const state = actions.stateOf(which);
        const busy = state.phase === 'loading' || state.phase === 'sent';
        return (
          <section key={which} className="settings-item" aria-label={TITLES[which]}>
            <h3>{TITLES[which]}</h3>
            <Field
              label={`${TITLES[which]} (four digits)`}
              error={errors[which]}
              hint={which === 'master' ? 'Also needed to clear the secondary PIN.' : undefined}
            >
              <input
                type="password"
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                value={values[which]}
                onChange={(event) => {
                  const value = event.currentTarget.value.replace(/\D/g, '');
                  setValues((current) => ({ ...current, [which]: value }));
                }}
              />
            </Field>
            <Switch
              label={`${TITLES[which]} enabled`}
              hint={
                which === 'master' && enabled.master
                  ? 'The master PIN stays on; send a new one to change it.'
                  : 'Turning it on sends the PIN above to the KeyLocker.'
              }
              checked={enabled[which]}
              disabled={!online || busy || (which === 'master' && enabled.master)}
              onChange={(on) => toggle(which, on)}
            />
            {enabled[which] && (
              <Button type="button" variant="secondary" disabled={!online || busy} onClick={() => void sendPin(which)}>
                Send new {which} PIN
              </Button>
            )}
            <ActionStatus
              state={state}
              successText={enabled[which] ? `${TITLES[which]} set on the KeyLocker.` : `${TITLES[which]} cleared.`}
            />
          </section>
        );
      })}
      <section className="settings-item" aria-label="PIN duration">
        <SelectField<PinDuration>
          label="A PIN entered on the keypad stays valid for"
          value={duration ?? ''}
          options={PIN_DURATIONS}
          disabled={!online || actions.stateOf('duration').phase === 'loading'}
          onChange={(duration) => void chooseDuration(duration)}
        />
        <ActionStatus state={actions.stateOf('duration')} successText="Saved on the KeyLocker." />
      </section>
    </StepFrame>
  );
}

const labelOf = (duration: PinDuration) => PIN_DURATIONS.find((d) => d.value === duration)?.label ?? String(duration);
