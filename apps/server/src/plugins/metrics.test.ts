import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers.ts';
import { METRICS_FORBIDDEN } from './metrics.ts';
import { endpoints } from '@portal/contracts';
import { call } from '../../test/client.ts';
import { undoLedgerWrite } from '../../test/ledger-builders.ts';
import { paymentApplications } from '../modules/billing/schema.ts';

const TOKEN = 'scrape-token-0123456789';

/** The count of the latency histogram for one series, read from the exposition text. */
function countOf(text: string, labels: string) {
  const line = text.split('\n').find((l) => l.startsWith(`http_request_duration_seconds_count{${labels}}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('GET /metrics (ARCHITECTURE, Observability)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('counts each request under its route pattern and status, with process figures beside', async () => {
    const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const series = 'method="GET",route="/api/product-by-sku/:sku",status_code="404"';
    const before = countOf(await scrape(), series);
    for (const sku of ['NO-SUCH-1', 'NO-SUCH-2', 'NO-SUCH-3'])
      expect((await call(t.app, endpoints.catalog.productBySku, { params: { sku } })).statusCode).toBe(404);
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(countOf(res.body, series)).toBe(before + 3);
    // The raw paths never become labels.
    expect(res.body).not.toContain('NO-SUCH');
    expect(res.body).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(res.body).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it('labels every unknown path alike, so random URLs cannot grow the series', async () => {
    for (const path of ['/api/nope-1', '/api/nope-2'])
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).not.toContain('nope');
    expect(countOf(text, 'method="GET",route="unmatched",status_code="404"')).toBeGreaterThanOrEqual(2);
  });

  it('answers only this machine when no token is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: METRICS_FORBIDDEN });
  });
});

describe('GET /metrics behind a proxy on this machine (TRUST_PROXY=loopback)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'loopback' });
  });
  afterAll(() => t.close());

  it('judges the client the proxy relays, not the proxy', async () => {
    const relayed = (from: string) =>
      t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': from } });
    expect((await relayed('203.0.113.7')).statusCode).toBe(403);
    expect((await relayed('127.0.0.1')).statusCode).toBe(200);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  it('asks every scraper, this machine included, for the token', async () => {
    const get = (authorization?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '203.0.113.7',
        headers: authorization ? { authorization } : {},
      });
    expect((await get()).statusCode).toBe(403);
    expect((await get('Bearer wrong-token-0123456789')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(403);
    const res = await get(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
  });
});

describe('what an operator alerts on (docs/operations.md)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('counts a try pending for over five minutes as stuck, by kind', async () => {
    const stuck = async () => {
      const body = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      const line = body.split('\n').find((l) => l.startsWith('portal_attempts_stuck{kind="invoice-payment"}'));
      return Number(line?.split(' ').at(-1));
    };
    expect(await stuck()).toBe(0);
    // A paid invoice of the demo data put back as a crash after its charge leaves it: ten minutes ago, and a minute.
    const [a, b] = await t.db.select().from(paymentApplications).limit(2);
    await undoLedgerWrite(t.db, a!.paymentId, a!.invoiceId, new Date(Date.now() - 10 * 60_000));
    await undoLedgerWrite(t.db, b!.paymentId, b!.invoiceId, new Date(Date.now() - 60_000));
    expect(await stuck()).toBe(1);
  });
});
