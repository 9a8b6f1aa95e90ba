// POST /api/search-products under load: the built server on a catalog of N generated products, 50 connections
// of autocannon for 30 s (on the same machine: the load generator shares its cores), over a mix of at least
// BENCH_DISTINCT (6,000) distinct requests drawn like real traffic: terms from product names (a popular head
// and a long tail), typos of them, SKUs, short codes and SKU prefixes, category and brand filters alone and
// with terms, the four sorts, page sizes 8–100, next pages up to page 5 and page jumps, asked by a visitor and
// five demo users who price differently. Most requests of a 30 s run are asked once: as in real traffic,
// most searches are cache misses.
//
// Per size the headline is the server with its caches off (SEARCH_PAGE_CACHE_MS=0, IDENTITY_CACHE_MS=0;
// counts and term corrections stay shared as they are per filter set), budget p99 ≤ 50 ms at 100k and
// ≤ 100 ms at 1M (issue 33); beside it the same load on a cached server after a warm-up. Before the load, a
// sample of the mix (BENCH_ALONE, 400) is timed one at a time through HTTP and as bare SQL (the count and the
// page query the server runs, catalog/repo/explain.ts), and the server ÷ SQL ratio printed. Every figure
// carries the load average: the machine is shared.
//
// Runs on PostgreSQL (127.0.0.1:5432, one database per size: bench_search_10k, _100k, _1m), and on PGlite for
// BENCH_PGLITE_SIZES (none by default). Seeded catalogs are kept between runs and reused while their product
// count matches; BENCH_RESEED=1 loads them again, and the run prints how long loading took (rows, indexes). A
// catalog seeded before a newer migration needs no reseed: the server migrates at start.
// Environment: BENCH_DURATION (s, 30), BENCH_CONNECTIONS (50), BENCH_PG_SIZES (10000,100000,1000000),
// BENCH_PGLITE_SIZES, BENCH_PG_URL (postgres://postgres@127.0.0.1:5432), BENCH_RESEED, BENCH_DISTINCT,
// BENCH_ALONE, BENCH_PROFILE=1 (the sample alone grouped by shape and sort, slowest first), BENCH_CACHED=0
// (skip the cached run), BENCH_EXPLAIN=0 (skip EXPLAIN ANALYZE of the server's plans at 100k).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';
import { npm, printTable, report, root } from './lib.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const sizesOf = (value, fallback) =>
  (value ?? fallback)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number);
const PG_SIZES = sizesOf(process.env.BENCH_PG_SIZES, '10000,100000,1000000');
const PGLITE_SIZES = sizesOf(process.env.BENCH_PGLITE_SIZES, '');
const PG_URL = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');
const RESEED = process.env.BENCH_RESEED === '1';
/** The issue's budgets (issue 33): p99 with caches off on PostgreSQL, by catalog size. */
const BUDGETS_P99_MS = { 100_000: 50, 1_000_000: 100 };
/** The size whose plans are explained. */
const BUDGET_SIZE = 100_000;
const PASSWORD = 'Portal!2026';
// Who searches, each priced differently (spec 01 §6). Staff (the inside rep) must enrol a second factor in
// production before a session is theirs, so a rep's searches are not in the mix.
const USERS = ['installer@demo.test', 'retired@demo.test', 'owner@demo.test', 'purchaser@demo.test'];

const serverDir = path.join(root, 'apps/server');
const mainJs = path.join(serverDir, 'dist/main.js');
const seedJs = path.join(serverDir, 'dist/seed.js');
const pgliteCache = path.join(os.tmpdir(), 'portal-bench-search');
const READY_LINE = /ready on http:\/\/localhost:(\d+)/;

const live = new Set();
/** How long each catalog seeded in this run took: the whole seed, its rows and its indexes. */
const loadTimes = [];
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

