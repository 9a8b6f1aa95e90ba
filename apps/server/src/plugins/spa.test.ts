import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PAGES } from '@portal/contracts/pages';
import { buildApp } from '../app.ts';
import { createContext } from '../context.ts';
import { getAuthSecret } from '../modules/auth/index.ts';
import { loadConfig } from '../config.ts';
import { openTestDatabase } from '../../test/helpers.ts';
import { signedInAs } from '../../test/client.ts';
import type { Database } from '../db/client.ts';
import type { FastifyInstance } from 'fastify';

const VENDOR = `export const parts = [${'"remote start", '.repeat(2000)}];`;
const decode = (encoding: string | undefined, body: Buffer) =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString();

let dist: string;
let database: Database;
let app: FastifyInstance;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><head></head><div id="root"></div>');
  // As the web build lists them (apps/web/vite.config.ts): the chunks of each page's screen, then its style sheets.
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(
    path.join(dist, '.vite', 'page-preloads.json'),
    JSON.stringify({
      '/product/:id?': ['/assets/ProductPage-a1.js', '/assets/gallery-b2.js', '/assets/ProductPage-c3.css'],
      '/': [],
    }),
  );
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  // As the web build writes them (apps/web/vite.config.ts): a .br and a .gz next to each text file.
  fs.writeFileSync(path.join(dist, 'assets', 'vendor-def456.js'), VENDOR);
  fs.writeFileSync(path.join(dist, 'assets', 'vendor-def456.js.br'), brotliCompressSync(VENDOR));
  fs.writeFileSync(path.join(dist, 'assets', 'vendor-def456.js.gz'), gzipSync(VENDOR));
  fs.writeFileSync(path.join(dist, 'favicon.svg.br'), brotliCompressSync('<svg/>'));
  fs.writeFileSync(path.join(dist, 'favicon.svg.gz'), gzipSync('<svg/>'));
  database = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const authSecret = await getAuthSecret(database.db, config.AUTH_SECRET);
  app = await buildApp(createContext(config, database, authSecret), { webDist: dist, logger: false });
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

it('serves index.html for any page path (history fallback), never cached', async () => {
  // Signed in: a protected page's address signed out is its redirect (below).
  const owner = await signedInAs(app, 'owner@demo.test');
  for (const url of [
    '/',
    '/wiring?vehicle=1&slide=vehicle',
    '/invoice/123',
    '/invoice',
    '/Product/ABC-1/',
    '/search/',
  ]) {
    const res = await owner.call('GET', url);
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  }
});

it('answers 404 with the same index.html for a path outside the page table (issue 15 §14, spec 01 §2.3)', async () => {
  const owner = await signedInAs(app, 'owner@demo.test');
  for (const url of ['/no-such-page', '/wiring/nope', '/product/a/b', '/invoice/1/2', '/logins', '/rewards']) {
    const res = await owner.call('GET', url);
    const known = url === '/rewards'; // a page of the table (built later), not an unknown path
    expect(res.statusCode, url).toBe(known ? 200 : 404);
    expect(res.headers['content-type'], url).toMatch(/text\/html/);
    expect(res.body, url).toContain('<div id="root">');
    expect(res.headers['cache-control'], url).toBe('no-cache');
  }
  const head = await app.inject({ method: 'HEAD', url: '/no-such-page' });
  expect(head.statusCode).toBe(404);
  expect(head.headers['content-type']).toMatch(/text\/html/);
  expect(head.body).toBe('');
});

it("names the chunks of the page's screen as modulepreload links and its style sheets as such, in every encoding (issues 17, 31)", async () => {
  const links = [
    '<link rel="modulepreload" crossorigin href="/assets/ProductPage-a1.js">',
    '<link rel="modulepreload" crossorigin href="/assets/gallery-b2.js">',
    '<link rel="stylesheet" crossorigin href="/assets/ProductPage-c3.css">',
  ];
  const product = await app.inject('/product/NW-RS-X1234');
  for (const link of links) expect(product.body).toContain(link);
  expect(product.body.indexOf(links[2]!)).toBeLessThan(product.body.indexOf('</head>'));
  for (const encoding of ['br', 'gzip']) {
    const res = await app.inject({ url: '/Product/NW-RS-X1234/', headers: { 'accept-encoding': encoding } });
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(decode(encoding, res.rawPayload)).toBe(product.body);
  }
  // Another page has its own links (here none) and its own ETag, so a cached copy of one is never the other's.
  const home = await app.inject('/');
  expect(home.body).not.toContain('modulepreload');
  expect(home.body).not.toContain('stylesheet');
  expect(home.headers.etag).not.toBe(product.headers.etag);
  const revalidated = await app.inject({
    url: '/product/NW-RS-X1234',
    headers: { 'if-none-match': home.headers.etag! },
  });
  expect(revalidated.statusCode).toBe(200);
});

it('knows every page of the table (each answers 200, a protected one signed out its redirect to /login)', async () => {
  for (const page of PAGES) {
    const url = page.path.replace(/\/:\w+\??/g, '/x1');
    expect((await app.inject(url)).statusCode, url).toBe(page.access === 'required' ? 302 : 200);
  }
});

