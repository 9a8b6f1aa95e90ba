import { useEffect, useId, useState } from 'react';
import { clampQuantity } from '@portal/contracts/cart-rules';
import { MAX_LINE_QUANTITY } from '@portal/contracts/constants';
import './QuantityStepper.css';

interface QuantityStepperProps {
  label: string;
  /** Show the label (the product page) or keep it for screen readers only (cart lines). */
  visibleLabel?: boolean;
  value: number;
  /** A whole number from 1 to the cap, given when a step button is pressed or the field is left. */
  onChange: (quantity: number) => void;
  disabled?: boolean;
  /** A line under the field that describes it (e.g. the case size). */
  hint?: string;
}

/**
 * A quantity with − and + buttons. The field keeps what is typed; it becomes a whole number from
 * 1 to the line cap when it loses focus or Enter is pressed, and only then is it reported.
 */
export function QuantityStepper({ label, visibleLabel = true, value, onChange, disabled, hint }: QuantityStepperProps) {
  const id = useId();
  // The buttons say what they change: "Decrease quantity", "Decrease quantity of NW-RS-X1".
  const named = label.charAt(0).toLowerCase() + label.slice(1);
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  const commit = () => {
    const next = clampQuantity(draft);
    setDraft(String(next));
    if (next !== value) onChange(next);
  };
  return (
    <div className="quantity-field">
      <label htmlFor={id} className={visibleLabel ? undefined : 'visually-hidden'}>
        {label}
      </label>
      <div className="quantity-stepper">
        <button
          type="button"
          className="quantity-step"
          aria-label={`Decrease ${named}`}
          disabled={disabled || value <= 1}
          onClick={() => onChange(clampQuantity(value - 1))}
        >
          &minus;
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_LINE_QUANTITY}
          step={1}
          value={draft}
          disabled={disabled}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => setDraft(event.target.value.replace(/[^\d]/g, '').slice(0, 4))}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
            }
          }}
        />
        <button
          type="button"
          className="quantity-step"
          aria-label={`Increase ${named}`}
          disabled={disabled || value >= MAX_LINE_QUANTITY}
          onClick={() => onChange(clampQuantity(value + 1))}
        >
          +
        </button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="quantity-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
