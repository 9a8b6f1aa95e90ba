import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../../components/Button.tsx';
import { useReach } from '../../useDeviceReach.ts';
import type { StepProps } from '../types.ts';
import type { ActionState } from './deviceCalls.ts';
import './settings.css';

/**
 * A settings step's frame: one line saying what it does for the car, the step's controls, the offline
 * notice (spec: while offline a step waits and says so; nothing is sent) and Continue, with Skip where
 * the step may be left out.
 */
export function StepFrame({
  purpose,
  online,
  children,
  onContinue,
  continueLabel = 'Continue',
  canContinue = true,
  onSkip,
  skipLabel = 'Skip',
}: {
  purpose: string;
  online: boolean;
  children: ReactNode;
  onContinue: () => Promise<void> | void;
  continueLabel?: string;
  canContinue?: boolean;
  onSkip?: () => Promise<void> | void;
  skipLabel?: string;
}) {
  return (
    <section className="settings-step">
      <p className="settings-purpose">{purpose}</p>
      {!online && (
        <p className="settings-offline" role="status">
          You are offline. Nothing is sent to the device until the connection is back.
        </p>
      )}
      {children}
      <div className="settings-actions">
        {onSkip && (
          <Button type="button" variant="secondary" onClick={() => onSkip()}>
            {skipLabel}
          </Button>
        )}
        <Button type="button" onClick={() => onContinue()} disabled={!canContinue}>
          {continueLabel}
        </Button>
      </div>
    </section>
  );
}

const PHASE_TEXT: Record<ActionState['phase'], string> = {
  idle: '',
  loading: 'Sending…',
  sent: 'Sent. Waiting for the device to answer…',
  success: 'Done: the device confirmed it.',
  failed: 'Failed',
};

/** Past this many seconds of waiting, the installer is told why a unit may be slow and what to do. */
const SLOW_ANSWER_S = 20;

/** Whole seconds since `since`, ticking once a second while `running`. */
function useSecondsSince(since: number | undefined, running: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return since === undefined ? 0 : Math.max(0, Math.floor((now - since) / 1000));
}

/**
 * What an action is doing, read out as it changes (the seconds waited shown beside it, not read out), and
 * while it waits the device's last word (issue 29 §4: progress that never looks frozen); a failure in the
 * server's or the device's words.
 */
export function ActionStatus({ state, successText }: { state: ActionState; successText?: string }) {
  const waiting = state.phase === 'loading' || state.phase === 'sent';
  const seconds = useSecondsSince(state.since, waiting);
  const reach = useReach();
  const text =
    state.phase === 'failed'
      ? `Failed: ${state.message ?? ''}`
      : state.phase === 'success' && successText
        ? successText
        : PHASE_TEXT[state.phase];
  return (
    <>
      <p className={`settings-status is-${state.phase}`} role={state.phase === 'failed' ? 'alert' : 'status'}>
        {text}
        {waiting && seconds > 0 && <span aria-hidden="true"> {seconds} s</span>}
      </p>
      {waiting && seconds >= SLOW_ANSWER_S && (
        <p className="settings-hint">
          Units can take up to 30 s to answer when the signal is weak. Keep the ignition on; if nothing comes after a
          minute, move the car nearer the door and try again.
        </p>
      )}
      {waiting && reach.lastWord && <p className="settings-hint">The device’s last word: {reach.lastWord}.</p>}
    </>
  );
}

/** A labelled on/off switch: its label wraps it, so the whole row is the target (44 px tall at least). */
export function Switch({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="settings-switch">
      <label>
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={disabled}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
        <span>{label}</span>
      </label>
      {hint && (
        <p id={`${id}-hint`} className="settings-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A labelled select, a 44 px target. */
export function SelectField<V extends string | number>({
  label,
  value,
  options,
  disabled,
  hint,
  onChange,
}: {
  label: string;
  value: V | '';
  options: readonly { value: V; label: string }[];
  disabled?: boolean;
  hint?: string;
  onChange: (value: V) => void;
}) {
  const id = useId();
  return (
    <div className="field settings-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      <select
        id={id}
        value={String(value)}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => {
          const chosen = options.find((option) => String(option.value) === event.currentTarget.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {value === '' && <option value="">Choose…</option>}
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The device reference every call needs, from the step's props. */
export const deviceRefOf = (props: Pick<StepProps, 'device' | 'proof'>) => ({
  deviceKey: props.device.device_key,
  proof: props.proof,
});

/**
 * A step's saved data (typed by the step: it is what the step itself saved), and `update` that merges a
 * change into it and saves it at once (a reload resumes from it); it never throws. Changes made one after another before the
 * stepper answers each build on the one before.
 */
export function useStepData<T extends object>(props: Pick<StepProps, 'state' | 'save'>) {
  const { save } = props;
  const [data, setData] = useState<Partial<T>>(() => (props.state?.data ?? {}) as Partial<T>);
  const latest = useRef(data);
  const update = useCallback(
    async (change: Partial<T> | ((data: Partial<T>) => Partial<T>), summary?: string) => {
      const patch = typeof change === 'function' ? change(latest.current) : change;
      const next = { ...latest.current, ...patch };
      latest.current = next;
      setData(next);
      try {
        await save(next as Record<string, unknown>, summary);
      } catch {
        // The stepper says when its place could not be kept; the step goes on with what it has.
      }
    },
    [save],
  );
  return [data, update] as const;
}
