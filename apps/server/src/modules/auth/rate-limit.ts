import type { Db } from '../../db/client.ts';
import type { RateLimitStore } from '../../plugins/rate-limit.ts';
import { clearRateLimit, countRateLimitHit } from './repo.ts';

/**
 * Counters in the `rate_limits` table. One atomic statement: a new window restarts the count.
 * `now` is the caller's clock; all instances share the database, so their clocks must agree.
 */
export function createDatabaseRateLimitStore(db: Db): RateLimitStore {
  return {
    async hit(key, rule, now = Date.now()) {
      const { count, windowStart } = await countRateLimitHit(db, key, rule.windowMs, now);
      return {
        allowed: count <= rule.limit,
        count,
        retryAfterMs: Math.max(0, windowStart + rule.windowMs - now),
      };
    },
    clear: (key) => clearRateLimit(db, key),
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
