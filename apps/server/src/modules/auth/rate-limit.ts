import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

/**
 * Counts one attempt in a fixed window kept in the database, so the limit holds across server
 * instances. One atomic statement: a new window restarts the count.
 */
export async function hitRateLimit(db: Db, key: string, rule: RateLimitRule, now = Date.now()) {
  const windowStart = now - rule.windowMs;
  const result = (await db.execute(sql`
    insert into rate_limits (key, count, window_start) values (${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limits.window_start <= ${windowStart} then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= ${windowStart} then ${now} else rate_limits.window_start end
    returning count, window_start
  `)) as { rows: { count: number; window_start: string | number }[] };
  const row = result.rows[0]!;
  return {
    allowed: Number(row.count) <= rule.limit,
    retryAfterMs: Math.max(0, Number(row.window_start) + rule.windowMs - now),
  };
}

/** The limits of the identity calls (issue 3 §2). */
export const RATE_LIMITS = {
  // A shop's staff share one address: generous per address; the per-account lockout stops guessing.
  signInPerIp: { limit: 100, windowMs: 15 * 60_000 },
  codePerUser: { limit: 10, windowMs: 15 * 60_000 },
  codeSendPerUser: { limit: 5, windowMs: 15 * 60_000 },
} satisfies Record<string, RateLimitRule>;
