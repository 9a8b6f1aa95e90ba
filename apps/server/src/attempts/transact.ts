import type { Db, Tx } from '../db/client.ts';

/**
 * PostgreSQL gave up on the transaction to break a cycle (40P01 deadlock_detected) or to keep it
 * serializable (40001): nothing it did was kept, so running it again is safe and usually succeeds.
 */
export function isTransientConflict(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as Error).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
}

/** How many times a transaction the database broke off is run again before the error is let through. */
const TRIES = 6;

/**
 * One transaction, run again when the database broke it off (a deadlock or a serialization failure):
 * the attempt machine's writes never answer 500 for a conflict that a second run resolves. The wait
 * grows and is jittered so the runs that collided do not collide again.
 */
export async function transact<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let run = 1; ; run++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (run >= TRIES || !isTransientConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, run * 10 + Math.random() * 40));
    }
  }
}
