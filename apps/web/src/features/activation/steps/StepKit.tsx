import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/Button.tsx';
import { useElapsed, type CommandState } from '../useDeviceCommand.ts';
import { useReach } from '../useDeviceReach.ts';
import type { StepProps } from './types.ts';

const PHASE_WORDS: Record<CommandState['phase'], string> = {
  idle: '',
  loading: 'Sending…',
  sent: 'Sent: waiting for the device to answer',
  success: 'Done',
  failed: 'Failed',
};

/**
 * Where a command stands, in words, with the seconds it has waited and the device's last word, in a live
 * region: progress that never looks frozen (issue 29 §4).
 */
export function CommandProgress({
  state,
  waitingFor,
  successText,
}: {
  state: CommandState;
  /** What the portal is waiting for, said to the installer ('the unit to answer a status query'). */
  waitingFor?: string;
  successText?: string;
}) {
  const waiting = state.phase === 'loading' || state.phase === 'sent';
  const elapsed = useElapsed(state.sentAt, waiting);
  const reach = useReach();
  if (state.phase === 'idle') return null;
  return (
    <div className={`command-progress is-${state.phase}`} role="status" aria-live="polite">
      <p className="command-progress-phase">
        {state.phase === 'success' && successText ? successText : PHASE_WORDS[state.phase]}
        {waiting && ` · ${elapsed} s`}
      </p>
      {waiting && waitingFor && <p className="command-progress-what">Waiting for {waitingFor}.</p>}
      {waiting && elapsed >= 20 && (
        <p className="command-progress-what">
          Still waiting: units can take up to 30 s when the signal is weak. Keep the key on; if nothing comes after a
          minute, move the car nearer the door and try again.
        </p>
      )}
      {waiting && reach.lastWord && <p className="command-progress-what">The device’s last word: {reach.lastWord}.</p>}
      {state.phase === 'failed' && state.problem && <p className="command-progress-problem">{state.problem}</p>}
    </div>
  );
}

/** The offline wait of a step: nothing is sent until the connection is back (issue 29 §3). */
export function OfflineWait({ online }: { online: boolean }) {
  if (online) return null;
  return <p className="activation-note">Nothing will be sent to the device until this phone is back online.</p>;
}

/** A step done before (Back went over it): what it did, and Continue without doing it again. */
export function DoneBefore({
  state,
  finish,
  children,
}: Pick<StepProps, 'state' | 'finish'> & { children?: ReactNode }) {
  const [busy, setBusy] = useState(false);
  if (state?.status !== 'done' && state?.status !== 'skipped') return null;
  return (
    <div className="activation-done-before">
      <p>
        {state.status === 'done' ? 'Done' : 'Skipped'}
        {state.summary ? `: ${state.summary}` : '.'}
      </p>
      {children}
      <Button
        type="button"
        loading={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await finish({ status: state.status as 'done' | 'skipped', summary: state.summary ?? '' });
          } finally {
            setBusy(false);
          }
        }}
      >
        Continue
      </Button>
    </div>
  );
}

/** A button that runs `action` and shows its loader meanwhile. */
export function ActionButton({
  children,
  action,
  variant,
  disabled,
}: {
  children: ReactNode;
  action: () => Promise<unknown>;
  variant?: 'primary' | 'secondary';
  disabled?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      type="button"
      variant={variant}
      loading={busy}
      disabled={disabled}
      onClick={async () => {
        setBusy(true);
        try {
          await action();
        } finally {
          setBusy(false);
        }
      }}
    >
      {children}
    </Button>
  );
}
