import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Attempts counted in the current window, this one included. */
  count: number;
  /** Time left in the current window (also given when the hit is allowed). */
  retryAfterMs: number;
}

/**
 * Where the fixed-window counters live. Every server instance must point at the same store, so the
 * limits hold across instances (issue 3 §2): the database, or Redis when REDIS_URL is set.
 */
export interface RateLimitStore {
  /** Counts one attempt against `key`; the window starts at the first attempt. */
  hit(key: string, rule: RateLimitRule, now?: number): Promise<RateLimitResult>;
  /** Forgets the counter of `key`. */
  clear(key: string): Promise<void>;
}

/**
 * Counters in the `rate_limits` table. One atomic statement: a new window restarts the count.
 * `now` is the caller's clock; all instances share the database, so their clocks must agree.
 */
export function createDatabaseRateLimitStore(db: Db): RateLimitStore {
  return {
    async hit(key, rule, now = Date.now()) {
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
        count: Number(row.count),
        retryAfterMs: Math.max(0, Number(row.window_start) + rule.windowMs - now),
      };
    },
    async clear(key) {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
  };
}

/** The one Redis call the store needs; node-redis's client has it (adapters/redis.ts). */
export interface RedisScriptClient {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  del(key: string): Promise<unknown>;
}

export const REDIS_RATE_LIMIT_PREFIX = 'portal:rl:';

// INCR and PEXPIRE in one script, so no instance can see a counter without its expiry: the window
// starts at the first hit and the key vanishes with it. A key left without a TTL (PTTL -1, e.g.
// written by hand) gets one instead of locking its owner out for good.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }
`;

/**
 * Counters in Redis, one key per limit (`portal:rl:<key>`) that expires with its window. The
 * window is timed by Redis's own clock through the key's TTL, so `now` is ignored: instances
 * never disagree about when a window ends.
 */
export function createRedisRateLimitStore(client: RedisScriptClient, prefix = REDIS_RATE_LIMIT_PREFIX): RateLimitStore {
  return {
    async hit(key, rule) {
      const reply = await client.eval(HIT_SCRIPT, {
        keys: [prefix + key],
        arguments: [String(Math.max(1, Math.ceil(rule.windowMs)))],
      });
      if (!Array.isArray(reply) || reply.length !== 2) throw new Error(`Unexpected rate-limit reply from Redis`);
      const [count, ttl] = reply.map(Number) as [number, number];
      return { allowed: count <= rule.limit, count, retryAfterMs: Math.max(0, ttl) };
    },
    async clear(key) {
      await client.del(prefix + key);
    },
  };
}

let configuredStore: RateLimitStore | null = null;

/**
 * Chooses the store every `hitRateLimit` call uses (main.ts sets Redis when REDIS_URL is set);
 * `null` goes back to the database of each call.
 */
export function setRateLimitStore(store: RateLimitStore | null) {
  configuredStore = store;
}

/**
 * Counts one attempt in a fixed window, in the configured store or else in `db`, so the limit
 * holds across server instances.
 */
export async function hitRateLimit(db: Db, key: string, rule: RateLimitRule, now = Date.now()) {
  return (configuredStore ?? createDatabaseRateLimitStore(db)).hit(key, rule, now);
}
