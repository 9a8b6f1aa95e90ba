import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { endpoints, type SearchProductsResponse } from '@portal/contracts';
import { createTestApp, writeUnnoticed, type TestContext } from '../../../../test/helpers.ts';
import { FEED_APPLICATION } from '../../../db/changes.ts';
import { signedInAs } from '../../../../test/client.ts';
import { productPrices, products } from '../schema.ts';
import { clearSearchCounts } from '../search-cache.ts';
import { searchEngineOf } from './index.ts';

// The embedded search index (issue 33) answers as the database does: every answer of an instance whose
// searches the index reads is compared, whole, with an instance on the same database that reads them
// from PostgreSQL (SEARCH_INDEX=postgres).
let t: TestContext;
let database: FastifyInstance;
beforeAll(async () => {
  // No shared pages: each instance reads every answer itself.
  t = await createTestApp({ SEARCH_PAGE_CACHE_MS: '0' });
  database = await t.anotherInstance({ SEARCH_INDEX: 'postgres', SEARCH_PAGE_CACHE_MS: '0' });
  await searchEngineOf(t.db)!.ready();
});
afterAll(() => t.close());

const waitFor = async (check: () => boolean, ms = 10_000) => {
  for (const until = Date.now() + ms; !check(); await new Promise((r) => setTimeout(r, 20)))
    if (Date.now() > until) throw new Error('timed out');
};

const WHO = [null, 'installer@demo.test', 'owner@demo.test', 'retired@demo.test', 'insiderep@demo.test'];
const SORTS = ['price-desc', 'price-asc', 'name-asc', 'name-desc'] as const;

/** A search through each instance as the same person; the raw bodies, so that everything is compared. */
async function pair(email: string | null) {
  const [indexed, read] = await Promise.all([signedInAs(t.app, email), signedInAs(database, email)]);
  return async (path: 'searchProducts' | 'searchCursor', body: object) => {
    expect(searchEngineOf(t.db)!.current(), 'the index answers').not.toBeNull();
    // The counts too: the two paths share their cache (one key per filter set), so it is emptied between them.
    const ask = async (c: typeof indexed) => {
      clearSearchCounts(t.db);
      return c.call(endpoints.catalog[path], { body: body as never });
    };
    const a = await ask(indexed);
    const b = await ask(read);
    expect(a!.statusCode, JSON.stringify(body)).toBe(b!.statusCode);
    expect(a!.json(), JSON.stringify(body)).toEqual(b!.json());
    return a!.json() as SearchProductsResponse;
  };
}

/** Terms as dealers type them, from the demo catalog: words, two words, typos, hyphens, SKUs and parts. */
async function termsOfCatalog() {
  const rows = await t.db.select({ sku: products.sku, name: products.name }).from(products).limit(400);
  const words = [...new Set(rows.flatMap((r) => r.name.toLowerCase().split(/[^\p{L}\p{N}-]+/u)))].filter(
    (w) => w.length > 1,
  );
  const pick = (list: string[], n: number) => list.filter((_, i) => i % Math.max(1, Math.floor(list.length / n)) === 0);
  const typo = (w: string) => (w.length > 4 ? w.slice(0, 2) + w[3] + w[2] + w.slice(4) : w);
  const first = rows[0]!.sku;
  return [
    ...pick(words, 24),
    ...pick(words, 8).map(typo),
    ...pick(
      words.filter((w) => w.includes('-')),
      6,
    ),
    ...pick(
      rows.map((r) => r.name.split(' ').slice(1, 3).join(' ').toLowerCase()),
      8,
    ),
    first,
    first.split('-').at(-1)!,
    first.split('-').slice(0, 2).join('-'),
    first.slice(1, 5).toLowerCase(),
    // Fragments only the SKU's LIKE finds: across a hyphen, and the inside of a part.
    first.slice(4, 8),
    first.slice(-4),
    'remote start',
    'remte strat',
    'rem',
    '12/24',
    'xqzzy',
    'relay -pack',
    '"shock sensor"',
    '%',
    'a_b',
  ];
}

