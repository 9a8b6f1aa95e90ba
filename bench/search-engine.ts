// Issue 33 item 1: an embedded search library measured against today's PostgreSQL search, before choosing.
// The library is SQLite's FTS5 (better-sqlite3), in this process as it would be in each server instance.
// Run: node --import tsx bench/search-engine.ts (BENCH_ENGINE_SIZES, default 100000; 1000000 takes its
// catalog's seed, about 16 minutes, when bench_search_1m is missing).
//
// What is measured, per size:
// - loading: reading the catalog from PostgreSQL (each product's tsvector lexemes as PostgreSQL made them,
//   category, brand, prices and the sort orders) and building the FTS5 indexes, with the memory it holds;
// - every request of the search bench's mix (bench/search-mix.mjs, the same seed: the same requests) answered
//   by the library, timed one at a time: the bounded count and the page, by shape;
// - equality: a sample of the mix asked of the built server with its caches off (today's answers), and the
//   library's page ids, count and exactness compared with them.
//
// The index is the server's own (apps/server/src/modules/catalog/engine/search-index.ts says how it answers
// the database's rules exactly); today's answers come from a server reading the database alone
// (SEARCH_INDEX=postgres).
import os from 'node:os';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { openDatabase, type Db } from '../apps/server/src/db/client.ts';
import { userIdByEmail } from '../apps/server/src/modules/users/index.ts';
import { readActor } from '../apps/server/src/modules/acting/index.ts';
import { pricingOf, type Prices } from '../apps/server/src/modules/catalog/repo/pricing.ts';
import { decodeCursor } from '../apps/server/src/modules/catalog/cursors.ts';
import { readCatalog } from '../apps/server/src/modules/catalog/repo/search-index.ts';
import {
  buildSearchIndex,
  NotIndexable,
  type SearchIndex,
  type TermQueries,
} from '../apps/server/src/modules/catalog/engine/search-index.ts';
import { termQueriesOf } from '../apps/server/src/modules/catalog/engine/index.ts';
import { printTable, report, root } from './lib.mjs';
import {
  buildWorkload,
  ensureBuilt,
  label,
  loadAverage,
  preparePostgres,
  quantile,
  startServer,
  stopServer,
} from './search-mix.mjs';

/**
 * better-sqlite3 (in the tree under the VIN decoder, whose install script the project does not run: the
 * decoder reads its database through sql.js, which has no FTS5). Built here on first use, a minute or two.
 */
