/**
 * spec 02 §5 selectable durations: seconds 1 to 99 are sent as themselves, minutes 1 to 15 as 101 to 115;
 * runtimes are 3, 15, 25 or 45 minutes (spec 02 §9 range 3 to 45). The screens encode them here; the server
 * checks the codes it is sent (contracts isDurationCode, RUNTIME_MINUTES).
 */
import { RUNTIME_MINUTES } from '@portal/contracts/devices';

export type DurationUnit = 'seconds' | 'minutes';
export interface Duration {
  unit: DurationUnit;
  amount: number;
}

export const DURATION_LIMITS: Record<DurationUnit, { min: number; max: number }> = {
  seconds: { min: 1, max: 99 },
  minutes: { min: 1, max: 15 },
};
const MINUTES_OFFSET = 100;

/** spec 02 §5 runtime values (minutes): the contract's, which the server checks too. */
export const RUNTIME_VALUES = RUNTIME_MINUTES;

export const isDurationInRange = ({ unit, amount }: Duration) =>
  Number.isInteger(amount) && amount >= DURATION_LIMITS[unit].min && amount <= DURATION_LIMITS[unit].max;

/** The value sent for a duration: seconds as they are, minutes as 100 + minutes. Throws outside the ranges. */
export function encodeDuration(duration: Duration): number {
  if (!isDurationInRange(duration))
    throw new RangeError(`${duration.amount} ${duration.unit} is outside ${describeLimits(duration.unit)}`);
  return duration.unit === 'seconds' ? duration.amount : MINUTES_OFFSET + duration.amount;
}

/** The duration a value names, or null for a value that is not a duration code (0, 100, 116…). */
export function decodeDuration(value: number): Duration | null {
  const asSeconds: Duration = { unit: 'seconds', amount: value };
  if (isDurationInRange(asSeconds)) return asSeconds;
  const asMinutes: Duration = { unit: 'minutes', amount: value - MINUTES_OFFSET };
  return isDurationInRange(asMinutes) ? asMinutes : null;
}

export const describeLimits = (unit: DurationUnit) =>
  `${DURATION_LIMITS[unit].min} to ${DURATION_LIMITS[unit].max} ${unit}`;

export function durationLabel({ unit, amount }: Duration): string {
  if (unit === 'seconds') return amount === 1 ? '1 second' : `${amount} seconds`;
  return amount === 1 ? '1 minute' : `${amount} minutes`;
}