describe('the embedded search index (issue 33)', () => {
  // 600+ searches through two instances: near a minute on a loaded machine, when every file runs at once.
  it('answers every search as the database does: terms, typos, SKUs, filters, sorts, cursors, jumps', async () => {
    const terms = await termsOfCatalog();
    const menu = (await (await signedInAs(t.app, null)).call(endpoints.catalog.menu)).json() as {
      categories: { slug: string }[];
      brands: { slug: string }[];
    };
    const categories = menu.categories.map((c) => c.slug);
    const brands = menu.brands.map((b) => b.slug);
    let asked = 0;
    for (const [w, email] of WHO.entries()) {
      const ask = await pair(email);
      const searches = [
        ...terms.map((search, i) => ({ search, sort: SORTS[(i + w) % 4]! })),
        ...categories.map((c, i) => ({ categories: [c], sort: SORTS[(i + w) % 4]! })),
        ...brands.map((b, i) => ({ brands: [b], sort: SORTS[(i + w + 1) % 4]! })),
        ...SORTS.map((sort) => ({ sort })),
        ...SORTS.map((sort) => ({ sort, brands: ['approved-brands'] })),
        ...SORTS.map((sort, i) => ({ sort, search: terms[i]!, categories: [categories[i % categories.length]!] })),
        { sort: 'price-desc', categories: ['no-such-category'] },
      ];
      for (const [i, filters] of searches.entries()) {
        const body = { limit: i % 3 === 0 ? 3 : 8, filters: { categories: [], brands: [], ...filters } };
        let page = await ask('searchProducts', body);
        asked++;
        // Two more pages by cursor, and a jump to page 4.
        for (let more = 0; more < 2 && page.endCursor; more++) {
          page = await ask('searchProducts', { ...body, cursor: page.endCursor });
          asked++;
        }
        if (i % 4 === 0) await ask('searchCursor', { ...body, page: 4 });
      }
    }
    expect(asked).toBeGreaterThan(500);
    // The index answered them all but the terms it can not say (a NOT, a phrase the corrected query lacks).
    const { reads } = searchEngineOf(t.db)!;
    expect(reads.database, JSON.stringify(reads)).toBeLessThan(reads.index / 50);
  }, 120_000);

  it('says in the metrics how many products it holds and who read the searches', async () => {
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const [count] = await t.db.select({ n: sql<number>`count(*)::int` }).from(products);
    expect(metrics).toContain(`portal_search_index_products ${count!.n}`);
    const read = (by: string) => Number(new RegExp(`portal_search_reads\\{by="${by}"\\} (\\d+)`).exec(metrics)?.[1]);
    expect(read('index')).toBe(searchEngineOf(t.db)!.reads.index);
    expect(read('index')).toBeGreaterThan(0);
  });

  it('answers a search its index fails from the database, and builds the index again', async () => {
    const engine = searchEngineOf(t.db)!;
    const broken = engine.current()!;
    // One query's error, its SQLite open: that search is the database's, the index stays.
    const counted = { ...engine.reads };
    engine.failed(broken, new Error('a query the index can not read'));
    expect(engine.current()).toBe(broken);
    expect(engine.reads).toEqual({ index: counted.index - 1, database: counted.database + 1 });
    // Its SQLite closed under it: every read of this index fails.
    broken.close();
    const before = { ...engine.reads };
    const body = { limit: 8, filters: { sort: 'name-asc' as const, categories: [], brands: [], search: 'remote' } };
    clearSearchCounts(t.db);
    const answered = await (await signedInAs(t.app, null)).call(endpoints.catalog.searchProducts, { body });
    const jump = await (
      await signedInAs(t.app, null)
    ).call(endpoints.catalog.searchCursor, { body: { ...body, page: 2 } as never });
    const fromDatabase = await (await signedInAs(database, null)).call(endpoints.catalog.searchProducts, { body });
    expect(answered!.statusCode).toBe(200);
    expect(answered!.json()).toEqual(fromDatabase!.json());
    expect(jump!.statusCode).toBe(200);
    expect(engine.reads).toEqual({ index: before.index, database: before.database + 2 });
    await engine.ready();
    expect(engine.current()).not.toBeNull();
    expect(engine.current()).not.toBe(broken);
    const again = await (await signedInAs(t.app, null)).call(endpoints.catalog.searchProducts, { body });
    expect(again!.json()).toEqual(fromDatabase!.json());
    expect(engine.reads.index).toBe(before.index + 1);
  });

  it('is replaced after a catalog change: the database answers until the new index is built, then the index', async () => {
    const visitor = await pair(null);
    const body = { limit: 8, filters: { sort: 'price-desc' as const, categories: [], brands: [] } };
    const before = await visitor('searchProducts', body);
    const last = before.results.at(-1)!;
    // The eighth product becomes the dearest of all: at the top of the first page at once.
    const top = before.results[0]!.price.cents;
    await t.db
      .update(products)
      .set({ msrpCents: top + 100 })
      .where(eq(products.id, last.id));
    await t.db
      .update(productPrices)
      .set({ discountedCents: sql`${productPrices.discountedCents} + ${top}` })
      .where(eq(productPrices.productId, last.id));
    await t.noticed();
    expect(searchEngineOf(t.db)!.current()).toBeNull();
    const meanwhile = (await (await signedInAs(t.app, null)).call(endpoints.catalog.searchProducts, { body })).json();
    expect((meanwhile as SearchProductsResponse).results[0]!.id).toBe(last.id);
    await searchEngineOf(t.db)!.ready();
    const after = await visitor('searchProducts', body);
    expect(after.results[0]!.id).toBe(last.id);
    expect(after.results[0]!.price.cents).toBe(top + 100);
  });

  it('shows a write that sent no notice once SEARCH_INDEX_MAX_AGE_MS has passed', async () => {
    const u = await createTestApp({ SEARCH_PAGE_CACHE_MS: '0', SEARCH_INDEX_MAX_AGE_MS: '1000' });
    try {
      const engine = searchEngineOf(u.db)!;
      await engine.ready();
      const search = async () =>
        (
          (
            await (
              await signedInAs(u.app, null)
            ).call(endpoints.catalog.searchProducts, {
              body: { limit: 8, filters: { sort: 'name-asc', categories: [], brands: [] } },
            })
          ).json() as SearchProductsResponse
        ).results[0]!;
      const first = await search();
      await writeUnnoticed(u.db, (tx) =>
        tx
          .update(products)
          .set({ name: `${first.name} (renamed)` })
          .where(eq(products.id, first.id)),
      );
      // The index does not know yet: its snapshot answers.
      expect((await search()).name).toBe(first.name);
      // Past the age, it is built again (the old one answering meanwhile).
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await engine.ready();
      expect((await search()).name).toBe(`${first.name} (renamed)`);
    } finally {
      await u.close();
    }
  });

  it.runIf(inject('postgresTemplate'))(
    'is not used while change notices do not arrive, and is built again when they do (PostgreSQL)',
    async () => {
      const engine = searchEngineOf(t.db)!;
      await engine.ready();
      expect(engine.current()).not.toBeNull();
      await t.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where application_name = ${FEED_APPLICATION} and datname = current_database()`,
      );
      await waitFor(() => !t.changes.live);
      // It could not know it is stale: the database answers.
      expect(engine.current()).toBeNull();
      await waitFor(() => t.changes.live);
      await engine.ready();
      expect(engine.current()).not.toBeNull();
    },
  );
});
