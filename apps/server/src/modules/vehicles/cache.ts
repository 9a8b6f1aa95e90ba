import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { ChangeKind } from '../../db/changes.ts';
import { createMemo, type Memo } from '../../db/memo.ts';

/**
 * The longest a vehicle answer is reused. A change to the vehicle data (a seed, an import) forgets the
 * answers at once: the database's 'vehicles' notices (migration 0020); this bounds what a missed notice
 * could cost, as the browser's own max-age does (routes.ts).
 */
export const VEHICLE_CACHE_MS = 300_000;
/** The most answers kept per call: a vehicle sheet holds its wiring and instructions. */
const SIZES: Record<string, number> = { info: 500 };
const SIZE = 2000;

/** Per database (each test file's app has its own): call → the answers shared by every session. */
const memos = new WeakMap<Db, Map<string, Memo<unknown>>>();

/**
 * An answer of the wiring page's read-only calls, shared by every session until the data it copies
 * changes (`kind`: 'vehicles' for the vehicle tables, 'catalog' for product names): the page asks the
 * same vehicle on each step, and a vehicle sheet costs several queries. Concurrent asks wait for one
 * read; a failed read (an unknown vehicle) is not kept. Callers must not change what they are handed.
 */
export function cachedVehicleAnswer<T>(
  ctx: AppContext,
  call: string,
  key: string,
  read: () => Promise<T>,
  kind: ChangeKind = 'vehicles',
): Promise<T> {
  let byCall = memos.get(ctx.db);
  if (!byCall) memos.set(ctx.db, (byCall = new Map()));
  let memo = byCall.get(call);
  if (!memo) byCall.set(call, (memo = createMemo(ctx.database.changes, { kind, size: SIZES[call] ?? SIZE })));
  return memo.get(key, read, { maxAgeMs: VEHICLE_CACHE_MS }) as Promise<T>;
}
