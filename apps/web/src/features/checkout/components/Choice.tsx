import type { ReactNode } from 'react';

interface ChoiceProps {
  name: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  /** The choice the server refused (a declined card): marked until another is chosen. */
  invalid?: boolean;
  describedBy?: string;
  onChoose: (value: string) => void;
  children: ReactNode;
}

/** One radio of a checkout section, the whole row its label. */
export function Choice({ name, value, checked, disabled, invalid, describedBy, onChoose, children }: ChoiceProps) {
  const state = [checked && 'is-checked', disabled && 'is-disabled', invalid && 'is-invalid'].filter(Boolean).join(' ');
  return (
    <label className={`choice ${state}`}>
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={() => onChoose(value)}
      />
      <span className="choice-body">{children}</span>
    </label>
  );
}