it('redirects a protected page signed out, and /login signed in, before sending any code (spec 01 §2.2, issue 31)', async () => {
  const visitor = await app.inject('/my-orders?tab=open');
  expect(visitor.statusCode).toBe(302);
  expect(visitor.headers.location).toBe('/login?next=%2Fmy-orders%3Ftab%3Dopen');
  expect(visitor.headers['cache-control']).toBe('no-store');
  // The router's rule, the same function: a finished payment is no page to come back to.
  expect((await app.inject('/invoice-payment/complete')).headers.location).toBe('/login');
  expect((await app.inject('/login')).statusCode).toBe(200);

  const owner = await signedInAs(app, 'owner@demo.test');
  const orders = await owner.call('GET', '/my-orders?tab=open');
  expect(orders.statusCode).toBe(200);
  expect(orders.headers['content-type']).toContain('text/html');
  const login = await owner.call('GET', '/login?next=%2Fmy-orders');
  expect(login.statusCode).toBe(302);
  expect(login.headers.location).toBe('/');
  // Signed out again, the same address is the visitor's.
  await owner.signOut();
  expect((await owner.call('GET', '/my-orders')).statusCode).toBe(302);
});

it('serves hashed assets with a long cache and other files as they are', async () => {
  const asset = await app.inject('/assets/index-abc123.js');
  expect(asset.statusCode).toBe(200);
  expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await app.inject('/favicon.svg')).body).toBe('<svg/>');
  expect((await app.inject('/assets/missing-zzz.js')).statusCode).toBe(404);
});

it('keeps API paths as JSON', async () => {
  const res = await app.inject('/api/unknown');
  expect(res.statusCode).toBe(404);
  expect(res.json()).toHaveProperty('detail');
});

it('answers HEAD of a page as GET does, without the body (issue 14 §9)', async () => {
  for (const url of ['/', '/wiring', '/favicon.svg', '/no-such-page']) {
    const get = await app.inject({ method: 'GET', url });
    const head = await app.inject({ method: 'HEAD', url });
    expect(head.statusCode, url).toBe(get.statusCode);
    expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
    expect(head.body, url).toBe('');
  }
});

it('answers a page address with broken %-escapes in the app shape (issue 14 §9)', async () => {
  const res = await app.inject('/wiring%ff%fe');
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ detail: expect.any(String) });
});

it('sends a built asset as brotli, gzip or plain by accept-encoding, with vary and a year of caching (issue 17)', async () => {
  for (const [accept, expected] of [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.1, gzip;q=0.9', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ] as const) {
    const res = await app.inject({
      url: '/assets/vendor-def456.js',
      headers: accept ? { 'accept-encoding': accept } : {},
    });
    expect(res.statusCode, accept).toBe(200);
    expect(res.headers['content-encoding'], accept).toBe(expected);
    expect(res.headers['content-type'], accept).toMatch(/javascript/);
    expect(res.headers.vary, accept).toBe('accept-encoding');
    expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length']), accept).toBe(res.rawPayload.length);
    if (expected) expect(res.rawPayload.length, accept).toBeLessThan(VENDOR.length / 10);
    expect(decode(expected, res.rawPayload), accept).toBe(VENDOR);
  }
  const svg = await app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'br' } });
  expect(svg.headers['content-encoding']).toBe('br');
  expect(svg.headers['cache-control']).toBe('no-cache');
  expect(decode('br', svg.rawPayload)).toBe('<svg/>');
});

it('revalidates a built asset with 304 and answers HEAD with the encoding and no body', async () => {
  const headers = { 'accept-encoding': 'br' };
  const get = await app.inject({ url: '/assets/vendor-def456.js', headers });
  const again = await app.inject({
    url: '/assets/vendor-def456.js',
    headers: { ...headers, 'if-none-match': String(get.headers.etag) },
  });
  expect(again.statusCode).toBe(304);
  expect(again.rawPayload.length).toBe(0);
  const head = await app.inject({ method: 'HEAD', url: '/assets/vendor-def456.js', headers });
  expect(head.statusCode).toBe(200);
  expect(head.headers['content-encoding']).toBe('br');
  expect(head.headers['content-length']).toBe(get.headers['content-length']);
  expect(head.rawPayload.length).toBe(0);
});

it('sends the index.html fallback compressed by accept-encoding, with vary, never cached stale (issue 17)', async () => {
  for (const url of ['/', '/search', '/no-such-page']) {
    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['*', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await app.inject({ url, headers: { 'accept-encoding': accept } });
      expect(res.statusCode, url).toBe(url === '/no-such-page' ? 404 : 200);
      expect(res.headers['content-encoding'], `${url} ${accept}`).toBe(expected);
      expect(res.headers.vary, url).toBe('accept-encoding');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(decode(expected, res.rawPayload), url).toContain('<div id="root">');
    }
    const head = await app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });
    expect(head.headers['content-encoding'], url).toBe('br');
    expect(head.body, url).toBe('');
  }
  const page = await app.inject({ url: '/search', headers: { 'accept-encoding': 'br' } });
  const revalidated = await app.inject({
    url: '/search',
    headers: { 'accept-encoding': 'br', 'if-none-match': String(page.headers.etag) },
  });
  expect(revalidated.statusCode).toBe(304);
  expect(revalidated.rawPayload.length).toBe(0);
});

it('compresses a large API answer and leaves a small one as it is', async () => {
  const large = await app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip, br' } });
  expect(large.statusCode).toBe(200);
  expect(large.headers['content-encoding']).toBe('br');
  expect(large.headers.vary).toMatch(/accept-encoding/i);
  expect(JSON.parse(decode('br', large.rawPayload))).toHaveProperty('openapi');
  const small = await app.inject({ url: '/api/unknown', headers: { 'accept-encoding': 'gzip, br' } });
  expect(small.headers['content-encoding']).toBeUndefined();
  expect(small.json()).toHaveProperty('detail');
});
