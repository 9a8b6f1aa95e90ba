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
// How the library answers the server's rules exactly (catalog/repo/search-queries.ts, filters.ts):
// - matching is PostgreSQL's own: the documents are the lexemes of `products.search`, and the query is the
//   tsquery the server builds (spelling-corrected words, PostgreSQL's parse of a term with punctuation),
//   turned into an FTS5 expression (& AND, | OR, :* prefix). The punctuation parse is left out when the corrected query
//   already holds every match of it (a syntactic check); otherwise a phrase in it is counted as a request FTS5
//   can not express without positions (detail=column keeps none);
// - the SKU fragment (`sku ilike '%term%'`) is FTS5's trigram tokenizer (LIKE through its index);
// - a sort order is the rowid: one FTS5 index per order (the name, and per channel the discounted and the
//   list price), rowid = the product's rank in it, so `order by rowid limit n` walks the order and stops
//   after n matches, as PostgreSQL's walks do; a dealer's price is two walks merged (priceWalks);
// - filters are columns of the same document (category, brand, channel), so a filter is part of the walk.
import os from 'node:os';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { wantedBrandSlugs, type PricingContext } from '@portal/contracts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { userIdByEmail } from '../apps/server/src/modules/users/index.ts';
import { readActor } from '../apps/server/src/modules/acting/index.ts';
import { priceWalks, pricingOf, type Prices } from '../apps/server/src/modules/catalog/repo/pricing.ts';
import { correctedQuery } from '../apps/server/src/modules/catalog/repo/spelling.ts';
import { decodeCursor } from '../apps/server/src/modules/catalog/cursors.ts';
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

/** A tsquery as PostgreSQL prints it, parsed: lexemes (with :*), !, <N>, & and |. */
type Tsq =
  | { op: 'lex'; lexeme: string; prefix: boolean }
  | { op: '!'; arg: Tsq }
  | { op: '&' | '|'; args: Tsq[] }
  | { op: '<>'; distance: number; args: [Tsq, Tsq] };

function parseTsquery(text: string): Tsq | null {
  let at = 0;
  const skip = () => {
    while (text[at] === ' ') at++;
  };
  const operand = (): Tsq => {
    skip();
    if (text[at] === '!') {
      at++;
      return { op: '!', arg: operand() };
    }
    if (text[at] === '(') {
      at++;
      const inner = or();
      skip();
      if (text[at++] !== ')') throw new Error(`tsquery: ) expected in ${text}`);
      return inner;
    }
    if (text[at] !== "'") throw new Error(`tsquery: lexeme expected at ${at} in ${text}`);
    let lexeme = '';
    for (at++; ; at++) {
      if (text[at] === "'" && text[at + 1] === "'") {
        lexeme += "'";
        at++;
      } else if (text[at] === '\\') lexeme += text[++at];
      else if (text[at] === "'") break;
      else lexeme += text[at];
    }
    at++;
    let prefix = false;
    if (text[at] === ':') {
      at++;
      while (/[*A-D]/.test(text[at] ?? '')) if (text[at++] === '*') prefix = true;
    }
    return { op: 'lex', lexeme, prefix };
  };
  const phrase = (): Tsq => {
    let left = operand();
    for (skip(); text[at] === '<'; skip()) {
      const close = text.indexOf('>', at);
      const inside = text.slice(at + 1, close);
      at = close + 1;
      left = { op: '<>', distance: inside === '-' ? 1 : Number(inside), args: [left, operand()] };
    }
    return left;
  };
  const and = (): Tsq => {
    const args = [phrase()];
    for (skip(); text[at] === '&'; skip()) {
      at++;
      args.push(phrase());
    }
    return args.length === 1 ? args[0]! : { op: '&', args };
  };
  const or = (): Tsq => {
    const args = [and()];
    for (skip(); text[at] === '|'; skip()) {
      at++;
      args.push(and());
    }
    return args.length === 1 ? args[0]! : { op: '|', args };
  };
  if (!text.trim()) return null;
  return or();
}

/** The lexemes a query needs all of, when it is only ANDs and phrases of lexemes; else null. */
const conjunctionOf = (q: Tsq): { lexeme: string; prefix: boolean }[] | null => {
  if (q.op === 'lex') return [q];
  if (q.op === '&' || q.op === '<>') {
    const parts = q.args.map(conjunctionOf);
    return parts.some((p) => p === null) ? null : (parts.flat() as { lexeme: string; prefix: boolean }[]);
  }
  return null;
};

