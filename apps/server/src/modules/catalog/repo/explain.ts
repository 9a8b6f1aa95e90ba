import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openDatabase } from '../../../db/client.ts';
import { userIdByEmail } from '../../users/index.ts';
import { readActor } from '../../acting/index.ts';
import type { SearchInput } from './filters.ts';
import { pricingOf, type Prices } from './pricing.ts';
import { pageStartRow, searchQueries } from './search-queries.ts';
import { dictionaryLookup, wordsOf } from './spelling.ts';

/** The searches `bench/search.mjs` explains: a term, a filter, a price sort (and a name sort). */
const CASES = [
  { name: 'term', filters: { sort: 'price-desc', search: 'remote start', categories: [], brands: [] } },
  { name: 'typo term', filters: { sort: 'price-desc', search: 'remte strat', categories: [], brands: [] } },
  { name: 'few-match typo', filters: { sort: 'name-asc', search: 'shok sensr', categories: [], brands: [] } },
  { name: 'short code', filters: { sort: 'price-desc', search: 'X1234', categories: [], brands: [] } },
  { name: 'filter', filters: { sort: 'price-desc', categories: ['dash-cameras'], brands: ['sentinel'] } },
  { name: 'category price sort', filters: { sort: 'price-desc', categories: ['security', 'accessories'], brands: [] } },
  { name: 'price sort', filters: { sort: 'price-asc', categories: [], brands: [] } },
  { name: 'name sort', filters: { sort: 'name-asc', categories: [], brands: [] } },
] as const;

/**
 * EXPLAIN ANALYZE of the very queries the server runs for those searches, priced for `email`, on the
 * PostgreSQL at `url`: the plan text, and which indexes and sequential scans it uses. Bench-only.
 */
export async function explainSearchPlans(url: string, email: string) {
  const database = await openDatabase({ kind: 'postgres', url });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const userId = await userIdByEmail(database.db, email);
    const pricing = pricingOf(await readActor(database.db, userId!, 'bench'));
    const explain = async (sql: string, params: unknown[]) =>
      (await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`, params)).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    const plans = [];
    // The spelling correction's own dictionary lookup (one round trip per new term, then cached).
    const lookup = new PgDialect().sqlToQuery(dictionaryLookup(wordsOf('remte strat')));
    plans.push(planOf('dictionary lookup "remte strat"', await explain(lookup.sql, lookup.params)));
    for (const { name, filters } of CASES) {
      const queries = await searchQueries(database.db, pricing, {
        limit: 8,
        filters: { ...filters, categories: [...filters.categories], brands: [...filters.brands] },
      });
      const [{ n }] = (await queries.count) as [{ n: number }];
      for (const [part, query] of [
        ['page', queries.page(n)],
        ['count', queries.count],
      ] as const) {
        const { sql, params } = query.toSQL();
        plans.push(planOf(`${name} (${part})`, await explain(sql, params)));
      }
    }
    return plans;
  } finally {
    await client.end();
    await database.close();
  }
}

/** A plan's text, the indexes it reads, its sequential scans of the catalog tables, and its time. */
function planOf(name: string, text: string) {
  const indexes = [
    ...new Set(
      [...text.matchAll(/Index (?:Only )?Scan(?: Backward)? using (\w+)|Bitmap Index Scan on (\w+)/g)].map(
        (m) => m[1] ?? m[2]!,
      ),
    ),
  ];
  const seqScans = [
    ...new Set([...text.matchAll(/Seq Scan on (products|product_prices|search_words)\b/g)].map((m) => m[1]!)),
  ];
  const ms = Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? NaN);
  return { name, text, indexes, seqScans, ms };
}

/** A request of the search bench's mix: who asks (null: a visitor), which call, its body. */
type BenchRequest = {
  email: string | null;
  path: string;
  body: { limit: number; cursor?: string; page?: number; filters: SearchInput };
};

/**
 * The bare SQL of search requests, one at a time, on the PostgreSQL at `url`: for each, the count (its
 * first ask) and the page the server reads (`pageRows`, after one untimed read, as the server's own
 * timing is taken after a warm pass), or the cursor of a page jump. What the server adds is the rest.
 * Bench-only.
 */
export async function timeSearchSql(url: string, requests: BenchRequest[]) {
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    const pricingByEmail = new Map<string | null, Prices>([[null, pricingOf(null)]]);
    for (const email of new Set(requests.map((r) => r.email)))
      if (email)
        pricingByEmail.set(
          email,
          pricingOf(await readActor(database.db, (await userIdByEmail(database.db, email))!, 'bench')),
        );
    const times = [];
    for (const { email, path, body } of requests) {
      const pricing = pricingByEmail.get(email)!;
      if (path.endsWith('/cursor')) {
        const input = { limit: body.limit, page: body.page!, filters: body.filters };
        await pageStartRow(database.db, pricing, input);
        const started = performance.now();
        await pageStartRow(database.db, pricing, input);
        times.push({ countMs: 0, pageMs: performance.now() - started });
        continue;
      }
      const queries = await searchQueries(database.db, pricing, body);
      let started = performance.now();
      const [{ n }] = (await queries.count) as [{ n: number }];
      const countMs = performance.now() - started;
      await queries.pageRows(n);
      started = performance.now();
      await queries.pageRows(n);
      times.push({ countMs, pageMs: performance.now() - started });
    }
    return times;
  } finally {
    await database.close();
  }
}
