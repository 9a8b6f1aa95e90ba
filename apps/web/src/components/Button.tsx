import { useEffect, useRef, useState, type ButtonHTMLAttributes } from 'react';
import { BUTTON_CHECKMARK_MS } from '@portal/contracts/constants';
import { CheckIcon, Spinner } from './icons.tsx';

type Phase = 'idle' | 'loading' | 'done';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'link';
  /** Shown while `loading` or while an async onClick runs. */
  loading?: boolean;
  /** Set true when the action succeeded: shows the checkmark for one second (spec 01 §4). */
  succeeded?: boolean;
}

/** spec 01 §4: buttons show a loader, then a one-second success checkmark. */
export function Button({
  variant = 'primary',
  loading,
  succeeded,
  children,
  className,
  disabled,
  onClick,
  ...rest
}: ButtonProps) {
  const [phase, setPhase] = useState<Phase>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const busy = loading || phase === 'loading';

  useEffect(() => {
    if (!succeeded) return;
    setPhase('done');
    timer.current = setTimeout(() => setPhase('idle'), BUTTON_CHECKMARK_MS);
    return () => clearTimeout(timer.current);
  }, [succeeded]);

  return (
    <button
      {...rest}
      className={`button button-${variant} ${className ?? ''}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      onClick={async (event) => {
        const result = onClick?.(event) as unknown;
        if (!(result instanceof Promise)) return;
        setPhase('loading');
        try {
          await result;
          setPhase('done');
          timer.current = setTimeout(() => setPhase('idle'), BUTTON_CHECKMARK_MS);
        } catch {
          setPhase('idle');
        }
      }}
    >
      <span className={busy || phase === 'done' ? 'button-label is-hidden' : 'button-label'}>{children}</span>
      {busy && <Spinner />}
      {!busy && phase === 'done' && (
        <span className="button-done" role="status" aria-label="Done">
          <CheckIcon />
        </span>
      )}
    </button>
  );
}
