import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { connectRedis, type RedisConnection } from '../../adapters/redis.ts';
import { openTestDatabase } from '../../../test/helpers.ts';
import type { RateLimitRule, RateLimitStore } from '../../plugins/rate-limit.ts';
import { createDatabaseRateLimitStore, createRedisRateLimitStore, REDIS_RATE_LIMIT_PREFIX } from './rate-limit.ts';

// The Redis of this machine and of CI; every key of this run carries `run`, and is removed after.
const REDIS_URL = 'redis://127.0.0.1:6379';
const run = `test-${randomBytes(6).toString('hex')}`;

let database: Database;
let redis: RedisConnection;
beforeAll(async () => {
  [database, redis] = await Promise.all([openTestDatabase(), connectRedis(REDIS_URL)]);
});
afterAll(async () => {
  if (redis) {
    for await (const keys of redis.client.scanIterator({ MATCH: `${REDIS_RATE_LIMIT_PREFIX}${run}:*`, COUNT: 100 })) {
      if (keys.length) await redis.client.del(keys);
    }
    await redis.close();
  }
  await database?.close();
});

/** What one case gets: two stores on one backend (two server instances), a fresh key and a clock. */
interface Harness {
  stores: [RateLimitStore, RateLimitStore];
  key: string;
  now(): number;
  /** Lets `ms` pass for the backend: the database store is told the time, Redis keeps its own. */
  advance(ms: number): Promise<void>;
}

interface Backend {
  name: string;
  harness(key: string): Harness;
}

const backends: Backend[] = [
  {
    name: 'database',
    harness(key) {
      let time = Date.now();
      return {
        stores: [createDatabaseRateLimitStore(database.db), createDatabaseRateLimitStore(database.db)],
        key,
        now: () => time,
        advance: async (ms) => {
          time += ms;
        },
      };
    },
  },
  {
    name: 'redis',
    harness(key) {
      return {
        stores: [createRedisRateLimitStore(redis.client), createRedisRateLimitStore(redis.client)],
        key,
        now: () => Date.now(),
        advance: (ms) => sleep(ms),
      };
    },
  },
];

const rule: RateLimitRule = { limit: 3, windowMs: 60_000 };
// Redis times its windows for real, so the window cases use a short one.
const shortRule: RateLimitRule = { limit: 2, windowMs: 400 };

const cases: [string, (h: Harness) => Promise<void>][] = [
  [
    'allows the first hit, with the whole window ahead',
    async ({ stores: [store], key, now }) => {
      const result = await store.hit(key, rule, now());
      expect(result.allowed).toBe(true);
      expect(result.retryAfterMs).toBeGreaterThan(rule.windowMs - 5_000);
      expect(result.retryAfterMs).toBeLessThanOrEqual(rule.windowMs);
    },
  ],
  [
    'allows hits up to the limit and refuses the next, until the window ends',
    async ({ stores: [store], key, now }) => {
      for (let i = 1; i <= rule.limit; i++) expect((await store.hit(key, rule, now())).allowed, `hit ${i}`).toBe(true);
      for (let i = 0; i < 2; i++) {
        const refused = await store.hit(key, rule, now());
        expect(refused.allowed).toBe(false);
        expect(refused.retryAfterMs).toBeGreaterThan(0);
        expect(refused.retryAfterMs).toBeLessThanOrEqual(rule.windowMs);
      }
    },
  ],
  [
    'keeps refusing inside the window and starts a fresh count after it',
    async ({ stores: [store], key, now, advance }) => {
      for (let i = 0; i < shortRule.limit; i++) expect((await store.hit(key, shortRule, now())).allowed).toBe(true);
      expect((await store.hit(key, shortRule, now())).allowed).toBe(false);
      await advance(shortRule.windowMs / 4);
      const stillRefused = await store.hit(key, shortRule, now());
      expect(stillRefused.allowed).toBe(false);
      expect(stillRefused.retryAfterMs).toBeGreaterThan(0);
      expect(stillRefused.retryAfterMs).toBeLessThanOrEqual(shortRule.windowMs);

      await advance(shortRule.windowMs);
      for (let i = 1; i <= shortRule.limit; i++) {
        const again = await store.hit(key, shortRule, now());
        expect(again.allowed, `hit ${i} of the new window`).toBe(true);
        expect(again.retryAfterMs).toBeGreaterThan(0);
        expect(again.retryAfterMs).toBeLessThanOrEqual(shortRule.windowMs);
      }
      expect((await store.hit(key, shortRule, now())).allowed).toBe(false);
    },
  ],
  [
    'shares one count between two instances',
    async ({ stores: [first, second], key, now }) => {
      const allowed = [];
      for (let i = 0; i < rule.limit; i++) allowed.push((await (i % 2 ? second : first).hit(key, rule, now())).allowed);
      expect(allowed).toEqual(Array(rule.limit).fill(true));
      expect((await first.hit(key, rule, now())).allowed).toBe(false);
      expect((await second.hit(key, rule, now())).allowed).toBe(false);
    },
  ],
  [
    'counts each key on its own',
    async ({ stores: [store], key, now }) => {
      for (let i = 0; i <= rule.limit; i++) await store.hit(key, rule, now());
      expect((await store.hit(key, rule, now())).allowed).toBe(false);
      expect((await store.hit(`${key}:other`, rule, now())).allowed).toBe(true);
    },
  ],
];

describe.each(backends)('the $name rate-limit store', (backend) => {
  it.each(cases.map(([name, run], index) => ({ name, run, index })))('$name', async ({ run: check, index }) => {
    await check(backend.harness(`${run}:${backend.name}:${index}`));
  });
});

describe('the Redis rate-limit store', () => {
  it('keeps each counter under portal:rl:, expiring with its window', async () => {
    const key = `${run}:ttl`;
    await createRedisRateLimitStore(redis.client).hit(key, rule);
    const ttl = await redis.client.pTTL(`portal:rl:${key}`);
    expect(ttl).toBeGreaterThan(rule.windowMs - 5_000);
    expect(ttl).toBeLessThanOrEqual(rule.windowMs);
  });

  it('gives a counter left without an expiry one, rather than refusing forever', async () => {
    const key = `${run}:no-ttl`;
    await redis.client.set(`portal:rl:${key}`, String(rule.limit + 5));
    const result = await createRedisRateLimitStore(redis.client).hit(key, rule);
    expect(result.allowed).toBe(false);
    expect(result.retryAfterMs).toBe(rule.windowMs);
    expect(await redis.client.pTTL(`portal:rl:${key}`)).toBeGreaterThan(0);
  });
});

describe('connectRedis', () => {
  it('rejects with a clear message when nothing answers', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise((resolve) => probe.close(resolve));

    await expect(connectRedis(`redis://:hunter2@127.0.0.1:${port}`, { startRetries: 0 })).rejects.toThrow(
      `Could not connect to Redis at redis://:***@127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
  });
});
