import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { messages } from '@portal/contracts';
import { registerErrorHandling } from './errors.ts';
import { limitPerAddress } from './form-limits.ts';
import { registerRateLimit, type RateLimitStore } from './rate-limit.ts';

const rule = { limit: 2, windowMs: 60_000 };

/** A store in memory that remembers which keys it counted (the real ones: modules/auth/rate-limit.ts). */
function memoryStore(): RateLimitStore & { counts: Map<string, number> } {
  const counts = new Map<string, number>();
  return {
    counts,
    async hit(key, { limit, windowMs }) {
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      return { allowed: count <= limit, count, retryAfterMs: windowMs };
    },
    async clear(key) {
      counts.delete(key);
    },
  };
}

async function appWith(store: RateLimitStore) {
  const logged: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(chunk.toString());
      done();
    },
  });
  const app = Fastify({ logger: { level: 'error', stream } });
  registerErrorHandling(app);
  const limit = await registerRateLimit(app, store);
  app.post('/form', { config: { rateLimit: limitPerAddress('form', rule) } }, async () => ({ ok: true }));
  app.post('/other-form', { preHandler: app.rateLimit(limitPerAddress('form', rule)) }, async () => ({ ok: true }));
  return { app, limit, logged };
}

describe('registerRateLimit (@fastify/rate-limit over the shared store)', () => {
  it('answers past a route limit with 429 { detail } and Retry-After in seconds, and no other headers', async () => {
    const { app } = await appWith(memoryStore());
    const first = await app.inject({ method: 'POST', url: '/form', remoteAddress: '10.1.0.1' });
    expect(first.statusCode).toBe(200);
    expect(Object.keys(first.headers).filter((name) => name.includes('ratelimit'))).toEqual([]);
    await app.inject({ method: 'POST', url: '/form', remoteAddress: '10.1.0.1' });
    const refused = await app.inject({ method: 'POST', url: '/form', remoteAddress: '10.1.0.1' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: messages.attemptLimitForgot });
    expect(refused.headers['retry-after']).toBe(String(rule.windowMs / 1000));
    expect(Object.keys(refused.headers).filter((name) => name.includes('ratelimit'))).toEqual([]);
    expect((await app.inject({ method: 'POST', url: '/form', remoteAddress: '10.1.0.2' })).statusCode).toBe(200);
  });

  it('counts routes, preHandlers and service limits in the one store, under the keys they name', async () => {
    const store = memoryStore();
    const { app, limit } = await appWith(store);
    await app.inject({ method: 'POST', url: '/form', remoteAddress: '10.2.0.1' });
    await app.inject({ method: 'POST', url: '/other-form', remoteAddress: '10.2.0.1' });
    expect(store.counts.get('form:ip:10.2.0.1')).toBe(2);
    // A service's limit says no as a refusal (plugins/errors.ts answers 429 with Retry-After).
    await expect(limit('form:ip:10.2.0.1', rule, 'Slow down.')).rejects.toMatchObject({
      kind: 'limited',
      detail: 'Slow down.',
      retryAfterMs: 60_000,
    });
    await expect(limit('code-send:someone', rule, 'Slow down.')).resolves.toBeUndefined();
  });

  it('fails open, loudly, when the store is down', async () => {
    const down: RateLimitStore = {
      hit: () => Promise.reject(new Error('connection refused')),
      clear: () => Promise.reject(new Error('connection refused')),
    };
    const { app, limit, logged } = await appWith(down);
    for (let i = 0; i <= rule.limit; i++)
      expect((await app.inject({ method: 'POST', url: '/form', remoteAddress: '10.3.0.1' })).statusCode).toBe(200);
    await expect(limit('code:someone', rule, 'Slow down.')).resolves.toBeUndefined();
    expect(logged.filter((line) => line.includes('rate-limit store unavailable'))).toHaveLength(rule.limit + 2);
  });
});