/**
 * Whether every document matching `query` (its phrases read as ANDs of their lexemes) matches `corrected`,
 * a conjunction of disjunctions of lexemes (the spelling-corrected query): then `query` adds no match.
 */
function impliedBy(query: Tsq, corrected: Tsq | null) {
  const lexemes = conjunctionOf(query);
  if (!corrected || !lexemes) return false;
  const conjuncts = corrected.op === '&' ? corrected.args : [corrected];
  return conjuncts.every((conjunct) => {
    const options = conjunct.op === '|' ? conjunct.args : [conjunct];
    return options.some(
      (o) => o.op === 'lex' && lexemes.some((l) => (o.prefix ? l.lexeme.startsWith(o.lexeme) : l.lexeme === o.lexeme)),
    );
  });
}

const quote = (token: string) => `"${token.replaceAll('"', '""')}"`;

/** A tsquery as an FTS5 expression over the lexeme column; null when FTS5 can not say it without positions. */
function ftsOf(q: Tsq): string | null {
  switch (q.op) {
    case 'lex':
      return q.prefix ? `${quote(q.lexeme)} *` : quote(q.lexeme);
    case '!':
      return null;
    case '<>':
      return null;
    default: {
      const parts = q.args.map(ftsOf);
      return parts.some((p) => p === null) ? null : `(${parts.join(q.op === '&' ? ' AND ' : ' OR ')})`;
    }
  }
}

/** One sort order: the rank of every product in it (rowid = rank + 1) and its sorted keys. */
type Order = {
  table: string;
  rankToIdx: Int32Array;
  idxToRank: Int32Array;
  keyAt: (rank: number) => number | string;
  /** The key of product idx in this order (its price or lower-case name). */
  keyOf: (idx: number) => number | string;
};

