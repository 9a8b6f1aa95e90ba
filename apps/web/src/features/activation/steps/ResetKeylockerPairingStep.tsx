import { isTerminalJob, useDeviceCommand } from '../useDeviceCommand.ts';
import { ActionButton, CommandProgress, DoneBefore, OfflineWait } from './StepKit.tsx';
import type { StepProps } from './types.ts';

/** reset-keylocker-pairing (spec 02 §4): one command, with what to do on the KeyLocker meanwhile. */
export function ResetKeylockerPairingStep({ device, proof, state, save, finish, online }: StepProps) {
  const command = useDeviceCommand(device.device_key, proof, (settled) => {
    if (settled.phase === 'success')
      void finish({ status: 'done', summary: 'KeyLocker pairing reset', data: { job_id: settled.job?.job_id } });
  });
  if (state?.status === 'done') return <DoneBefore state={state} finish={finish} />;
  const waiting = command.state.phase === 'loading' || command.state.phase === 'sent';
  return (
    <div className="activation-step">
      <ol className="activation-instructions">
        <li>Open the KeyLocker’s lid and make sure it is connected to the unit’s KeyLocker port.</li>
        <li>Keep the key fob inside the KeyLocker and close the lid.</li>
        <li>Press Reset pairing below. The KeyLocker’s LED blinks while it pairs again, then stays on.</li>
      </ol>
      <OfflineWait online={online} />
      <div className="activation-actions">
        <ActionButton
          disabled={!online || waiting}
          action={async () => {
            const job = await command.send('reset_keylocker_pairing');
            if (job && !isTerminalJob(job)) await save({ job_id: job.job_id });
          }}
        >
          {command.state.phase === 'failed' ? 'Try again' : 'Reset pairing'}
        </ActionButton>
        {command.state.phase === 'failed' && (
          <ActionButton
            variant="secondary"
            action={() =>
              finish({ status: 'failed', summary: `KeyLocker pairing not reset: ${command.state.problem ?? 'failed'}` })
            }
          >
            Continue without it
          </ActionButton>
        )}
      </div>
      <CommandProgress
        state={command.state}
        waitingFor="the KeyLocker to pair with the unit again"
        successText="The KeyLocker is paired again."
      />
    </div>
  );
}
