import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CONFIG_BIT_VALUES, type FeatureSettings } from '@portal/contracts/devices';
import { Button } from '../../../../components/Button.tsx';
import type { StepProps } from '../types.ts';
import { failureText, featuresQuery, sendCommand, updateFeatures, useActions } from './deviceCalls.ts';
import { ActionStatus, StepFrame, Switch, deviceRefOf, useStepData } from './ui.tsx';

type Feature = keyof FeatureSettings;

/**
 * spec 02 §3 feature settings, with the controller config bit of those that have one (siren 2, shock 4,
 * turbo 8, passive arming 16, drive lock 128): those change by a set_config_bit command (the bit to turn it
 * on, negative to turn it off); the others by the features PATCH.
 */
export const FEATURES: { feature: Feature; label: string; what: string; bit?: number }[] = [
  {
    feature: 'siren_enabled',
    label: 'Siren',
    what: 'Sounds the siren when the alarm goes off.',
    bit: CONFIG_BIT_VALUES.siren,
  },
  {
    feature: 'shock_sensor_enabled',
    label: 'Shock sensor',
    what: 'Warns, then triggers the alarm, when the car is hit.',
    bit: CONFIG_BIT_VALUES.shock_sensor,
  },
  {
    feature: 'turbo_timer_start_enabled',
    label: 'Turbo timer',
    what: 'Keeps the engine idling after the key is off to cool the turbo.',
    bit: CONFIG_BIT_VALUES.turbo_timer,
  },
  {
    feature: 'passive_arming_enabled',
    label: 'Auto Lock/Arm',
    what: 'Locks and arms the car by itself after the last door closes.',
    bit: CONFIG_BIT_VALUES.passive_arming,
  },
  {
    feature: 'drive_lock_enabled',
    label: 'Smart Locks',
    what: 'Locks the doors when the car starts moving.',
    bit: CONFIG_BIT_VALUES.drive_lock,
  },
  { feature: 'valet_mode_enabled', label: 'Valet mode', what: 'Turns off the remote start and alarm for service.' },
  { feature: 'timer_start_enabled', label: 'Timer start', what: 'Starts the engine at set intervals in the cold.' },
  { feature: 'auto_door_lock_enabled', label: 'Auto door lock', what: 'Locks the doors when the ignition turns on.' },
];

/** The set_config_bit value for turning a bit on or off (spec 02 §7: a negative bit turns it off). */
export const configBitFor = (bit: number, on: boolean) => (on ? bit : -bit);

interface Saved {
  features: Partial<FeatureSettings>;
  changes: string[];
}

/** system-settings (spec 02 §3): the controller's features the owner will use, each on or off. */
export function SystemSettings(props: StepProps) {
  const { online, finish } = props;
  const device = deviceRefOf(props);
  const queryClient = useQueryClient();
  const read = useQuery({ ...featuresQuery(device), enabled: online });
  const [saved, update] = useStepData<Saved>(props);
  const [pending, setPending] = useState<Partial<FeatureSettings>>({});
  const actions = useActions<Feature>();

  const change = async (entry: (typeof FEATURES)[number], on: boolean) => {
    setPending((current) => ({ ...current, [entry.feature]: on }));
    const answer = await actions.run(entry.feature, async (sent) => {
      if (entry.bit !== undefined) {
        await sendCommand(device, 'set_config_bit', sent, configBitFor(entry.bit, on));
        return { ...read.data!, [entry.feature]: on };
      }
      return updateFeatures(device, { [entry.feature]: on });
    });
    // A failed change flips back: the switch shows the device's value again.
    setPending((current) => {
      const { [entry.feature]: _done, ...rest } = current;
      return rest;
    });
    if (!answer) return;
    queryClient.setQueryData(featuresQuery(device).queryKey, answer);
    const line = `${entry.label} ${on ? 'on' : 'off'}`;
    await update((data) => ({ features: answer, changes: [...(data.changes ?? []), line] }), line);
  };

  const changes = saved.changes ?? [];
  return (
    <StepFrame
      purpose="Turn on the features the owner will use: siren, shock sensor, turbo timer, auto lock and smart locks."
      online={online}
      onContinue={() =>
        finish({
          status: 'done',
          summary: changes.length ? `Features changed: ${changes.join(', ')}` : 'Features left as they were',
          data: { ...saved },
        })
      }
    >
      {read.isPending ? (
        <p role="status">{online ? 'Asking the device for its settings…' : 'Waiting for the connection…'}</p>
      ) : read.isError ? (
        <div className="settings-item">
          <p role="alert" className="settings-status is-failed">
            Could not read the settings: {failureText(read.error)}
          </p>
          <Button type="button" variant="secondary" disabled={!online} onClick={() => read.refetch()}>
            Ask again
          </Button>
        </div>
      ) : (
        <ul className="settings-list">
          {FEATURES.map((entry) => {
            const state = actions.stateOf(entry.feature);
            const busy = state.phase === 'loading' || state.phase === 'sent';
            return (
              <li key={entry.feature} className="settings-item">
                <Switch
                  label={entry.label}
                  hint={entry.what}
                  checked={pending[entry.feature] ?? read.data[entry.feature]}
                  disabled={!online || busy}
                  onChange={(on) => void change(entry, on)}
                />
                <ActionStatus state={state} />
              </li>
            );
          })}
        </ul>
      )}
    </StepFrame>
  );
}
