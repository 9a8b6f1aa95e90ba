import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { endpoints, type SearchProductsResponse } from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { testClient } from '../../../test/client.ts';
import { productPrices, products, searchWords } from './schema.ts';
import { refreshSearchWords } from './repo/index.ts';
import { clearSearchCounts } from './search-cache.ts';
import { correctedQuery, correctionsOf, editDistance, wordsOf } from './repo/spelling.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function search(term: string, limit = 40) {
  const response = await testClient(t.app).call(endpoints.catalog.searchProducts, {
    body: {
      limit,
      filters: { search: term },
    },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as SearchProductsResponse;
}

async function dictionary() {
  return new Set((await t.db.select({ word: searchWords.word }).from(searchWords)).map((row) => row.word));
}

describe('spelling correction against the catalog words', () => {
  it.each([
    ['missing letter', 'remot start', /remote start/i],
    ['missing letter, last word', 'dash camra', /dash camera/i],
    ['extra letter', 'remotte start', /remote start/i],
    ['wrong letter', 'remite start', /remote start/i],
    ['swapped letters', 'remtoe start', /remote start/i],
    ['swapped letters, last word', 'dash camrea', /dash camera/i],
    ['swapped letters, short word', 'dahs camera', /dash camera/i],
    ['every word mistyped', 'bypas modul', /bypass module/i],
    ['typed halfway', 'remote sta', /remote start/i],
    ['capitals and punctuation', 'Shok-Sensor', /shock sensor/i],
  ])('%s: "%s" finds the intended products, and only products with all its words', async (_, term, expected) => {
    const found = await search(term);
    expect(found.totalCount, term).toBeGreaterThan(0);
    expect(found.results.length).toBeGreaterThan(0);
    for (const product of found.results) expect(product.name, term).toMatch(expected);
  });

  it('a mistyped term counts exactly what the correct term counts', async () => {
    const exact = await search('dash camera');
    for (const typo of ['dash camra', 'dahs camrea', 'dash cmaera'])
      expect((await search(typo)).totalCount).toBe(exact.totalCount);
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(sql`${products.name} ilike '%dash camera%'`);
    expect(exact.totalCount).toBe(row!.n);
  });

  it('finds a product by its SKU and by its short code (never corrected into another model)', async () => {
    const [product] = await t.db.select({ sku: products.sku }).from(products).orderBy(products.sku).limit(1);
    expect((await search(product!.sku)).results.map((p) => p.sku)).toContain(product!.sku);
    expect((await search(product!.sku.toLowerCase())).results.map((p) => p.sku)).toContain(product!.sku);
    const short = product!.sku.split('-').at(-1)!;
    const byShort = await search(short, 100);
    expect(byShort.results.map((p) => p.sku)).toContain(product!.sku);
    for (const p of byShort.results) expect(p.sku.toLowerCase()).toContain(short.toLowerCase());
  });

  it.each(['xqzvwk', 'qwrtzp flumox', 'remote xqzvwk', 'zzzzzzzz start'])(
    'finds nothing for gibberish: "%s"',
    async (term) => {
      const found = await search(term);
      expect(found.totalCount).toBe(0);
      expect(found.results).toEqual([]);
    },
  );

  it('builds the query: each word as typed or corrected, the last one also as a prefix', async () => {
    expect(await correctedQuery(t.db, 'remte start')).toBe('(remte | remote) & (start:*)');
    expect(await correctedQuery(t.db, 'dash camra')).toBe('(dash) & (camra:* | camera:*)');
    expect(await correctedQuery(t.db, 'xqzvwk')).toBe('(xqzvwk:*)');
    expect(await correctedQuery(t.db, ' -- ')).toBeNull();
  });
});

describe('the dictionary stays right', () => {
  it('holds every word of letters of product names and SKU segments, and no codes', async () => {
    const words = await dictionary();
    const sample = await t.db.select({ sku: products.sku, name: products.name }).from(products);
    const expected = new Set(
      sample
        .flatMap(({ sku, name }) => `${sku} ${name}`.toLowerCase().split(/[^\p{L}\p{N}]+/u))
        .filter((w) => /^[a-z]+$/.test(w)),
    );
    expect(words).toEqual(expected);
    expect(words).not.toContain(sample[0]!.sku.split('-').at(-1)!.toLowerCase());
  });

  it('still finds tokens the word split cuts up, as PostgreSQL parses them', async () => {
    const [probe] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(sql`${products.name} like '%12/24 V%'`);
    expect(probe!.n).toBeGreaterThan(0);
    expect((await search('logic probe 12/24')).totalCount).toBe(probe!.n);
  });

  it('learns the words of a new product at once, and forgets them after a rename and a refresh', async () => {
    expect((await search('glovebox organiser')).totalCount).toBe(0);
    const [template] = await t.db.select().from(products).limit(1);
    const [created] = await t.db
      .insert(products)
      .values({
        ...Object.fromEntries(
          Object.entries(template!).filter(([key]) => !['id', 'search', 'createdAt'].includes(key)),
        ),
        sku: 'QM-AC-Z4242',
        name: 'QuietMat Z4242 Glovebox Organizer',
      } as typeof products.$inferInsert)
      .returning({ id: products.id });
    await t.db.insert(productPrices).values(
      ['msrp', 'dealer', 'distributor', 'national-account'].map((channelSlug) => ({
        productId: created!.id,
        channelSlug,
        discountedCents: 1000,
      })),
    );
    expect(await dictionary()).toContain('glovebox');
    // Found by the trigger's words alone, despite the British spelling and a swapped pair.
    clearSearchCounts(t.db);
    for (const term of ['glovebox organiser', 'gloevbox organizer'])
      expect(
        (await search(term)).results.map((p) => p.sku),
        term,
      ).toEqual(['QM-AC-Z4242']);

    await t.db.update(products).set({ name: 'QuietMat Z4242 Console Organizer' }).where(eq(products.id, created!.id));
    await refreshSearchWords(t.db);
    clearSearchCounts(t.db);
    const words = await dictionary();
    expect(words).not.toContain('glovebox');
    expect(words).toContain('console');
    expect((await search('glovebox')).totalCount).toBe(0);
    expect((await search('consle organizer')).results.map((p) => p.sku)).toEqual(['QM-AC-Z4242']);
  });
});

describe('the correction rules', () => {
  it('counts a missing, extra, wrong or swapped letter as one edit', () => {
    expect(editDistance('remote', 'remote')).toBe(0);
    expect(editDistance('remte', 'remote')).toBe(1);
    expect(editDistance('remoote', 'remote')).toBe(1);
    expect(editDistance('remobe', 'remote')).toBe(1);
    expect(editDistance('remtoe', 'remote')).toBe(1);
    expect(editDistance('rmeote', 'remote')).toBe(1);
    expect(editDistance('xqzvwk', 'remote')).toBe(6);
  });

  it('keeps the nearest words only: one edit for short words, two for longer ones, at most three', () => {
    expect(correctionsOf('camra', ['camera', 'cameras', 'cam'])).toEqual(['camera']);
    expect(correctionsOf('shok', ['shock', 'shocks'])).toEqual(['shock']);
    expect(correctionsOf('shk', ['shock'])).toEqual([]);
    expect(correctionsOf('remtoes', ['remote'])).toEqual(['remote']);
    expect(correctionsOf('xqzvwk', ['remote', 'sensor'])).toEqual([]);
    expect(correctionsOf('bat', ['bar', 'cat', 'hat', 'mat', 'rat'])).toHaveLength(3);
    expect(correctionsOf('anything', [])).toEqual([]);
  });

  it('splits a term as the dictionary splits names: letters and digits, lower case', () => {
    expect(wordsOf('NW-RS-X1234')).toEqual(['nw', 'rs', 'x1234']);
    expect(wordsOf(' 2-Way LCD,  Remote ')).toEqual(['2', 'way', 'lcd', 'remote']);
  });
});
