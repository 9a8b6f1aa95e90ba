import { RECENT_VEHICLE_SEARCHES, STORAGE_KEYS } from '@portal/contracts/constants';
import { messages } from '@portal/contracts/messages';
import { createStore, useStore } from '../../components/store.ts';
import { registerClientStore } from '../../lib/clientStores.ts';
import { storage } from '../../lib/storage.ts';

/** spec 01 §3 recent vehicle search: name "year make model", value "year,makeId,modelId". */
export interface RecentVehicle {
  name: string;
  value: string;
}

/** The parts of a vehicle that a search names (spec 01 §5: each with its name and value). */
export interface VehicleSelection {
  year: string;
  make: { name: string; value: string };
  model: { name: string; value: string };
}

/** A year, make and model as the value the address and the history carry. */
export const selectionValue = (s: VehicleSelection) => `${s.year},${s.make.value},${s.model.value}`;
export const selectionName = (s: VehicleSelection) => `${s.year} ${s.make.name} ${s.model.name}`;

export interface VehicleKey {
  year: string;
  makeId: string;
  modelId: string;
}

/**
 * spec 01 §5: a history entry (and the address's vehicle) must split into at least three
 * comma-separated parts, else 'Missing vehicle details'.
 */
export function parseVehicleValue(value: string | null | undefined): VehicleKey | { error: string } {
  const parts = (value ?? '').split(',').map((p) => p.trim());
  if (parts.length < 3 || parts.slice(0, 3).some((p) => p === '')) return { error: messages.missingVehicleDetails };
  const [year, makeId, modelId] = parts as [string, string, string];
  return { year, makeId, modelId };
}

/**
 * spec 01 §5, §9: recorded only when year, make and model names and values are all present;
 * newest first, five kept (the oldest dropped), duplicates by value skipped (the newer wins,
 * so a repeated search moves to the top).
 */
export function addRecentVehicle(list: readonly RecentVehicle[], selection: VehicleSelection): RecentVehicle[] {
  const { year, make, model } = selection;
  if (![year, make.name, make.value, model.name, model.value].every((p) => p?.trim())) return [...list];
  const entry = { name: selectionName(selection), value: selectionValue(selection) };
  return [entry, ...list.filter((r) => r.value !== entry.value)].slice(0, RECENT_VEHICLE_SEARCHES);
}

/** Reads the stored history, dropping anything that is not an entry. */
export function parseRecentVehicles(raw: string | null): RecentVehicle[] {
  try {
    const value: unknown = JSON.parse(raw ?? '[]');
    if (!Array.isArray(value)) return [];
    return value
      .filter(
        (r): r is RecentVehicle =>
          typeof r === 'object' &&
          r !== null &&
          typeof (r as RecentVehicle).name === 'string' &&
          typeof (r as RecentVehicle).value === 'string',
      )
      .map((r) => ({ name: r.name, value: r.value }))
      .slice(0, RECENT_VEHICLE_SEARCHES);
  } catch {
    return [];
  }
}

const recentVehicleStore = createStore<RecentVehicle[]>(
  parseRecentVehicles(storage.get(STORAGE_KEYS.recentVehicleSearches)),
);
// spec 01 §4: logout clears the recent vehicle search storage (the key goes with every portal key).
registerClientStore(() => recentVehicleStore.set([]));

export const useRecentVehicles = () => useStore(recentVehicleStore);

export function recordRecentVehicle(selection: VehicleSelection) {
  const next = addRecentVehicle(recentVehicleStore.get(), selection);
  recentVehicleStore.set(next);
  storage.set(STORAGE_KEYS.recentVehicleSearches, JSON.stringify(next));
}
