import type { DeviceVehicle, InstalledDevice } from '@portal/contracts/devices';
import { formatDate } from '@portal/contracts/format';

/** A device's facts as words (issue 29 §5): the list and the history page say them the same way. */

const STATE_WORDS: Record<NonNullable<InstalledDevice['device_state']>, string> = {
  new: 'New',
  active: 'Active',
  paused: 'Paused',
  replaced: 'Replaced',
  retired: 'Retired',
};

export const stateWords = (state: InstalledDevice['device_state']) => (state ? STATE_WORDS[state] : 'Not known');

/** spec 02 §3 durations: month_to_month, 1_year … 6_year. */
export function durationWords(duration: string): string {
  if (duration === 'month_to_month') return 'month to month';
  const years = /^(\d+)_year$/.exec(duration)?.[1];
  if (years) return years === '1' ? '1 year' : `${years} years`;
  return duration.replace(/_/g, ' ');
}

export function planWords(plan: InstalledDevice['plan']): string {
  if (!plan) return 'No plan';
  const until = plan.expires_at ? `, until ${formatDate(plan.expires_at)}` : '';
  return `${plan.name}, ${durationWords(plan.duration)}${until}`;
}

/** '2019 Toyota Camry', or null when the install said nothing of the car. */
export function vehicleWords(vehicle: DeviceVehicle | null): string | null {
  if (!vehicle) return null;
  const car = [vehicle.year, vehicle.make, vehicle.model].filter((part) => part !== null && part !== '').join(' ');
  return car || null;
}
