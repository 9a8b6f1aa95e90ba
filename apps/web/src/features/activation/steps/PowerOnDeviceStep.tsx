import { useEffect } from 'react';
import { readGps, readSignal } from '../signal.ts';
import { isTerminalJob, useDeviceCommand, type CommandState } from '../useDeviceCommand.ts';
import { ActionButton, CommandProgress, DoneBefore, OfflineWait } from './StepKit.tsx';
import type { StepProps } from './types.ts';

/** What the device said to the status query, in the summary's words. */
function answerSummary(state: CommandState): string {
  const result = state.job?.result ?? {};
  const signal = readSignal(
    typeof result.cellular_signal_strength === 'number' ? result.cellular_signal_strength : null,
  );
  const gps = readGps(typeof result.gps_status === 'string' ? result.gps_status : null);
  return `The device answered (signal ${signal.words.toLowerCase()}; ${gps.ok ? 'GPS fix' : 'no GPS fix yet'})`;
}

/**
 * power-on-device (spec 02 §2: the flow starts here): power the unit, turn the key, and wait for the unit to
 * answer a status query — with the seconds waited and its last word.
 */
export function PowerOnDeviceStep(props: StepProps) {
  const { device, proof, state, save, finish, online } = props;
  const command = useDeviceCommand(device.device_key, proof, (settled) => {
    if (settled.phase === 'success') void finish({ status: 'done', summary: answerSummary(settled) });
    else void save({ job_id: settled.job?.job_id ?? null, outcome: 'failed' });
  });

  // A query sent before a reload is followed, never sent again by itself.
  const savedJob = typeof state?.data.job_id === 'string' ? state.data.job_id : null;
  const savedAt = typeof state?.data.sent_at === 'number' ? state.data.sent_at : null;
  const { resume } = command;
  useEffect(() => {
    if (savedJob && state?.status === 'in_progress' && state.data.outcome !== 'failed') void resume(savedJob, savedAt);
    // On arrival only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (state?.status === 'done') return <DoneBefore state={state} finish={finish} />;

  const waiting = command.state.phase === 'loading' || command.state.phase === 'sent';
  return (
    <div className="activation-step">
      <ol className="activation-instructions">
        <li>Plug the unit’s main harness in: constant 12 V and ground first, then the ignition wire.</li>
        <li>Turn the key to ON (or press the start button twice without the brake). The unit’s LED comes on.</li>
        <li>Leave the car where a phone gets signal: near the bay door if the bar above shows weak.</li>
      </ol>
      <p>When the LED is on, ask the unit to answer. It usually answers within 5 to 30 seconds.</p>
      <OfflineWait online={online} />
      <ActionButton
        disabled={!online || waiting}
        action={async () => {
          const job = await command.send('query_status');
          // A query still running is kept, to be followed (not sent again) after a reload.
          if (job && !isTerminalJob(job)) await save({ job_id: job.job_id, sent_at: Date.now(), outcome: null });
        }}
      >
        {command.state.phase === 'failed' ? 'Ask again' : 'The unit is powered: check it'}
      </ActionButton>
      <CommandProgress
        state={command.state}
        waitingFor="the unit to answer a status query"
        successText="The unit answered."
      />
    </div>
  );
}
