import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSAL_CODES } from '@portal/contracts';
import { registerErrorHandling } from './plugins/errors.ts';
import { Refusal, refuse, STATUS_OF_KIND, type RefusalKind } from './refusal.ts';

/** Each kind, thrown by a route as a service would: plugins/errors.ts alone makes it HTTP. */
const BY_KIND: Record<RefusalKind, () => Refusal> = {
  invalid: () => refuse.invalid('The request can not be done as asked.'),
  unauthenticated: () => refuse.unauthenticated('Please sign in to continue.'),
  declined: () => refuse.declined('The card was declined.', REFUSAL_CODES.PAYMENT_ERROR),
  forbidden: () => refuse.forbidden('You may not do this.'),
  not_found: () => refuse.notFound('Not found.', REFUSAL_CODES.PAYMENT_METHOD_NOT_FOUND),
  conflict: () => refuse.conflict('Already reviewed.'),
  unprocessable: () => refuse.unprocessable('Sent before with other contents.'),
  limited: () => refuse.limited('Too many tries.', 90_000),
  unavailable: () => refuse.unavailable('The VIN decoder is starting. Try again in a moment.'),
};

describe('a Refusal answered over HTTP (plugins/errors.ts)', () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    registerErrorHandling(app);
    app.get<{ Params: { kind: RefusalKind } }>('/kind/:kind', async (request) => {
      throw BY_KIND[request.params.kind]();
    });
    app.get('/coded', async () => {
      throw refuse.invalid('Terms are not available while invoices are past due.', REFUSAL_CODES.TERMS_PAST_DUE);
    });
    app.get('/fields', async () => {
      throw refuse.fields([{ field: 'invoices.0.amount', messages: ['More than is owed.'] }]);
    });
    app.get('/limited-soon', async () => {
      throw refuse.limited('Too many tries.', 1_500);
    });
    app.get('/limited-now', async () => {
      throw refuse.limited('Too many tries.', 10);
    });
    app.get('/limited-untimed', async () => {
      throw new Refusal('limited', 'Too many tries. Ask for a new code.');
    });
    // A route guard (plugins/actor.ts) throws before the handler runs: answered the same way.
    app.get(
      '/guarded',
      {
        onRequest: async () => {
          throw refuse.unauthenticated('Please sign in to continue.');
        },
      },
      async () => ({ ok: true }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(Object.keys(BY_KIND) as RefusalKind[])(
    'answers %s with its status and { detail } (and code)',
    async (kind) => {
      const refusal = BY_KIND[kind]();
      const res = await app.inject(`/kind/${kind}`);
      expect(res.statusCode).toBe(STATUS_OF_KIND[kind]);
      expect(res.json()).toEqual(
        refusal.code ? { detail: refusal.detail, code: refusal.code } : { detail: refusal.detail },
      );
      expect(res.headers['retry-after']).toBe(kind === 'limited' ? '90' : undefined);
    },
  );

  it('gives each kind its one HTTP status', () => {
    expect(STATUS_OF_KIND).toEqual({
      invalid: 400,
      unauthenticated: 401,
      declined: 402,
      forbidden: 403,
      not_found: 404,
      conflict: 409,
      unprocessable: 422,
      limited: 429,
      unavailable: 503,
    });
  });

  it('carries a stable code beside the detail', async () => {
    const res = await app.inject('/coded');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: 'Terms are not available while invoices are past due.',
      code: 'TERMS_PAST_DUE',
    });
  });

  it('answers field errors as { validation } only', async () => {
    const res = await app.inject('/fields');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ validation: [{ field: 'invoices.0.amount', messages: ['More than is owed.'] }] });
  });

  it('says when to come back in whole seconds, rounded up and at least 1; no Retry-After without a time', async () => {
    const soon = await app.inject('/limited-soon');
    expect(soon.statusCode).toBe(429);
    expect(soon.headers['retry-after']).toBe('2');
    expect((await app.inject('/limited-now')).headers['retry-after']).toBe('1');
    const untimed = await app.inject('/limited-untimed');
    expect(untimed.statusCode).toBe(429);
    expect(untimed.json()).toEqual({ detail: 'Too many tries. Ask for a new code.' });
    expect(untimed.headers['retry-after']).toBeUndefined();
  });

  it('answers a refusal thrown by a route guard the same way', async () => {
    const res = await app.inject('/guarded');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Please sign in to continue.' });
  });
});