/** The catalog in FTS5, in this process: what an instance would hold. */
async function loadEngine(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const rssBefore = process.memoryUsage().rss;
  let started = performance.now();
  const { rows: productRows } = await client.query<{
    id: string;
    sku: string;
    lex: string;
    c: string;
    b: string;
    lname: string;
    nr: string;
  }>(
    `select id::text, sku, search::text as lex, category_id::text as c, brand_id::text as b, lower(name) as lname,
       row_number() over (order by lower(name), id) - 1 as nr
     from products order by id`,
  );
  const { rows: priceRows } = await client.query<{
    id: string;
    ch: string;
    d: number;
    l: number;
    dr: string;
    lr: string;
  }>(
    `select product_id::text as id, channel_slug as ch, discounted_cents as d, list_cents as l,
       row_number() over (partition by channel_slug order by discounted_cents, product_id) - 1 as dr,
       row_number() over (partition by channel_slug order by list_cents, product_id) - 1 as lr
     from product_prices`,
  );
  const refs = await client.query<{ kind: string; slug: string; id: string }>(
    `select 'c' as kind, slug, id::text from categories union all select 'b', slug, id::text from brands`,
  );
  await client.end();
  const readMs = performance.now() - started;

  const n = productRows.length;
  const idxOf = new Map(productRows.map((row, i) => [row.id, i]));
  const ids = productRows.map((row) => row.id);
  const skus = productRows.map((row) => row.sku);
  const categoryNo = new Map<string, number>();
  const brandNo = new Map<string, number>();
  for (const row of refs.rows) (row.kind === 'c' ? categoryNo : brandNo).set(row.id, categoryNo.size + brandNo.size);
  const categoryBySlug = new Map(refs.rows.filter((r) => r.kind === 'c').map((r) => [r.slug, categoryNo.get(r.id)!]));
  const brandBySlug = new Map(refs.rows.filter((r) => r.kind === 'b').map((r) => [r.slug, brandNo.get(r.id)!]));
  const categoryOf = Int32Array.from(productRows, (row) => categoryNo.get(row.c)!);
  const brandOf = Int32Array.from(productRows, (row) => brandNo.get(row.b)!);
  // The lexemes of each product's tsvector, as PostgreSQL made them (quotes doubled, backslashes escaped).
  const punctuation = new Set<string>();
  const lexemes = productRows.map((row) => {
    const words = [...row.lex.matchAll(/'((?:[^'\\]|''|\\.)*)'/g)].map((m) =>
      m[1]!.replaceAll("''", "'").replace(/\\(.)/g, '$1'),
    );
    for (const word of words) for (const ch of word) if (!/[\p{L}\p{N}]/u.test(ch)) punctuation.add(ch);
    return words.join(' ');
  });
  if (punctuation.has("'") || punctuation.has('"') || punctuation.has(' '))
    throw new Error(`lexemes hold quotes or spaces: ${[...punctuation].join('')}`);

  const orders = new Map<string, Order>();
  const orderOf = (table: string, rankOfIdx: Int32Array, keyOf: (idx: number) => number | string): Order => {
    const rankToIdx = new Int32Array(rankOfIdx.length).fill(-1);
    rankOfIdx.forEach((rank, idx) => {
      if (rank >= 0) rankToIdx[rank] = idx;
    });
    return { table, rankToIdx, idxToRank: rankOfIdx, keyOf, keyAt: (rank) => keyOf(rankToIdx[rank]!) };
  };
  const names = productRows.map((row) => row.lname);
  orders.set(
    'name',
    orderOf(
      'f_name',
      Int32Array.from(productRows, (row) => Number(row.nr)),
      (idx) => names[idx]!,
    ),
  );
  const channels = [...new Set(priceRows.map((row) => row.ch))];
  const channelNo = new Map(channels.map((ch, i) => [ch, i]));
  const pricedIn = Array.from(channels, () => new Uint8Array(n));
  for (const ch of channels) {
    const d = new Float64Array(n).fill(NaN);
    const l = new Float64Array(n).fill(NaN);
    const dr = new Int32Array(n).fill(-1);
    const lr = new Int32Array(n).fill(-1);
    for (const row of priceRows)
      if (row.ch === ch) {
        const idx = idxOf.get(row.id)!;
        d[idx] = row.d;
        l[idx] = row.l;
        dr[idx] = Number(row.dr);
        lr[idx] = Number(row.lr);
        pricedIn[channelNo.get(ch)!]![idx] = 1;
      }
    const t = channelNo.get(ch)!;
    orders.set(
      `d:${ch}`,
      orderOf(`f_d${t}`, dr, (idx) => d[idx]!),
    );
    orders.set(
      `l:${ch}`,
      orderOf(`f_l${t}`, lr, (idx) => l[idx]!),
    );
  }
  const prepareMs = performance.now() - started - readMs;

  started = performance.now();
  const db = new Database(':memory:');
  db.pragma('journal_mode = off');
  db.pragma('synchronous = off');
  const tokenize = `unicode61 remove_diacritics 0 tokenchars '${[...punctuation].join('')}'`;
  const insertAll = db.transaction(() => {
    for (const [key, order] of orders) {
      db.exec(
        `create virtual table ${order.table} using fts5(lex, c, b, h, content='', detail=column, prefix='2 3 4', tokenize="${tokenize}")`,
      );
      const insert = db.prepare(`insert into ${order.table}(rowid, lex, c, b, h) values (?, ?, ?, ?, ?)`);
      for (let rank = 0; rank < order.rankToIdx.length; rank++) {
        const idx = order.rankToIdx[rank]!;
        if (idx < 0) continue;
        // The name order serves every channel: a product is listed where it has a price.
        const h = key === 'name' ? channels.flatMap((ch, t) => (pricedIn[t]![idx] ? [`h${t}`] : [])).join(' ') : '';
        insert.run(rank + 1, lexemes[idx], `c${categoryOf[idx]}`, `b${brandOf[idx]}`, h);
      }
    }
    db.exec(`create virtual table skus using fts5(sku, tokenize='trigram')`);
    const insert = db.prepare('insert into skus(rowid, sku) values (?, ?)');
    for (let idx = 0; idx < n; idx++) insert.run(idx + 1, skus[idx]);
  });
  insertAll();
  for (const order of orders.values()) db.exec(`insert into ${order.table}(${order.table}) values ('optimize')`);
  db.exec(`insert into skus(skus) values ('optimize')`);
  const indexMs = performance.now() - started;
  const dbBytes = Number(db.pragma('page_count', { simple: true })) * Number(db.pragma('page_size', { simple: true }));
  const rssAfter = process.memoryUsage().rss;
  const loading = {
    products: n,
    readMs,
    prepareMs,
    indexMs,
    tables: orders.size + 1,
    dbMb: mb(dbBytes),
    rssMb: mb(rssAfter - rssBefore),
  };

  const statements = new Map<string, BetterSqlite3.Statement>();
  const statement = (text: string) => {
    let s = statements.get(text);
    if (!s) statements.set(text, (s = db.prepare(text)));
    return s;
  };
  return {
    loading,
    ids,
    idxOf,
    orders,
    channelNo,
    pricedIn,
    categoryOf,
    brandOf,
    categoryBySlug,
    brandBySlug,
    allBrands: [...brandBySlug.values()],
    brandNoBySlug: brandBySlug,
    brandSlugs: new Map([...brandBySlug].map(([slug, no]) => [no, slug])),
    statement,
    n,
  };
}
type Engine = Awaited<ReturnType<typeof loadEngine>>;

