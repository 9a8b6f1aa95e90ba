import { useId, useState } from 'react';
import { DASHCAM_QUERY_COUNT, type DeviceCommandName } from '@portal/contracts/devices';
import { Button } from '../../../../components/Button.tsx';
import type { StepProps } from '../types.ts';
import { sendCommand, sendDashcamQuery, useActions } from './deviceCalls.ts';
import {
  DURATION_LIMITS,
  RUNTIME_VALUES,
  describeLimits,
  durationLabel,
  encodeDuration,
  isDurationInRange,
  type DurationUnit,
} from './durations.ts';
import { ActionStatus, SelectField, StepFrame, deviceRefOf, useStepData } from './ui.tsx';

type Setting = { kind: 'none' } | { kind: 'duration'; label: string } | { kind: 'runtime'; label: string };
interface Item {
  command: DeviceCommandName;
  title: string;
  what: string;
  setting: Setting;
}

/** spec 02 §4 configuration items, each the command that sets it on the device. */
export const CONFIGURATION_ITEMS: Item[] = [
  {
    command: 'config_direction_change',
    title: 'Direction change',
    what: 'Reports a new position when the car turns, so the map follows the road.',
    setting: { kind: 'duration', label: 'Least time between direction reports' },
  },
  {
    command: 'config_ignition_reporting',
    title: 'Ignition on/off reporting',
    what: 'Tells the owner when the ignition is turned on or off.',
    setting: { kind: 'duration', label: 'Report after the ignition has been on or off for' },
  },
  {
    command: 'config_accelerometer_alerts',
    title: 'Accelerometer alerts',
    what: 'Alerts on hard braking, sharp turns and impacts.',
    setting: { kind: 'none' },
  },
  {
    command: 'config_towing_events',
    title: 'Towing events',
    what: 'Alerts when the car moves with the ignition off.',
    setting: { kind: 'duration', label: 'Moving with the ignition off for' },
  },
  {
    command: 'config_security_events',
    title: 'Security events',
    what: 'Reports alarm triggers, door openings while armed and panic.',
    setting: { kind: 'none' },
  },
  {
    command: 'config_engine_monitoring',
    title: 'Engine monitoring',
    what: 'Watches the engine while remote started and stops it after the runtime.',
    setting: { kind: 'runtime', label: 'Remote start runtime' },
  },
  {
    command: 'config_power_settings',
    title: 'Power settings',
    what: 'Lets the unit sleep to spare the car battery when parked.',
    setting: { kind: 'duration', label: 'Sleep after the car is parked for' },
  },
];

/** An item's chosen value as entered (before it is encoded). */
interface Entry {
  unit: DurationUnit;
  amount: string;
  runtime: number;
}
const DEFAULT_ENTRY: Entry = { unit: 'seconds', amount: '30', runtime: 15 };

/** What is kept per item: the value sent (spec 02 §5 code) and how the send ended. */
interface SentItem {
  value: number | null;
  label: string;
  status: 'success' | 'failed';
}
interface Saved {
  items: Partial<Record<DeviceCommandName, SentItem>>;
  dashcam: { answered: number; status: 'success' | 'failed' };
}

/**
 * The value an item sends: a duration as spec 02 §5 codes it (seconds 1–99, minutes 1–15 as 101–115), a
 * runtime as its minutes (3, 15, 25, 45), or null for an item without a setting; an error for a duration
 * outside its range.
 */
export function valueOf(setting: Setting, entry: Entry): { value: number | null; label: string } | { error: string } {
  if (setting.kind === 'none') return { value: null, label: 'on' };
  if (setting.kind === 'runtime') return { value: entry.runtime, label: `${entry.runtime} minutes` };
  const duration = { unit: entry.unit, amount: Number(entry.amount) };
  if (entry.amount.trim() === '' || !isDurationInRange(duration))
    return { error: `Enter ${describeLimits(entry.unit)}.` };
  return { value: encodeDuration(duration), label: durationLabel(duration) };
}

/**
 * device-configuration (spec 02 §4): what the unit reports and how it behaves, item by item, each sent on
 * its own with its loading, sent, success or failed; and the dash camera query (five queries).
 * The value (a duration code or a runtime) rides on the command (send-command `value`).
 */
