import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { claimOneTimeCode, releaseOneTimeCode } from './repo.ts';

/** Longer than any TOTP code is accepted (better-auth takes the step before and after: 90 s). */
const KEEP_MS = 5 * 60_000;

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * ASVS 6.5.1: a one-time code is used once. A code is claimed before it is checked, by inserting it
 * under the user's id; the primary key lets one of two racing uses win, on any instance. A code that
 * turns out wrong is released, so typing a wrong code never spends the right one.
 */
export function createOneTimeCodes(db: Db) {
  async function claim(userId: string, code: string) {
    const codeHash = hashOf(code);
    return {
      claimed: await claimOneTimeCode(db, userId, codeHash, KEEP_MS),
      release: () => releaseOneTimeCode(db, userId, codeHash),
    };
  }
  /**
   * Runs `check` (which throws on a wrong code) with the code claimed: a code already used answers
   * `used()` without checking; a wrong one is released again.
   */
  async function once<T>(userId: string, code: string, used: () => Error, check: () => Promise<T>): Promise<T> {
    const claimed = await claim(userId, code);
    if (!claimed.claimed) throw used();
    try {
      return await check();
    } catch (error) {
      await claimed.release();
      throw error;
    }
  }

  return { claim, once };
}