const label = (n) => (n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${n / 1000}k` : String(n));
const dbName = (n) => `bench_search_${label(n).toLowerCase()}`;

/** Newest modification time under a folder (the sources a built dist must not be older than). */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(full));
    else if (!entry.name.includes('.test.')) latest = Math.max(latest, statSync(full).mtimeMs);
  }
  return latest;
}

function ensureBuilt() {
  const sources = Math.max(
    newest(path.join(serverDir, 'src')),
    newest(path.join(serverDir, 'migrations')),
    newest(path.join(root, 'packages/contracts/src')),
  );
  if (existsSync(mainJs) && existsSync(seedJs) && statSync(mainJs).mtimeMs >= sources) return;
  console.log('apps/server/dist is missing or older than its sources: building the server first.\n');
  npm(['run', 'build', '-w', '@portal/server']);
}

/** The environment with `extra` over it; an undefined value removes the variable (DATABASE_URL for PGlite). */
function envWith(extra) {
  const env = { ...process.env, ...extra };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  return env;
}

/** Runs the built seed CLI (demo data with N products); 1M products need a larger heap. */
function seed(env, count) {
  console.log(`seeding ${count} products…`);
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--max-old-space-size=12288', seedJs, '--products', String(count)], {
    cwd: root,
    // The demo accounts sign the searches in; production refuses them unless asked for by name.
    env: envWith({ NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED: 'demo', ...env }),
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  process.stdout.write(result.stdout ?? '');
  if (result.status !== 0) throw new Error(`seeding ${count} products failed (${result.signal ?? result.status})`);
  const seconds = Math.round((performance.now() - started) / 1000);
  console.log(`seeded in ${seconds} s (load average ${loadAverage()})`);
  // The seed's own phases of the catalog: rows loaded, indexes built (seedProducts prints them).
  const phase = (what) => new RegExp(`${what} in ([\\d.]+) s`).exec(result.stdout ?? '')?.[1];
  loadTimes.push({ count, seconds, rows: phase('rows loaded'), indexes: phase('indexes built'), load: loadAverage() });
}

async function withPg(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The bench database of this size, created and seeded unless it already holds the catalog. */
async function preparePostgres(count) {
  const name = dbName(count);
  const url = `${PG_URL}/${name}`;
  const exists = await withPg(`${PG_URL}/postgres`, async (c) => {
    const { rowCount } = await c.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await c.query(`create database "${name}"`);
    return rowCount > 0;
  });
  const seeded =
    exists &&
    !RESEED &&
    (await withPg(url, async (c) => {
      const table = await c.query("select to_regclass('public.products') as t");
      if (!table.rows[0].t) return false;
      return (await c.query('select count(*)::int as n from products')).rows[0].n === count;
    }));
  if (!seeded) seed({ DATABASE_URL: url }, count);
  else console.log(`reusing database ${name} (${count} products)`);
  return { DATABASE_URL: url };
}

/** A PGlite folder of this size under the temp directory, seeded unless already done. */
function preparePglite(count) {
  const dataDir = path.join(pgliteCache, `pglite-${label(count).toLowerCase()}`);
  const marker = path.join(dataDir, `seeded-${count}`);
  if (RESEED || !existsSync(marker)) {
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    seed({ DATA_DIR: dataDir, DATABASE_URL: undefined }, count);
    writeFileSync(marker, new Date().toISOString());
  } else console.log(`reusing PGlite folder ${dataDir} (${count} products)`);
  return { DATA_DIR: dataDir, DATABASE_URL: undefined };
}

async function startServer(env) {
  const child = spawn(process.execPath, [mainJs], {
    cwd: root,
    env: envWith({ NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED: 'never', HOST: '127.0.0.1', PORT: '0', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  child.once('exit', () => live.delete(child));
  const tail = [];
  const keep = (line) => tail.push(line) > 30 && tail.shift();
  createInterface({ input: child.stderr }).on('line', keep);
  const stdout = createInterface({ input: child.stdout });
  stdout.on('line', keep);
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no ready line within 120 s')), 120_000);
    stdout.on('line', (line) => {
      const match = READY_LINE.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before it was ready:\n${tail.join('\n')}`));
    });
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function signIn(base, email) {
  const response = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, rememberMe: false }),
  });
  const body = await response.json();
  if (!response.ok || body.status !== 'signed-in') throw new Error(`sign-in of ${email}: ${JSON.stringify(body)}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function search(base, cookie, body) {
  const response = await fetch(`${base}/api/search-products`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`search ${JSON.stringify(body)}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A small seeded random, so every run sends the same mix in the same proportions. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SORTS = ['price-desc', 'price-asc', 'name-asc', 'name-desc'];
const PAGE_SIZES = [8, 8, 8, 8, 20, 20, 40, 100];
/** How many distinct requests the mix holds at least (the issue asks ≥ 5,000: most searches are misses). */
const DISTINCT = Number(process.env.BENCH_DISTINCT ?? 6000);

/**
 * Words dealers type for a catalog of installers' parts: the words of product names, drawn from products
 * sampled through the search itself (every category, both ends of both orders), so the mix follows the
 * catalog whatever its size and database.
 */
async function sampleCatalog(base) {
  const menu = await (await fetch(`${base}/api/catalog/menu`)).json();
  const slugs = menu.categories.map((c) => c.slug);
  const products = new Map();
  for (const categorySlugs of [[], ...slugs.map((slug) => [slug])])
    for (const sort of SORTS) {
      const page = await search(base, null, { limit: 100, filters: { sort, categories: categorySlugs } });
      for (const p of page.results) products.set(p.sku, p);
    }
  return { products: [...products.values()], categories: slugs, brands: menu.brands.map((b) => b.slug) };
}

/** A typo of a word as people make them: a letter left out, doubled, swapped with the next or struck wrong. */
function typoOf(word, next) {
  const at = 1 + Math.floor(next() * (word.length - 2));
  const kind = Math.floor(next() * 4);
  if (kind === 0) return word.slice(0, at) + word.slice(at + 1);
  if (kind === 1) return word.slice(0, at) + word[at] + word.slice(at);
  if (kind === 2) return word.slice(0, at - 1) + word[at] + word[at - 1] + word.slice(at + 1);
  const keys = 'qwertyuiopasdfghjklzxcvbnm';
  return word.slice(0, at) + keys[Math.floor(next() * keys.length)] + word.slice(at + 1);
}

/**
 * The request mix, drawn like real traffic: who asks (a visitor or one of USERS, each priced differently),
 * terms of one to three words from product names (a few popular, a long tail: Zipf-like), typos of them,
 * whole SKUs, short codes and SKU prefixes, category and brand filters alone and with terms, the four
 * sorts, page sizes, next pages up to page 5 and page jumps (the pager's cursor call). At least DISTINCT
 * distinct requests; cursor pages continue a first page fetched here by the same user (a cursor holds
 * that user's price).
 */
async function buildWorkload(base) {
  const sessions = [null, ...(await Promise.all(USERS.map((email) => signIn(base, email))))];
  const whoOf = new Map(sessions.map((cookie, i) => [cookie, i ? USERS[i - 1].split('@')[0] : 'visitor']));
  const catalog = await sampleCatalog(base);
  const next = random(2026);
  const pick = (items) => items[Math.floor(next() * items.length)];
  // Zipf-like: item i drawn with weight about 1/(i+1), so a few terms are asked often and most rarely.
  const zipf = (items) =>
    items[Math.min(items.length - 1, Math.floor(Math.exp(next() * Math.log(items.length + 1)) - 1))];
  const nameWords = (p) => p.name.split(/[^\p{L}\p{N}-]+/u).filter((w) => w.length > 1);
  const phrases = new Set();
  for (const p of catalog.products) {
    const words = nameWords(p).filter((w) => !/\d/.test(w));
    for (let length = 1; length <= 3; length++)
      for (let i = 0; i + length <= words.length; i++)
        phrases.add(
          words
            .slice(i, i + length)
            .join(' ')
            .toLowerCase(),
        );
  }
  const terms = [...phrases].sort();
  // The popular head first, then the rest in a fixed shuffled order.
  for (let i = terms.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [terms[i], terms[j]] = [terms[j], terms[i]];
  }
  const typo = () => {
    const words = zipf(terms).split(' ');
    const long = words.map((w, i) => [w, i]).filter(([w]) => w.length >= 4);
    if (!long.length) return words.join(' ');
    const [word, i] = pick(long);
    words[i] = typoOf(word, next);
    return words.join(' ');
  };
  const skus = catalog.products.map((p) => p.sku);
  const brandSlugs = catalog.brands;
  const brandsFilter = () =>
    next() < 0.3 ? ['approved-brands'] : next() < 0.7 ? [pick(brandSlugs)] : [pick(brandSlugs), pick(brandSlugs)];
  const categoriesFilter = () =>
    next() < 0.8 ? [pick(catalog.categories)] : [pick(catalog.categories), pick(catalog.categories)];
  const filters = (extra) => ({ sort: pick(SORTS), categories: [], brands: [], ...extra });
  const shapes = [
    ['all products', 8, () => filters()],
    ['term', 30, () => filters({ search: zipf(terms) })],
    ['typo', 12, () => filters({ search: typo() })],
    ['sku', 6, () => filters({ search: pick(skus) })],
    ['short code', 5, () => filters({ search: pick(skus).split('-').at(-1) })],
    ['sku prefix', 3, () => filters({ search: pick(skus).split('-').slice(0, 2).join('-') })],
    ['categories', 14, () => filters({ categories: categoriesFilter() })],
    ['brands', 8, () => filters({ brands: brandsFilter() })],
    ['categories + brands', 6, () => filters({ categories: categoriesFilter(), brands: brandsFilter() })],
    ['term + categories', 5, () => filters({ search: zipf(terms), categories: categoriesFilter() })],
    ['term + brands', 3, () => filters({ search: zipf(terms), brands: brandsFilter() })],
  ];
  const weight = shapes.reduce((sum, [, w]) => sum + w, 0);
  const shape = () => {
    let roll = next() * weight;
    for (const [name, w, make] of shapes) if ((roll -= w) < 0) return { name, filters: make() };
    return { name: shapes[0][0], filters: shapes[0][2]() };
  };
  const requests = new Map();
  const add = (request) =>
    requests.set(`${request.cookie ?? ''}\n${request.path}\n${JSON.stringify(request.body)}`, request);
  const firsts = [];
  while (requests.size < DISTINCT) {
    const cookie = pick(sessions);
    const { name, filters: f } = shape();
    const body = { limit: pick(PAGE_SIZES), filters: f };
    add({ cookie, name, path: '/api/search-products', body });
    if (next() < 0.12) firsts.push({ cookie, body });
    // A jump to a far page asks its cursor first (spec 01 §4), then the page.
    if (next() < 0.03)
      add({
        cookie,
        name: 'page jump',
        path: '/api/search-products/cursor',
        body: { ...body, page: 2 + Math.floor(next() * 9) },
      });
  }
  // Next pages: 2 to 5 of an eighth of the searches, fetched as that user, 8 at a time.
  let cursorAt = 0;
  const follow = async () => {
    while (cursorAt < firsts.length) {
      const { cookie, body } = firsts[cursorAt++];
      let page = await search(base, cookie, body);
      const pages = 1 + Math.floor(next() * 4);
      for (let i = 0; i < pages && page.endCursor; i++) {
        const deeper = { ...body, cursor: page.endCursor };
        add({ cookie, name: 'next page', path: '/api/search-products', body: deeper });
        if (i + 1 < pages) page = await search(base, cookie, deeper);
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, follow));
  return [...requests.values()].map(({ cookie, name, path: url, body }) => ({
    name,
    who: whoOf.get(cookie),
    email: cookie ? USERS[sessions.indexOf(cookie) - 1] : null,
    sort: body.filters.sort,
    path: url,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    parsed: body,
    body: JSON.stringify(body),
  }));
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const send = (base, r) => fetch(`${base}${r.path}`, { method: 'POST', headers: r.headers, body: r.body });
/** The requests whose cost alone is measured (server and bare SQL): every ALONE-th of the mix. */
const ALONE = Number(process.env.BENCH_ALONE ?? 400);
const aloneSample = (workload) => workload.filter((_, i) => i % Math.max(1, Math.floor(workload.length / ALONE)) === 0);

/**
 * A sample of the mix once more, one at a time, after a pass that fills the count and correction caches
 * (as under load), timed end to end through HTTP: each request's cost without the queueing of 50
 * connections. With BENCH_PROFILE=1, grouped by shape and sort, slowest first.
 */
async function alone(base, sample) {
  for (const r of sample) await (await send(base, r)).arrayBuffer();
  const each = [];
  for (const r of sample) {
    const started = performance.now();
    await (await send(base, r)).arrayBuffer();
    each.push({ ms: performance.now() - started, r });
  }
  if (process.env.BENCH_PROFILE === '1') {
    console.log('slowest requests alone:');
    for (const { ms, r } of [...each].sort((a, b) => b.ms - a.ms).slice(0, 10))
      console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${r.who.padEnd(10)} ${r.body.slice(0, 110)}`);
    const groups = new Map();
    for (const { ms, r } of each) {
      const key = `${r.name}, ${r.sort}`;
      groups.set(key, [...(groups.get(key) ?? []), ms]);
    }
    const rows = [...groups].map(([key, times]) => [
      key,
      times.length,
      (times.reduce((a, b) => a + b, 0) / times.length).toFixed(1),
      Math.max(...times).toFixed(1),
    ]);
    rows.sort((a, b) => Number(b[2]) - Number(a[2]));
    printTable(['shape, sort', 'requests', 'mean ms', 'max ms'], rows, 'lrrr');
  }
  return each.map((e) => e.ms);
}

/** The bare SQL of the same sample, one at a time (catalog/repo/explain.ts runs it), in a child process. */
function bareSql(url, sample) {
  const file = path.join(os.tmpdir(), `bench-search-sample-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(sample.map(({ email, path: p, parsed }) => ({ email, path: p, body: parsed }))));
  const script = `
    const { readFileSync } = await import('node:fs');
    const { timeSearchSql } = await import(${JSON.stringify(path.join(serverDir, 'src/modules/catalog/repo/explain.ts'))});
    console.log(JSON.stringify(await timeSearchSql(${JSON.stringify(url)}, JSON.parse(readFileSync(${JSON.stringify(file)}, 'utf8')))));`;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: serverDir,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  rmSync(file, { force: true });
  if (result.status !== 0) throw new Error(`bare SQL failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1));
}

function load(base, workload) {
  const next = random(7);
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: DURATION_S,
        requests: [
          {
            method: 'POST',
            path: '/api/search-products',
            setupRequest: (request) => {
              const { path: url, headers, body } = workload[Math.floor(next() * workload.length)];
              return { ...request, path: url, headers, body };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    process.once('exit', () => instance.stop());
  });
}

/**
 * Distinct requests once each, `parallel` at a time, for at most BENCH_WARM_S (60) seconds: the cold reads
 * (all cache misses), timed. The caches keep 1,000 pages: a mix of thousands of requests stays mostly misses.
 */
async function warm(base, workload, parallel = 10) {
  const times = [];
  const started = performance.now();
  const until = started + Number(process.env.BENCH_WARM_S ?? 60) * 1000;
  let next = 0;
  const worker = async () => {
    while (next < workload.length && performance.now() < until) {
      const r = workload[next++];
      const at = performance.now();
      const response = await send(base, r);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`warm-up: ${response.status} for ${r.body}`);
      times.push(performance.now() - at);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return {
    count: times.length,
    p50: Math.round(quantile(times, 0.5)),
    p99: Math.round(quantile(times, 0.99)),
    seconds: ((performance.now() - started) / 1000).toFixed(1),
  };
}

/** EXPLAIN ANALYZE of the server's own term, filter and price-sort queries (search.ts builds them). */
function explain(url) {
  const script = `
    const { explainSearchPlans } = await import(${JSON.stringify(path.join(serverDir, 'src/modules/catalog/repo/explain.ts'))});
    console.log(JSON.stringify(await explainSearchPlans(${JSON.stringify(url)}, 'installer@demo.test')));`;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: serverDir,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`EXPLAIN failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1));
}

function printPlans(plans) {
  for (const plan of plans) {
    console.log(`\n--- EXPLAIN ANALYZE: ${plan.name} (${plan.ms} ms) ---`);
    console.log(plan.text);
    console.log(
      `index used: ${plan.indexes.length ? plan.indexes.join(', ') : 'NONE'}${plan.seqScans.length ? `; SEQUENTIAL SCAN of ${plan.seqScans.join(', ')}` : ''}`,
    );
  }
}

/**
 * The server's in-memory caches off: shared search pages and answers, sessions and pricing contexts. Counts
 * and term corrections stay shared (as in production: they are per filter set and per term, not per page).
 */
const NO_CACHES = { SEARCH_PAGE_CACHE_MS: '0', IDENTITY_CACHE_MS: '0' };

/** 30 s of load on a server, caches off or on; `workload` is built on the first server of the size. */
async function run(kind, count, env, { uncached, workload }) {
  const name = `${kind} ${uncached ? 'caches off' : 'cached'}`;
  console.log(`\n# ${name}, ${count} products (load average ${loadAverage()})`);
  const { child, base } = await startServer({ ...env, ...(uncached ? NO_CACHES : {}) });
  try {
    workload ??= await buildWorkload(base);
    let aloneMs = null;
    let sample = null;
    if (uncached) {
      sample = aloneSample(workload);
      aloneMs = await alone(base, sample);
    }
    // With caches, every distinct request once first (all misses), so the load measures hits as a warm server.
    const cold = uncached ? null : await warm(base, workload);
    if (cold)
      console.log(
        `warm-up: ${cold.count} distinct requests once each, 10 at a time, in ${cold.seconds} s: p50 ${cold.p50} ms, p99 ${cold.p99} ms (every one a miss)`,
      );
    const shapes = new Set(workload.map((r) => r.name));
    console.log(
      `${workload.length} distinct requests (${shapes.size} shapes, ${new Set(workload.map((r) => r.who)).size} roles); ${CONNECTIONS} connections for ${DURATION_S} s…`,
    );
    const loadBefore = loadAverage();
    const result = await load(base, workload);
    const loadAfter = loadAverage();
    const bad = result.non2xx + result.errors + result.timeouts;
    const row = {
      kind: name,
      uncached,
      count,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      total: result.requests.total,
      bad,
      cold,
      load: `${loadBefore.split(' ')[0]}→${loadAfter.split(' ')[0]}`,
    };
    console.log(
      `${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, max ${row.max} ms, ${row.total} requests, ${bad} failed (load average ${loadBefore} before, ${loadAfter} after)`,
    );
    return { row, workload, sample, aloneMs };
  } finally {
    await stopServer(child);
  }
}

/** One size on one database: caches off (the headline, with the bare-SQL ratio), then cached. */
async function measure(kind, count) {
  const env = kind === 'postgres' ? await preparePostgres(count) : preparePglite(count);
  const rows = [];
  const off = await run(kind, count, env, { uncached: true });
  rows.push(off.row);
  if (kind === 'postgres') {
    const sql = bareSql(env.DATABASE_URL, off.sample);
    const server = off.aloneMs;
    const pages = sql.map((t) => t.pageMs);
    const counts = sql.map((t) => t.countMs).filter((ms) => ms > 0);
    const ratios = server.map((ms, i) => ms / Math.max(pages[i], 0.05));
    off.row.alone = {
      n: server.length,
      serverP50: quantile(server, 0.5),
      serverP99: quantile(server, 0.99),
      sqlP50: quantile(pages, 0.5),
      sqlP99: quantile(pages, 0.99),
      countP50: quantile(counts, 0.5),
      countP99: quantile(counts, 0.99),
      ratio: server.reduce((a, b) => a + b, 0) / pages.reduce((a, b) => a + b, 0),
      ratioP50: quantile(ratios, 0.5),
    };
    const a = off.row.alone;
    console.log(
      `alone, one at a time (${a.n} requests of the mix): server p50 ${a.serverP50.toFixed(1)} ms, p99 ${a.serverP99.toFixed(1)} ms; ` +
        `bare SQL page p50 ${a.sqlP50.toFixed(1)} ms, p99 ${a.sqlP99.toFixed(1)} ms; first count of a filter set p50 ${a.countP50.toFixed(1)} ms, p99 ${a.countP99.toFixed(1)} ms; ` +
        `server ÷ SQL ${a.ratio.toFixed(2)} (total), ${a.ratioP50.toFixed(2)} (median per request) (load average ${loadAverage()})`,
    );
  }
  if (process.env.BENCH_CACHED !== '0')
    rows.push((await run(kind, count, env, { uncached: false, workload: off.workload })).row);
  if (kind === 'postgres' && count === BUDGET_SIZE && process.env.BENCH_EXPLAIN !== '0') {
    try {
      rows[0].plans = explain(env.DATABASE_URL);
      printPlans(rows[0].plans);
    } catch (error) {
      console.error(error.message);
      process.exitCode = 1;
    }
  }
  return rows;
}

ensureBuilt();
console.log(`machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), load average ${loadAverage()}`);
const rows = [];
try {
  for (const count of PG_SIZES) rows.push(...(await measure('postgres', count)));
  for (const count of PGLITE_SIZES) rows.push(...(await measure('pglite', count)));
} catch (error) {
  console.error(`search: could not measure: ${error.stack ?? error.message}`);
  process.exitCode = 1;
}

console.log();
printTable(
  [
    'database',
    'products',
    'req/s',
    'p50 ms',
    'p99 ms',
    'max ms',
    'requests',
    'failed',
    'SQL p50',
    'server÷SQL',
    'load avg',
  ],
  rows.map((r) => [
    r.kind,
    label(r.count),
    r.rps,
    r.p50,
    r.p99,
    r.max,
    r.total,
    r.bad,
    r.alone ? r.alone.sqlP50.toFixed(1) : '-',
    r.alone ? r.alone.ratio.toFixed(2) : '-',
    r.load,
  ]),
  'lrrrrrrrrrl',
);
for (const t of loadTimes)
  console.log(
    `loading ${label(t.count)} products: ${t.seconds} s in all, rows ${t.rows ?? '?'} s, indexes ${t.indexes ?? '?'} s (load average ${t.load})`,
  );
console.log();
for (const t of loadTimes) {
  report({ figure: `postgres ${label(t.count)}: seed (load and index)`, value: t.seconds, unit: 's' });
  if (t.indexes) report({ figure: `postgres ${label(t.count)}: index build`, value: Number(t.indexes), unit: 's' });
}
for (const r of rows) {
  const name = `${r.kind} ${label(r.count)}`;
  const budget = r.uncached && r.kind.startsWith('postgres') ? BUDGETS_P99_MS[r.count] : undefined;
  report({ figure: `${name}: p99`, value: r.p99, unit: 'ms', ...(budget ? { budget } : {}) });
  report({ figure: `${name}: p50`, value: r.p50, unit: 'ms' });
  report({ figure: `${name}: requests/s`, value: r.rps, unit: 'req/s' });
  if (r.alone) {
    report({ figure: `${name}: bare SQL page p50 (alone)`, value: Number(r.alone.sqlP50.toFixed(1)), unit: 'ms' });
    report({ figure: `${name}: server ÷ bare SQL (alone)`, value: Number(r.alone.ratio.toFixed(2)), unit: '×' });
  }
  if (r.cold) report({ figure: `${name}: cold p99 (warm-up, every request a miss)`, value: r.cold.p99, unit: 'ms' });
  if (r.bad) report({ figure: `${name}: failed requests`, value: r.bad, unit: 'requests', budget: 0 });
  // The issue asks an index for the term, the filter and the price sort; counts are shown, not judged.
  for (const plan of (r.plans ?? []).filter((p) => p.name.endsWith('(page)'))) {
    const indexed = plan.indexes.length > 0 && plan.seqScans.length === 0;
    report({
      figure: `${name}: ${plan.name} reads without an index`,
      value: indexed ? 0 : 1,
      unit: 'plans',
      budget: 0,
    });
  }
}