export function DeviceConfiguration(props: StepProps) {
  const { online, finish } = props;
  const device = deviceRefOf(props);
  const [saved, update] = useStepData<Saved>(props);
  const [entries, setEntries] = useState<Partial<Record<DeviceCommandName, Entry>>>({});
  const [errors, setErrors] = useState<Partial<Record<DeviceCommandName, string>>>({});
  const actions = useActions<DeviceCommandName>();

  const entryOf = (command: DeviceCommandName) => entries[command] ?? DEFAULT_ENTRY;
  const edit = (command: DeviceCommandName, change: Partial<Entry>) =>
    setEntries((current) => ({ ...current, [command]: { ...(current[command] ?? DEFAULT_ENTRY), ...change } }));

  const send = async (item: Item) => {
    const chosen = valueOf(item.setting, entryOf(item.command));
    if ('error' in chosen) {
      setErrors((current) => ({ ...current, [item.command]: chosen.error }));
      return;
    }
    setErrors((current) => ({ ...current, [item.command]: undefined }));
    const value = chosen.value ?? undefined;
    const job = await actions.run(item.command, (sent) => sendCommand(device, item.command, sent, undefined, value));
    const line = `${item.title}: ${chosen.label}${job ? '' : ' (failed)'}`;
    await update(
      (data) => ({
        items: { ...data.items, [item.command]: { ...chosen, status: job ? 'success' : 'failed' } },
      }),
      line,
    );
  };

  const queryDashcam = async () => {
    const answered = await actions.run('dashcam_query', (sent) => sendDashcamQuery(device, sent));
    await update(
      { dashcam: { answered: answered ?? 0, status: answered ? 'success' : 'failed' } },
      answered ? 'Dash camera answered' : 'Dash camera query failed',
    );
  };

  const summary = () => {
    const sent = CONFIGURATION_ITEMS.flatMap((item) => {
      const done = saved.items?.[item.command];
      return done ? [`${item.title}: ${done.label}${done.status === 'failed' ? ' (failed)' : ''}`] : [];
    });
    return sent.length ? `Configured ${sent.join('; ')}` : 'Configuration left as it was';
  };

  return (
    <StepFrame
      purpose="Choose what the unit reports to the owner's app and how it spares the car's battery."
      online={online}
      onContinue={() => finish({ status: 'done', summary: summary(), data: { ...saved } })}
    >
      <ul className="settings-list">
        {CONFIGURATION_ITEMS.map((item) => (
          <li key={item.command} className="settings-item">
            <ConfigurationItem
              item={item}
              entry={entryOf(item.command)}
              error={errors[item.command]}
              sentBefore={saved.items?.[item.command]}
              onEdit={(change) => edit(item.command, change)}
              onSend={() => void send(item)}
              state={actions.stateOf(item.command)}
              online={online}
            />
          </li>
        ))}
        <li className="settings-item">
          <h3>Dash camera</h3>
          <p className="settings-hint">
            If a dash camera is connected: asks it {DASHCAM_QUERY_COUNT} times for its state, to check that it records.
          </p>
          <Button
            type="button"
            variant="secondary"
            disabled={!online || ['loading', 'sent'].includes(actions.stateOf('dashcam_query').phase)}
            onClick={() => void queryDashcam()}
          >
            Query the dash camera
          </Button>
          <ActionStatus
            state={actions.stateOf('dashcam_query')}
            successText={`All ${DASHCAM_QUERY_COUNT} queries answered.`}
          />
        </li>
      </ul>
    </StepFrame>
  );
}

function ConfigurationItem({
  item,
  entry,
  error,
  sentBefore,
  onEdit,
  onSend,
  state,
  online,
}: {
  item: Item;
  entry: Entry;
  error: string | undefined;
  sentBefore: SentItem | undefined;
  onEdit: (change: Partial<Entry>) => void;
  onSend: () => void;
  state: ReturnType<ReturnType<typeof useActions>['stateOf']>;
  online: boolean;
}) {
  const id = useId();
  const busy = state.phase === 'loading' || state.phase === 'sent';
  const chosen = valueOf(item.setting, entry);
  return (
    <>
      <h3>{item.title}</h3>
      <p className="settings-hint">{item.what}</p>
      {item.setting.kind === 'runtime' && (
        <SelectField<number>
          label={item.setting.label}
          value={entry.runtime}
          options={RUNTIME_VALUES.map((minutes) => ({ value: minutes, label: `${minutes} minutes` }))}
          disabled={busy}
          onChange={(runtime) => onEdit({ runtime })}
        />
      )}
      {item.setting.kind === 'duration' && (
        <fieldset className="settings-radios">
          <legend>{item.setting.label}</legend>
          <div className="settings-row">
            <div className={`field settings-field${error ? ' has-error' : ''}`}>
              <label htmlFor={`${id}-amount`}>Amount</label>
              <input
                id={`${id}-amount`}
                type="number"
                inputMode="numeric"
                min={DURATION_LIMITS[entry.unit].min}
                max={DURATION_LIMITS[entry.unit].max}
                value={entry.amount}
                disabled={busy}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : `${id}-code`}
                onChange={(event) => onEdit({ amount: event.currentTarget.value })}
              />
            </div>
            <SelectField<DurationUnit>
              label="Unit"
              value={entry.unit}
              options={[
                { value: 'seconds', label: 'Seconds (1–99)' },
                { value: 'minutes', label: 'Minutes (1–15)' },
              ]}
              disabled={busy}
              onChange={(unit) => onEdit({ unit })}
            />
          </div>
          {error ? (
            <p id={`${id}-error`} className="field-error">
              {error}
            </p>
          ) : (
            <p id={`${id}-code`} className="settings-hint">
              {'value' in chosen && chosen.value !== null ? `Sent as value ${chosen.value}.` : ''}
            </p>
          )}
        </fieldset>
      )}
      <Button type="button" variant="secondary" disabled={!online || busy} onClick={onSend}>
        Send {item.title.toLowerCase()}
      </Button>
      <ActionStatus state={state} successText={'value' in chosen ? `${item.title} set: ${chosen.label}.` : undefined} />
      {state.phase === 'idle' && sentBefore && (
        <p className="settings-hint">
          Sent earlier: {sentBefore.label}
          {sentBefore.status === 'failed' ? ' (failed)' : ''}.
        </p>
      )}
    </>
  );
}