function sqlite(): typeof BetterSqlite3 {
  const require = createRequire(path.join(root, 'package.json'));
  const dir = path.dirname(require.resolve('better-sqlite3/package.json'));
  if (!existsSync(path.join(dir, 'build/Release/better_sqlite3.node'))) {
    console.log('building better-sqlite3 (its native part) for this bench…');
    const built = spawnSync('npx', ['--yes', 'node-gyp', 'rebuild', '--release'], { cwd: dir, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('better-sqlite3 did not build');
  }
  return require('better-sqlite3') as typeof BetterSqlite3;
}
const Database = sqlite();

const SIZES = (process.env.BENCH_ENGINE_SIZES ?? '100000').split(',').map(Number);
/** How many requests of the mix are checked against the server's answers. */
const CHECK = Number(process.env.BENCH_ENGINE_CHECK ?? 1500);
const BOUND = 10_000;

type Filters = { sort: string; search?: string; categories: string[]; brands: string[] };
type Request = {
  name: string;
  who: string;
  email: string | null;
  path: string;
  headers: Record<string, string>;
  parsed: { limit: number; cursor?: string; page?: number; filters: Filters };
  body: string;
};
type Answer = { ids: string[]; count: number | null; exact: boolean | null };

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** The server's own index (catalog/engine) of this database's catalog, with what loading it took. */
async function loadEngine(db: Db) {
  const rssBefore = process.memoryUsage().rss;
  let started = performance.now();
  const snapshot = await readCatalog(db);
  const readMs = performance.now() - started;
  started = performance.now();
  const index = await buildSearchIndex(Database, snapshot, 50_000);
  if (!index) throw new Error('the catalog has lexemes the index can not keep');
  const indexMs = performance.now() - started;
  const loading = {
    products: index.products,
    readMs,
    indexMs,
    dbMb: mb(index.bytes()),
    rssMb: mb(process.memoryUsage().rss - rssBefore),
  };
  return { index, loading };
}

/** One request answered by the index as the server reads it (search.ts), or NotIndexable. */
function answer(
  index: SearchIndex,
  prices: Prices,
  terms: Map<string, TermQueries>,
  request: Request['parsed'],
  withCount = true,
): Answer {
  const text = request.filters.search?.trim();
  const search = index.search(prices, request.filters, text ? terms.get(text)! : null);
  if (request.page) {
    const row = search.startRow(request.limit, request.page);
    return { ids: row ? [row.id] : [], count: null, exact: null };
  }
  const ids = search.page(request.limit, request.cursor).map((mark) => mark.id);
  if (!withCount) return { ids, count: null, exact: null };
  const count = search.count(BOUND);
  return { ids, count: Math.min(count, BOUND), exact: count <= BOUND };
}

/** Today's answer of the server (caches off) for a request: the page's ids, or a jump's cursor id. */
async function serverAnswer(base: string, r: Request): Promise<Answer> {
  const response = await fetch(`${base}${r.path}`, { method: 'POST', headers: r.headers, body: r.body });
  if (!response.ok) throw new Error(`${r.body}: ${response.status}`);
  const body = (await response.json()) as {
    results?: { id: string }[];
    totalCount?: number;
    totalCountIsExact?: boolean;
    endCursor: string | null;
  };
  if (r.parsed.page) return { ids: body.endCursor ? [decodeCursor(body.endCursor).id] : [], count: null, exact: null };
  return { ids: body.results!.map((p) => p.id), count: body.totalCount!, exact: body.totalCountIsExact! };
}

async function measure(count: number) {
  const env = (await preparePostgres(count)) as { DATABASE_URL: string };
  const url = env.DATABASE_URL;
  console.log(`\n# ${label(count)} products (load average ${loadAverage()})`);
  const { child, base } = await startServer({
    ...env,
    SEARCH_INDEX: 'postgres',
    SEARCH_PAGE_CACHE_MS: '0',
    IDENTITY_CACHE_MS: '0',
  });
  let workload: Request[];
  const expected = new Map<Request, Answer>();
  try {
    workload = (await buildWorkload(base)) as Request[];
    const step = Math.max(1, Math.floor(workload.length / CHECK));
    for (let i = 0; i < workload.length; i += step) expected.set(workload[i]!, await serverAnswer(base, workload[i]!));
  } finally {
    await stopServer(child);
  }
  console.log(`${workload.length} distinct requests; ${expected.size} asked of the server (caches off) for equality`);

  const database = await openDatabase({ kind: 'postgres', url });
  const { index, loading: l } = await loadEngine(database.db);
  console.log(
    `loaded ${l.products} products: read from PostgreSQL ${(l.readMs / 1000).toFixed(1)} s, ` +
      `FTS5 indexes built ${(l.indexMs / 1000).toFixed(1)} s; SQLite ${l.dbMb} MB, process +${l.rssMb} MB (load average ${loadAverage()})`,
  );

  // The shared per-term and per-user parts (the server caches both), prepared before the timing.
  const terms = new Map<string, TermQueries>();
  const termStarted = performance.now();
  for (const r of workload) {
    const text = r.parsed.filters.search?.trim();
    if (text && !terms.has(text)) terms.set(text, await termQueriesOf(database.db, text));
  }
  const termMs = (performance.now() - termStarted) / Math.max(1, terms.size);
  const prices = new Map<string | null, Prices>([[null, pricingOf(null)]]);
  for (const email of new Set(workload.map((r) => r.email)))
    if (email)
      prices.set(email, pricingOf(await readActor(database.db, (await userIdByEmail(database.db, email))!, 'bench')));
  await database.close();

  // Every request of the mix, one at a time: the count (as its first ask) and the page.
  const timed: { r: Request; countMs: number; pageMs: number; answer: Answer | null }[] = [];
  const unsupported = new Map<string, number>();
  for (let pass = 0; pass < 2; pass++)
    for (const r of workload) {
      try {
        const who = prices.get(r.email)!;
        let started = performance.now();
        const withCount = answer(index, who, terms, r.parsed);
        const totalMs = performance.now() - started;
        started = performance.now();
        answer(index, who, terms, r.parsed, false);
        const pageMs = performance.now() - started;
        if (pass === 1) timed.push({ r, countMs: Math.max(0, totalMs - pageMs), pageMs, answer: withCount });
      } catch (error) {
        if (!(error instanceof NotIndexable)) throw error;
        if (pass === 1) unsupported.set(error.message, (unsupported.get(error.message) ?? 0) + 1);
      }
    }

  let equal = 0;
  const differ: string[] = [];
  let checked = 0;
  for (const { r, answer: got } of timed) {
    const want = expected.get(r);
    if (!want || !got) continue;
    checked++;
    if (JSON.stringify(got) === JSON.stringify(want)) equal++;
    else if (differ.length < 8)
      differ.push(
        `  ${r.who} ${r.body.slice(0, 140)}\n    server ${JSON.stringify(want).slice(0, 200)}\n    engine ${JSON.stringify(got).slice(0, 200)}`,
      );
  }
  const groups = new Map<string, typeof timed>();
  for (const t of timed) groups.set(t.r.name, [...(groups.get(t.r.name) ?? []), t]);
  const pageTotal = timed.reduce((sum, t) => sum + t.pageMs, 0);
  const row = (name: string, items: typeof timed) => {
    const total = items.map((t) => t.countMs + t.pageMs);
    return [
      name,
      items.length,
      quantile(
        items.map((t) => t.pageMs),
        0.5,
      ).toFixed(2),
      quantile(
        items.map((t) => t.pageMs),
        0.99,
      ).toFixed(2),
      quantile(total, 0.5).toFixed(2),
      quantile(total, 0.99).toFixed(2),
      Math.max(...total).toFixed(1),
      // The shape's part of all the page time: where a server under the mix spends its index time.
      `${((100 * items.reduce((sum, t) => sum + t.pageMs, 0)) / pageTotal).toFixed(0)} %`,
    ];
  };
  printTable(
    ['shape', 'requests', 'page p50 ms', 'page p99 ms', 'count+page p50', 'count+page p99', 'max ms', 'page time'],
    [...[...groups].map(([name, items]) => row(name, items)), row('all', timed)],
    'lrrrrrrr',
  );
  const all = timed.map((t) => t.countMs + t.pageMs);
  const pages = timed.map((t) => t.pageMs);
  const meanPage = pages.reduce((a, b) => a + b, 0) / pages.length;
  console.log(
    `equal to the server: ${equal} of ${checked} checked` +
      (unsupported.size
        ? `; not expressible in FTS5 (answered by PostgreSQL): ${[...unsupported.values()].reduce((a, b) => a + b, 0)} requests, e.g. ${[...unsupported.keys()].slice(0, 12).join(', ')}`
        : '') +
      `\nper new term (spelling and tsquery, shared by the server): ${termMs.toFixed(1)} ms; mean page ${meanPage.toFixed(2)} ms of one core ` +
      `(${Math.round(1000 / meanPage)} pages/s a core) (load average ${loadAverage()}, ${os.cpus()[0]?.model ?? ''})`,
  );
  if (differ.length) console.log(`first differences:\n${differ.join('\n')}`);
  const name = `engine ${label(count)}`;
  report({ figure: `${name}: page p99 (alone)`, value: Number(quantile(pages, 0.99).toFixed(2)), unit: 'ms' });
  report({ figure: `${name}: count+page p99 (alone)`, value: Number(quantile(all, 0.99).toFixed(2)), unit: 'ms' });
  report({ figure: `${name}: index build`, value: Number((l.indexMs / 1000).toFixed(1)), unit: 's' });
  report({ figure: `${name}: memory`, value: l.rssMb, unit: 'MB' });
  report({ figure: `${name}: answers equal to the server`, value: checked - equal, unit: 'differences', budget: 0 });
}

ensureBuilt();
for (const count of SIZES) await measure(count);
