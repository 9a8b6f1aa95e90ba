import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, messages } from '@portal/contracts';
import { createTestApp, type TestContext } from './helpers.ts';
import { redactSecrets } from '../src/app.ts';
import { call, signedInAs, unchecked } from './client.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('server foundation over HTTP', () => {
  it('answers liveness and readiness', async () => {
    expect((await call(t.app, endpoints.health.live)).json()).toEqual({ status: 'ok' });
    const ready = await call(t.app, endpoints.health.ready);
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'up' });
  });

  it('answers an unknown API route with 404 JSON', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ detail: 'Route POST /api/no-such-thing not found' });
  });

  it('answers malformed JSON with 400 and a detail, not 500', async () => {
    const res = await call(t.app, endpoints.content.contactUs, {
      body: unchecked('{"name": '),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Malformed JSON body' });
  });

  it('answers wrong types with field errors in the spec shape', async () => {
    const res = await call(t.app, endpoints.content.contactUs, { body: unchecked({ name: 42, email: 'nope' }) });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { validation: { field: string; messages: string[] }[] };
    const byField = Object.fromEntries(body.validation.map((v) => [v.field, v.messages[0]]));
    expect(byField.email).toBe(messages.emailInvalid);
    expect(byField.message).toBe(messages.requiredField);
    expect(Object.keys(byField)).toContain('name');
  });

  it("text the database can not hold (a NUL character) is the request's fault: 4xx, never 500", async () => {
    const contact = { name: 'Lee', email: 'lee@example.com', subject: 'Other' as const, message: 'Hi\u0000there' };
    const refused = [
      call(t.app, endpoints.content.contactUs, { body: contact }),
      call(t.app, endpoints.catalog.searchProducts, { body: { filters: { search: 'x\u0000' } } }),
      call(t.app, endpoints.catalog.productBySku, { params: { sku: 'NW\u0000X' } }),
    ];
    for (const res of await Promise.all(refused)) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ detail: messages.invalidRequest });
    }
    const form = await call(t.app, endpoints.dealerRequests.submit, { body: unchecked({ companyName: 'A\u0000B' }) });
    expect(form.statusCode).toBe(400);
    expect(form.json()).toHaveProperty('validation');
    const unknownPromotion = await call(t.app, endpoints.deals.discountedProducts, {
      query: { promotion: 'a\u0000b' },
    });
    expect(unknownPromotion.statusCode).toBeLessThan(500);
  });

  it('answers a non-JSON body type with 415, not 500', async () => {
    const res = await call(t.app, endpoints.content.contactUs, {
      body: unchecked('a,b'),
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toHaveProperty('detail');
  });

  it('echoes a request id, or makes one', async () => {
    const given = await call(t.app, endpoints.health.live, { headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await call(t.app, endpoints.health.live);
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('refuses a state-changing call from another origin', async () => {
    const res = await call(t.app, endpoints.content.contactUs, {
      body: unchecked({}),
      headers: { origin: 'https://evil.example', host: 'localhost:3000' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Cross-origin request refused' });
  });

  it('serves the OpenAPI document generated from the Zod schemas', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/contact-us', '/api/catalog/menu', '/api/session']),
    );
    const ui = await t.app.inject('/api/docs');
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('outside demo mode shows the API documentation to admins only; API_DOCS=off to nobody (ASVS 13.4.5)', async () => {
    const production = await t.anotherInstance({ DEMO_MODE: 'false' });
    const docs = async (email: string | null, url = '/api/docs/json') =>
      (await (await signedInAs(production, email)).call('GET', url)).statusCode;
    expect(await docs(null)).toBe(401);
    expect(await docs('owner@demo.test')).toBe(403);
    expect(await docs('admin@demo.test')).toBe(200);
    expect([200, 302]).toContain(await docs('admin@demo.test', '/api/docs'));
    const off = await t.anotherInstance({ API_DOCS: 'off' });
    expect((await (await signedInAs(off, 'admin@demo.test')).call('GET', '/api/docs/json')).statusCode).toBe(404);
  });

  it('reports an anonymous session until someone signs in', async () => {
    const res = await call(t.app, endpoints.session.get);
    expect(res.json()).toMatchObject({ user: null, selectedBusiness: null, site: 'us' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers malformed and over-long addresses with { detail }, never the framework shape (issue 14 §9)', async () => {
    const cases: [string, number, string][] = [
      ['/api/dealers/%ff%fe', 400, messages.malformedUrl],
      ['/%ff', 400, messages.malformedUrl],
      [`/api/dealers/${'a'.repeat(10_000)}`, 414, messages.urlTooLong],
    ];
    for (const [url, status, detail] of cases) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url.slice(0, 40)).toBe(status);
      expect(res.json(), url.slice(0, 40)).toEqual({ detail });
    }
  });

  it('tells an anonymous caller to sign in, and only an ended session to sign in again (issue 14 §9)', async () => {
    const anonymous = await call(t.app, endpoints.dealers.list);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: messages.signInRequired });
    const ended = await call(t.app, endpoints.dealers.list, {
      headers: { cookie: 'portal.session_token=ended.session' },
    });
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ detail: messages.credentialsNeedRefresh });
    const badBearer = await call(t.app, endpoints.dealers.list, { headers: { authorization: 'Bearer gone' } });
    expect(badBearer.json()).toEqual({ detail: messages.credentialsNeedRefresh });
  });

  it('API answers are not kept by caches unless the route says so (ASVS 14.3.2)', async () => {
    expect((await call(t.app, endpoints.dealers.list)).headers['cache-control']).toBe('no-store');
    expect((await call(t.app, endpoints.session.get)).headers['cache-control']).toBe('no-store');
    const carousel = await call(t.app, endpoints.content.homeCarousel);
    expect(carousel.headers['cache-control']).toBe('public, max-age=300');
  });

  it('keeps link tokens and codes out of the request log (ASVS 16.2.5)', () => {
    expect(redactSecrets('/api/user/token-info?token=eyJhbGciOi.x.y&x=1')).toBe(
      '/api/user/token-info?token=[redacted]&x=1',
    );
    expect(redactSecrets('/api/auth/verify-email?callbackURL=%2F&token=abc')).toBe(
      '/api/auth/verify-email?callbackURL=%2F&token=[redacted]',
    );
    expect(redactSecrets('/api/search-products?s=token')).toBe('/api/search-products?s=token');
  });
});
