import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PAGES } from '@portal/contracts/pages';
import { buildApp } from '../app.ts';
import { createContext } from '../context.ts';
import { loadConfig } from '../config.ts';
import { openTestDatabase } from '../../test/helpers.ts';
import type { Database } from '../db/client.ts';
import type { FastifyInstance } from 'fastify';

let dist: string;
let database: Database;
let app: FastifyInstance;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  database = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  app = await buildApp(await createContext(config, database), { webDist: dist, logger: false });
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

it('serves index.html for any page path (history fallback), never cached', async () => {
  for (const url of [
    '/',
    '/wiring?vehicle=1&slide=vehicle',
    '/invoice/123',
    '/invoice',
    '/Product/ABC-1/',
    '/login/',
  ]) {
    const res = await app.inject(url);
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  }
});

it('answers 404 with the same index.html for a path outside the page table (issue 15 §14, spec 01 §2.3)', async () => {
  for (const url of ['/no-such-page', '/wiring/nope', '/product/a/b', '/invoice/1/2', '/logins', '/rewards']) {
    const res = await app.inject(url);
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

it('knows every page of the table (each answers 200)', async () => {
  for (const page of PAGES) {
    const url = page.path.replace(/\/:\w+\??/g, '/x1');
    expect((await app.inject(url)).statusCode, url).toBe(200);
  }
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
