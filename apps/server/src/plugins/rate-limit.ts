import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { messages } from '@portal/contracts';
import { tooManyRequests } from './errors.ts';
import { refuse } from '../refusal.ts';

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
 * limits hold across instances (issue 3 §2): the database, or Redis when REDIS_URL is set
 * (modules/auth/rate-limit.ts has both).
 */
export interface RateLimitStore {
  /** Counts one attempt against `key`; the window starts at the first attempt. */
  hit(key: string, rule: RateLimitRule, now?: number): Promise<RateLimitResult>;
  /** Forgets the counter of `key`. */
  clear(key: string): Promise<void>;
}

/** Counts one attempt against a key in the shared store; 429 `{ detail }` with Retry-After past the rule. */
export type Limit = (key: string, rule: RateLimitRule, detail: string) => Promise<void>;

const NO_HEADERS = { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false };

/**
 * @fastify/rate-limit over our shared store, for the limits a route can name from its request (the
 * caller's address: `config: { rateLimit: limitPerAddress(…) }` in plugins/form-limits.ts). Returns
 * `limit` for the ones only a service can key, counted in the SAME store: the user behind a password
 * check or a second-factor challenge is known only inside the service, which takes no request, and
 * the plugin's limiters (route config, `rateLimit()`, `createRateLimit()`) all key from a request.
 *
 * A store outage (Redis down) must not lock everyone out: both paths fail open, loudly. The
 * per-account lockout lives in the database and still stops password guessing.
 */
export async function registerRateLimit(app: FastifyInstance, store: RateLimitStore): Promise<Limit> {
  const count = (key: string, rule: RateLimitRule) =>
    store.hit(key, rule).catch((error: unknown) => {
      app.log.error({ err: error, key }, 'rate-limit store unavailable: request allowed');
      return null;
    });

  // The plugin makes one per route (child); each counts in `store` under keys that name their limit,
  // so routes sharing a key (the link forms) share a count, on every instance.
  class SharedStore {
    incr(
      key: string,
      done: (error: Error | null, result: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ) {
      void count(key, { limit: max, windowMs: timeWindow }).then((result) =>
        done(null, { current: result?.count ?? 0, ttl: result?.retryAfterMs ?? 0 }),
      );
    }
    child() {
      return this;
    }
  }

  await app.register(fastifyRateLimit, {
    global: false,
    // After validation, as the limits always were: a malformed request is not counted.
    hook: 'preHandler',
    store: SharedStore,
    // Our answers carry Retry-After only, on the 429 (the error below sets it).
    addHeaders: { ...NO_HEADERS, 'retry-after': false },
    addHeadersOnExceeding: NO_HEADERS,
    errorResponseBuilder: (_request, context) => tooManyRequests(messages.attemptLimitForgot, context.ttl),
  });

  return async (key, rule, detail) => {
    const result = await count(key, rule);
    if (result && !result.allowed) throw refuse.limited(detail, result.retryAfterMs);
  };
}