/** A term's shared preparation, as the server caches it per term: the corrected and the punctuation tsquery. */
type Term = { corrected: Tsq | null; punctuation: Tsq | null; like: string | null };

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

async function prepareTerm(db: Parameters<typeof correctedQuery>[0], client: pg.Client, term: string): Promise<Term> {
  const query = await correctedQuery(db, term);
  const punctuation = /[^\p{L}\p{N}\s]/u.test(term);
  const { rows } = await client.query<{ c: string | null; w: string | null }>(
    `select case when $1::text is null then null else to_tsquery('english', $1)::text end as c,
            case when $3 then websearch_to_tsquery('english', $2)::text end as w`,
    [query, term, punctuation],
  );
  return {
    corrected: rows[0]!.c === null ? null : parseTsquery(rows[0]!.c),
    punctuation: rows[0]!.w === null ? null : parseTsquery(rows[0]!.w),
    like: term.length >= 3 && !/\s/.test(term) ? `%${escapeLike(term)}%` : null,
  };
}

class Unsupported extends Error {}

/**
 * One request answered by the library: the page's product ids in order and the bounded count (`count: false`
 * skips it, as a cached count would), following search-queries.ts rule for rule.
 */
function answer(
  engine: Engine,
  prices: Prices,
  terms: Map<string, Term>,
  request: Request['parsed'],
  withCount = true,
): Answer {
  const { filters, limit } = request;
  const pricing: PricingContext = prices.pricing;
  const channel = engine.channelNo.get(prices.channelSlug)!;
  // Filters (filterOf): unknown slugs match nothing; "approved brands" for someone with none neither.
  const parts: string[] = [];
  let none = false;
  const categories = filters.categories.length
    ? filters.categories.flatMap((slug) => engine.categoryBySlug.get(slug) ?? [])
    : null;
  if (categories && !categories.length) none = true;
  if (categories?.length) parts.push(`c : (${categories.map((c) => `c${c}`).join(' OR ')})`);
  const brandSlugs = wantedBrandSlugs(filters.brands, pricing.approvedBrandSlugs) ?? [];
  const brands = filters.brands.length ? brandSlugs.flatMap((slug) => engine.brandBySlug.get(slug) ?? []) : null;
  if (brands && !brands.length) none = true;
  if (brands?.length) parts.push(`b : (${brands.map((b) => `b${b}`).join(' OR ')})`);
  const wanted = (idx: number) =>
    (!categories || categories.includes(engine.categoryOf[idx]!)) && (!brands || brands.includes(engine.brandOf[idx]!));

  const text = filters.search?.trim();
  let lexExpr: string | null = null;
  let like: string | null = null;
  if (text) {
    const term = terms.get(text)!;
    const options: string[] = [];
    if (term.corrected) {
      const e = ftsOf(term.corrected);
      if (e === null) throw new Unsupported('corrected query');
      options.push(e);
    }
    // PostgreSQL's own parse of a term with punctuation: when the corrected query holds all its matches it
    // adds none; else FTS5 must say it (a phrase it can not without positions).
    if (term.punctuation && !impliedBy(term.punctuation, term.corrected)) {
      const e = ftsOf(term.punctuation);
      if (e === null) throw new Unsupported(`phrase ${JSON.stringify(text)}`);
      options.push(e);
    }
    lexExpr = options.length ? `lex : (${options.join(' OR ')})` : null;
    like = term.like;
    if (!lexExpr && !like) none = true;
  }

  const byPrice = filters.sort.startsWith('price');
  const descending = filters.sort.endsWith('desc');
  const cursor = request.cursor ? decodeCursor(request.cursor) : undefined;
  const allBrandNos = brands ?? engine.allBrands;
  const approved = pricing.approvedBrandSlugs.flatMap((slug) => engine.brandBySlug.get(slug) ?? []);
  // The orders walked and the brands each serves (search-queries.ts termPriceSides and walks).
  const sides: { order: Order; brands: number[] | null }[] = [];
  if (!byPrice) sides.push({ order: engine.orders.get('name')!, brands: null });
  else {
    const split = priceWalks(pricing, allBrandNos.map(String), approved.map(String));
    const both = split.discounted.length > 0 && split.list.length > 0;
    if (split.discounted.length)
      sides.push({
        order: engine.orders.get(`d:${prices.channelSlug}`)!,
        brands: both ? split.discounted.map(Number) : null,
      });
    if (split.list.length)
      sides.push({
        order: engine.orders.get(`l:${prices.channelSlug}`)!,
        brands: both ? split.list.map(Number) : null,
      });
  }
  const compare = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);
  /** The rowid bound of `cursor` in an order: rows after it have rowid > bound (asc) or < bound (desc). */
  const boundOf = (order: Order) => {
    if (!cursor) return descending ? Number.MAX_SAFE_INTEGER : 0;
    let lo = 0;
    let hi = order.rankToIdx.length;
    // First rank whose (key, id) is greater than (or, descending, not less than) the cursor.
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const c = compare(order.keyAt(mid), cursor.v) || compare(engine.ids[order.rankToIdx[mid]!]!, cursor.id);
      if (descending ? c < 0 : c <= 0) lo = mid + 1;
      else hi = mid;
    }
    return descending ? lo + 1 : lo;
  };
  const take = request.page ? (request.page - 1) * limit : limit;
  const walkSide = ({ order, brands: sideBrands }: (typeof sides)[number]) => {
    if (none) return [];
    const where = [...parts];
    if (lexExpr) where.unshift(lexExpr);
    if (sideBrands) where.push(`b : (${sideBrands.map((b) => `b${b}`).join(' OR ')})`);
    if (order.table === 'f_name') where.push(`h : h${channel}`);
    const bound = boundOf(order);
    const dir = descending ? 'desc' : 'asc';
    const cmp = descending ? '<' : '>';
    let ranks: number[];
    if (text && !lexExpr) ranks = [];
    else if (where.length)
      ranks = (
        statement(
          `select rowid from ${order.table} where ${order.table} match ? and rowid ${cmp} ? order by rowid ${dir} limit ?`,
        )
          .raw()
          .all(where.join(' AND '), bound, take) as [number][]
      ).map(([rowid]) => rowid - 1);
    else {
      // Nothing to match: the order itself, from the cursor.
      ranks = [];
      const step = descending ? -1 : 1;
      for (
        let rank = descending ? Math.min(bound - 2, order.rankToIdx.length - 1) : bound;
        rank >= 0 && rank < order.rankToIdx.length;
        rank += step
      ) {
        const idx = order.rankToIdx[rank]!;
        if (idx >= 0 && (order.table !== 'f_name' || engine.pricedIn[channel]![idx])) ranks.push(rank);
        if (ranks.length === take) break;
      }
    }
    if (like) {
      // The SKU fragment's matches, kept by the same filters, in this order after the cursor.
      const liked = likeMatches(like)
        .filter((idx) => wanted(idx) && (!sideBrands || sideBrands.includes(engine.brandOf[idx]!)))
        .filter((idx) => order.table !== 'f_name' || engine.pricedIn[channel]![idx])
        .map((idx) => order.idxToRank[idx]!)
        .filter((rank) => rank >= 0 && (descending ? rank + 1 < bound : rank + 1 > bound));
      ranks = [...new Set([...ranks, ...liked])].sort((a, b) => (descending ? b - a : a - b)).slice(0, take);
    }
    return ranks.map((rank) => {
      const idx = order.rankToIdx[rank]!;
      return { idx, key: order.keyOf(idx) };
    });
  };
  // FTS5's trigram index serves LIKE, but not LIKE … ESCAPE: the clause only when the fragment needs it.
  let liked: number[] | undefined;
  const likeMatches = (pattern: string) =>
    (liked ??= (
      statement(
        /\\[\\%_]/.test(pattern)
          ? `select rowid from skus where sku like ? escape '\\'`
          : `select rowid from skus where sku like ?`,
      )
        .raw()
        .all(pattern) as [number][]
    ).map(([rowid]) => rowid - 1));
  const statement = engine.statement;
  const sign = descending ? -1 : 1;
  const merged = sides
    .flatMap(walkSide)
    .sort((a, b) => sign * (compare(a.key, b.key) || compare(engine.ids[a.idx]!, engine.ids[b.idx]!)))
    .slice(0, take);
  if (request.page) {
    // A page jump answers the cursor of the row before the page.
    const row = merged[take - 1];
    return { ids: row ? [engine.ids[row.idx]!] : [], count: null, exact: null };
  }
  const ids = merged.map((row) => engine.ids[row.idx]!);
  return withCount ? { ids, ...countOf() } : { ids, count: null, exact: null };

  function countOf() {
    // The count has no channel (search-queries.ts `matching`): the name index without `h`.
    if (none) return { count: 0, exact: true };
    const where = [...parts];
    if (lexExpr) where.unshift(lexExpr);
    let matched: Set<number>;
    if (text && !lexExpr) matched = new Set();
    else if (!where.length) return { count: Math.min(engine.n, BOUND), exact: engine.n <= BOUND };
    else
      matched = new Set(
        (
          statement(`select rowid from f_name where f_name match ? limit ?`)
            .raw()
            .all(where.join(' AND '), BOUND + 1) as [number][]
        ).map(([rowid]) => rowid),
      );
    if (like) {
      const name = engine.orders.get('name')!;
      for (const idx of likeMatches(like))
        if (wanted(idx) && matched.size <= BOUND) matched.add(name.idxToRank[idx]! + 1);
    }
    return { count: Math.min(matched.size, BOUND), exact: matched.size <= BOUND };
  }
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
  const { child, base } = await startServer({ ...env, SEARCH_PAGE_CACHE_MS: '0', IDENTITY_CACHE_MS: '0' });
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

  const engine = await loadEngine(url);
  const l = engine.loading;
  console.log(
    `loaded ${l.products} products: read from PostgreSQL ${(l.readMs / 1000).toFixed(1)} s, prepared ${(l.prepareMs / 1000).toFixed(1)} s, ` +
      `${l.tables} FTS5 indexes built ${(l.indexMs / 1000).toFixed(1)} s; SQLite ${l.dbMb} MB, process +${l.rssMb} MB (load average ${loadAverage()})`,
  );

  // The shared per-term and per-user parts (the server caches both), prepared before the timing.
  const database = await openDatabase({ kind: 'postgres', url });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const terms = new Map<string, Term>();
  const termStarted = performance.now();
  for (const r of workload) {
    const text = r.parsed.filters.search?.trim();
    if (text && !terms.has(text)) terms.set(text, await prepareTerm(database.db, client, text));
  }
  const termMs = (performance.now() - termStarted) / Math.max(1, terms.size);
  const prices = new Map<string | null, Prices>([[null, pricingOf(null)]]);
  for (const email of new Set(workload.map((r) => r.email)))
    if (email)
      prices.set(email, pricingOf(await readActor(database.db, (await userIdByEmail(database.db, email))!, 'bench')));
  await client.end();
  await database.close();

  // Every request of the mix, one at a time: the count (as its first ask) and the page.
  const timed: { r: Request; countMs: number; pageMs: number; answer: Answer | null }[] = [];
  const unsupported = new Map<string, number>();
  for (let pass = 0; pass < 2; pass++)
    for (const r of workload) {
      try {
        const who = prices.get(r.email)!;
        let started = performance.now();
        const withCount = answer(engine, who, terms, r.parsed);
        const totalMs = performance.now() - started;
        started = performance.now();
        answer(engine, who, terms, r.parsed, false);
        const pageMs = performance.now() - started;
        if (pass === 1) timed.push({ r, countMs: Math.max(0, totalMs - pageMs), pageMs, answer: withCount });
      } catch (error) {
        if (!(error instanceof Unsupported)) throw error;
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
    ];
  };
  printTable(
    ['shape', 'requests', 'page p50 ms', 'page p99 ms', 'count+page p50', 'count+page p99', 'max ms'],
    [...[...groups].map(([name, items]) => row(name, items)), row('all', timed)],
    'lrrrrrr',
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
