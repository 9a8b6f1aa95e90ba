import {
  MAX_FAILED_SIGN_INS,
  MAX_FAILED_SIGN_INS_PER_ACCOUNT,
  messages,
  PASSWORD_LOCKOUT_MINUTES,
} from '@portal/contracts';
import type { Db } from '../../db/client.ts';
import { refuse } from '../../refusal.ts';
import type { RateLimitResult, RateLimitRule } from '../../plugins/rate-limit.ts';
import { createDatabaseRateLimitStore } from './rate-limit.ts';

const LOCKOUT_WINDOW_MS = PASSWORD_LOCKOUT_MINUTES * 60_000;
const PER_SOURCE: RateLimitRule = { limit: MAX_FAILED_SIGN_INS, windowMs: LOCKOUT_WINDOW_MS };
const PER_ACCOUNT: RateLimitRule = { limit: MAX_FAILED_SIGN_INS_PER_ACCOUNT, windowMs: LOCKOUT_WINDOW_MS };

/**
 * Password lockout (NIST SP 800-63B §5.2.2, docs/security.md). Attempts are counted for the e-mail
 * typed, whether or not an account has it, so a stranger learns nothing from the answers:
 * - per e-mail and source address: the 5th wrong password in a row locks that address out of that
 *   account for 15 minutes (429 'Account locked…' with Retry-After). Someone elsewhere cannot lock
 *   the owner out, and the owner behind another address signs in as usual.
 * - per e-mail from anywhere: 100 wrong passwords in a row (the most NIST allows) pause password
 *   sign-in for the account for 15 minutes, and its owner is told by e-mail.
 * While locked, the password is not even checked, so a lock is no oracle for guessing. A success
 * clears both counts; a password reset moves the account to a new epoch, which unlocks it everywhere.
 * Counters live in the database's rate-limit table even when Redis holds the other limits: every
 * instance sees them, and a Redis outage (where the other limits fail open) does not lift the lockout.
 */
export function createLockout(db: Db) {
  const store = createDatabaseRateLimitStore(db);
  const keysOf = (email: string, epoch: number, source: string) => ({
    source: `sign-in-fail:${epoch}:${email}:${source}`,
    account: `sign-in-fail:${epoch}:${email}`,
  });

  /**
   * Counts this attempt before its password is checked. Throws the lock answer when the address or
   * the account is already locked; otherwise hands back what to do with the attempt's outcome.
   */
  async function attempt(email: string, epoch: number, source: string) {
    const keys = keysOf(email, epoch, source);
    const bySource = await store.hit(keys.source, PER_SOURCE);
    if (!bySource.allowed) throw refuse.limited(messages.accountLocked, bySource.retryAfterMs);
    const byAccount = await store.hit(keys.account, PER_ACCOUNT);
    if (!byAccount.allowed) throw refuse.limited(messages.accountLocked, byAccount.retryAfterMs);
    const countedAt = Date.now();
    // The password check takes a while: the lock answer says what is left of the window when it is sent.
    const lockAnswer = (count: RateLimitResult) =>
      refuse.limited(messages.accountLocked, count.retryAfterMs - (Date.now() - countedAt));
    return {
      /** A wrong password: the lock answer when this one reached a limit, else null (answer as usual). */
      failed() {
        if (bySource.count >= PER_SOURCE.limit) return { lock: 'source' as const, error: lockAnswer(bySource) };
        if (byAccount.count >= PER_ACCOUNT.limit) return { lock: 'account' as const, error: lockAnswer(byAccount) };
        return null;
      },
      /** The right password: the failures in a row start over. */
      async succeeded() {
        await Promise.all([store.clear(keys.source), store.clear(keys.account)]);
      },
    };
  }

  return { attempt };
}
