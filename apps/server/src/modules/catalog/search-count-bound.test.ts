import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type SearchProductsResponse } from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs } from '../../../test/client.ts';
import { DEMO_PRODUCT_COUNT } from '../../seed/demo.ts';
import { searchEngineOf } from './engine/index.ts';

// Counts have a bound (docs/decisions.md, "Search counts have a bound"): exact up to
// SEARCH_EXACT_COUNT_UP_TO, above it the bound with totalCountIsExact false. 50 here, so the demo catalog
// crosses it; the pages themselves are not bounded.
const BOUND = 50;
let t: TestContext;

async function searchAs(email: string | null) {
  const c = await signedInAs(t.app, email);
  return async (body: object) => {
    const res = await c.call(endpoints.catalog.searchProducts, { body });
    expect(res.statusCode).toBe(200);
    return res.json() as SearchProductsResponse;
  };
}

// Read by the embedded index (issue 33) and by the database alone: both count alike.
describe.each(['embedded', 'postgres'])('search counts with a bound (%s)', (index) => {
  beforeAll(async () => {
    t = await createTestApp({
      SEARCH_EXACT_COUNT_UP_TO: String(BOUND),
      SEARCH_PAGE_CACHE_MS: '0',
      SEARCH_INDEX: index,
    });
    await searchEngineOf(t.db)?.ready();
  });
  afterAll(() => t.close());

  it('answer the bound and "not exact" above it, the exact count at or below it', async () => {
    const search = await searchAs(null);
    const all = await search({ limit: 8, filters: { sort: 'name-asc' } });
    expect(all).toMatchObject({ totalCount: BOUND, totalCountIsExact: false });
    const [first] = all.results;
    const one = await search({ limit: 8, filters: { sort: 'name-asc', search: first!.sku } });
    expect(one.totalCount).toBe(one.results.length);
    expect(one).toMatchObject({ totalCountIsExact: true });
    expect(one.results.map((p) => p.sku)).toContain(first!.sku);
  });

  it('still page past the bound to the last product (price order kept), as a visitor, a dealer and a retired user', async () => {
    for (const email of [null, 'installer@demo.test', 'retired@demo.test']) {
      const search = await searchAs(email);
      for (const sort of ['name-asc', 'price-desc'] as const) {
        const seen: SearchProductsResponse['results'] = [];
        let cursor: string | undefined;
        do {
          const page = await search({ limit: 100, cursor, filters: { sort } });
          expect(page.totalCountIsExact).toBe(false);
          seen.push(...page.results);
          cursor = page.endCursor ?? undefined;
          if (page.results.length < 100) break;
        } while (cursor);
        expect(new Set(seen.map((p) => p.sku)).size).toBe(DEMO_PRODUCT_COUNT);
        if (sort === 'price-desc') {
          const cents = seen.map((p) => p.price.cents);
          expect(cents).toEqual([...cents].sort((a, b) => b - a));
        }
      }
    }
  });
});
