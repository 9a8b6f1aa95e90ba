import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../../components/Button.tsx';
import type { StepProps } from '../types.ts';
import { optionTablesKey, setKeylockerMode, useActions } from './deviceCalls.ts';
import { ActionStatus, StepFrame, deviceRefOf, useStepData } from './ui.tsx';

type Mode = 'add-on' | 'standalone';
interface Saved {
  /** The mode the device confirmed. */
  mode: Mode;
}

const MODES: { value: Mode; title: string; when: string }[] = [
  {
    value: 'add-on',
    title: 'Add-on',
    when: 'The car keeps its factory remote or another system: the KeyLocker works beside it.',
  },
  {
    value: 'standalone',
    title: 'Standalone',
    when: 'The KeyLocker is the only keyless system: it locks, unlocks and arms the car by itself.',
  },
];

/** spec 02 §4: add-on is sent only when add-on mode is chosen; anything else is sent as standalone. */
export const modeToSend = (chosen: string): Mode => (chosen === 'add-on' ? 'add-on' : 'standalone');

/** keylocker-mode (spec 02 §4): whether the KeyLocker works beside the car's own system or alone. */
export function KeylockerMode(props: StepProps) {
  const { device, online, finish, refreshDevice } = props;
  const id = useId();
  const queryClient = useQueryClient();
  const [saved, update] = useStepData<Saved>(props);
  const [chosen, setChosen] = useState<Mode>(saved.mode ?? device.keylocker?.mode ?? 'standalone');
  const actions = useActions<'mode'>();
  const state = actions.stateOf('mode');
  const busy = state.phase === 'loading' || state.phase === 'sent';

  const send = async () => {
    const mode = modeToSend(chosen);
    const job = await actions.run('mode', (sent) => setKeylockerMode(deviceRefOf(props), mode, sent));
    if (!job) return;
    await update({ mode }, `KeyLocker set to ${mode} mode`);
    // The KeyLocker's option table is the one of its mode (spec 02 §4): a copy read before is another table.
    await queryClient.invalidateQueries({ queryKey: optionTablesKey(deviceRefOf(props), { kind: 'keylocker' }) });
    await refreshDevice().catch(() => undefined);
  };

  return (
    <StepFrame
      purpose="Tell the KeyLocker whether it works beside the car's own keyless system or on its own."
      online={online}
      canContinue={saved.mode !== undefined && !busy}
      onContinue={() =>
        finish({ status: 'done', summary: `KeyLocker in ${saved.mode} mode`, data: { mode: saved.mode } })
      }
    >
      <fieldset className="settings-radios" aria-describedby={`${id}-status`}>
        <legend>KeyLocker mode</legend>
        {MODES.map((mode) => (
          <label key={mode.value} className="settings-radio">
            <input
              type="radio"
              name={`${id}-mode`}
              value={mode.value}
              checked={chosen === mode.value}
              disabled={busy}
              onChange={() => setChosen(mode.value)}
            />
            <span>
              <strong>{mode.title}</strong>
              <br />
              <span className="settings-hint">{mode.when}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <Button type="button" onClick={() => void send()} disabled={!online || busy} loading={busy}>
        Set {chosen === 'add-on' ? 'add-on' : 'standalone'} mode
      </Button>
      <div id={`${id}-status`}>
        <ActionStatus state={state} successText={saved.mode ? `The KeyLocker is in ${saved.mode} mode.` : undefined} />
      </div>
    </StepFrame>
  );
}
