import type { AppContext } from '../../context.ts';
import { Refusal } from '../../refusal.ts';
import type { Actor } from '../../actor.ts';
import { encodeCursor } from './cursors.ts';
import type { SearchInput } from './repo/filters.ts';
import { pricingOf, type Prices } from './repo/pricing.ts';
import { listedOf, writeSearchAnswer } from './answer.ts';
import { cached } from './search-cache.ts';
import { pageStartRow, searchQueries } from './repo/search-queries.ts';
import { countKeyOf } from './repo/filters.ts';
import { NotIndexable, searchEngineOf, termQueriesOf } from './engine/index.ts';

/**
 * POST /api/search-products: typo-tolerant search (full text after spelling correction against the
 * catalog's words, SKU and short code), category and brand filters, the four sorts, keyset cursors (spec 01 §2.5, §4, §7).
 */
export async function searchProducts(
  ctx: AppContext,
  actor: Actor | null,
  input: { limit: number; cursor?: string; filters: SearchInput },
): Promise<string> {
  const session = pricingOf(actor);
  const countUpTo = ctx.config.SEARCH_EXACT_COUNT_UP_TO;
  const read = async () => {
    const indexed = await indexedRead(ctx, session, input, countUpTo);
    if (indexed) return indexed;
    const queries = await searchQueries(ctx.db, session, input, countUpTo);
    // The count first: it is usually cached, and it decides how the page is read.
    const totalCount = await cached(ctx.db, 'count', queries.countKey, async () => (await queries.count)[0]!.n);
    return { totalCount, rows: (await queries.pageRows(totalCount)).map(listedOf), byPrice: queries.byPrice };
  };
  const answer = async () => {
    // Sessions that price alike (same channel and pricing context) share a page of rows: only catalog
    // edits can make it stale, and they are noticed at once (docs/decisions.md, Search speed).
    const { totalCount, rows, byPrice } = ttl > 0 ? await cached(ctx.db, 'page', pageKey, read, ttl) : await read();
    const cursorOf = (row: { key: number | string; id: string }) =>
      encodeCursor({ v: byPrice ? Number(row.key) : String(row.key), id: row.id });
    return writeSearchAnswer(rows, session.pricing, {
      // The count stops one past the bound (searchQueries): above it, the bound and "not exact".
      totalCount: Math.min(totalCount, countUpTo),
      totalCountIsExact: totalCount <= countUpTo,
      startCursor: rows[0] ? cursorOf(rows[0]) : null,
      endCursor: rows.length ? cursorOf(rows.at(-1)!) : null,
      accountInformation: session.account,
    });
  };
  const ttl = ctx.config.SEARCH_PAGE_CACHE_MS;
  const pageKey = JSON.stringify([
    session.channelSlug,
    session.pricing,
    input.limit,
    input.cursor ?? null,
    input.filters,
  ]);
  // The answer as sent (validated and serialized once) for this page and account.
  return ttl > 0 ? cached(ctx.db, 'answer', JSON.stringify([pageKey, session.account]), answer, ttl) : answer();
}

/**
 * The cursor that starts page `page` of a search (spec 01 §4: a jump to a far page fetches its
 * cursor first; one step forward reuses the stored end cursor instead).
 */
export async function cursorForPage(
  ctx: AppContext,
  actor: Actor | null,
  input: { limit: number; page: number; filters: SearchInput },
): Promise<{ endCursor: string | null }> {
  if (input.page <= 1) return { endCursor: null };
  const prices = pricingOf(actor);
  const search = await indexedSearch(ctx, prices, input.filters);
  const fromIndex =
    search && (await orFromDatabase(ctx, search, async () => ({ row: search.startRow(input.limit, input.page) })));
  const row = fromIndex ? fromIndex.row : await pageStartRow(ctx.db, prices, input);
  const byPrice = input.filters.sort === 'price-desc' || input.filters.sort === 'price-asc';
  return { endCursor: row ? encodeCursor({ v: byPrice ? Number(row.key) : String(row.key), id: row.id }) : null };
}

/**
 * A search as the embedded index reads it (engine/), or null when the database must answer: no index of
 * the current catalog (building, notices down, SEARCH_INDEX=postgres) or a term it can not say exactly.
 */
async function indexedSearch(ctx: AppContext, prices: Prices, filters: SearchInput) {
  if (ctx.config.SEARCH_INDEX !== 'embedded') return null;
  const text = filters.search?.trim();
  const term = text ? await termQueriesOf(ctx.db, text) : null;
  // Taken after the last wait: a catalog change noticed before now is never answered from the old index.
  const engine = searchEngineOf(ctx.db);
  const index = engine?.current();
  try {
    if (index) {
      const search = { ...index.search(prices, filters, term), index };
      engine!.reads.index++;
      return search;
    }
  } catch (error) {
    if (!(error instanceof NotIndexable)) throw error;
  }
  if (engine) engine.reads.database++;
  return null;
}

/** The count and the page from the index (the rows themselves from the database), or null. */
async function indexedRead(
  ctx: AppContext,
  prices: Prices,
  input: { limit: number; cursor?: string; filters: SearchInput },
  countUpTo: number,
) {
  const search = await indexedSearch(ctx, prices, input.filters);
  if (!search) return null;
  return orFromDatabase(ctx, search, async () => {
    const marks = search.page(input.limit, input.cursor);
    // The rows from the same snapshot as the page: no query.
    const rows = search.rowsOf(marks);
    // The same count, whoever reads it: the database path and the index share its cache.
    const totalCount = await cached(ctx.db, 'count', countKeyOf(prices.pricing, input.filters), async () =>
      search.count(countUpTo),
    );
    const byPrice = input.filters.sort === 'price-desc' || input.filters.sort === 'price-asc';
    return { totalCount, rows, byPrice };
  });
}

/**
 * What `read` reads from the index, or null when the index fails it (an error of its SQLite, not a refusal
 * such as a cursor of another sort): the database answers that search, and the engine builds the index
 * again if its SQLite is closed (engine/index.ts). A search never fails for its index.
 */
async function orFromDatabase<T>(
  ctx: AppContext,
  search: NonNullable<Awaited<ReturnType<typeof indexedSearch>>>,
  read: () => Promise<T>,
): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof Refusal) throw error;
    searchEngineOf(ctx.db)?.failed(search.index, error);
    return null;
  }
}
