import { and, asc, desc, eq, ilike, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import {
  ANONYMOUS_PRICING,
  messages,
  priceFor,
  shortCodeOf,
  moneyOf,
  type PricingContext,
  type Product,
  type SearchProductsResponse,
  searchProductsResponseSchema,
  type SearchSort,
  wantedBrandSlugs,
} from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { AuthService } from '../auth/service.ts';
import type { Db } from '../../db/client.ts';
import { brands, categories, productPrices, products, searchWords } from './schema.ts';
import type { Actor } from '../acting/index.ts';
import { priceCentsSql, priceSplitSql, priceWalks } from './pricing-sql.ts';
import { changeFeedOf, EVERYONE } from '../../db/changes.ts';
import { createMemo, type Memo } from '../../db/memo.ts';

export const INVALID_CURSOR = 'Invalid cursor';

/** The prices an actor sees (spec 01 §6): the anonymous context when nobody is signed in. */
export function pricingOf(actor: Actor | null) {
  if (!actor) return { pricing: ANONYMOUS_PRICING, channelSlug: 'msrp', account: null };
  const bp = actor.business;
  return {
    pricing: actor.pricing,
    channelSlug: actor.channelSlug,
    account: bp ? { sapBpCode: bp.sapBpCode, companyName: bp.companyName, channel: bp.channelSlug } : null,
  };
}

/** Who is asking decides the prices (spec 01 §6): the request's actor, never what the browser sends. */
export async function pricingForRequest(_ctx: AppContext, _auth: AuthService, request: FastifyRequest) {
  return pricingOf(request.actor);
}

interface Cursor {
  v: number | string;
  id: string;
}
const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
function decodeCursor(raw: string): Cursor {
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    if ((typeof parsed.v === 'number' || typeof parsed.v === 'string') && /^[0-9a-f-]{36}$/.test(parsed.id))
      return parsed;
  } catch {
    /* falls through */
  }
  throw new HttpError(400, INVALID_CURSOR);
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

type SearchInput = { sort: SearchSort; search?: string; categories: string[]; brands: string[] };

/**
 * The filter conditions of a search, on `products` columns only, so that the count needs no join.
 * Category and brand slugs become ids here (referenceIds, shared): with the ids as constants PostgreSQL
 * estimates a filter from the statistics of `products` (a subquery on the tiny, rarely analysed
 * reference tables made it guess 50 times too few rows and pick slow plans). Brand ids cover the
 * approved brands too, for the price split.
 */
async function filterOf(db: Db, pricing: PricingContext, filters: SearchInput) {
  const brandSlugs = wantedBrandSlugs(filters.brands, pricing.approvedBrandSlugs) ?? [];
  const ids = await referenceIds(db);
  const where: SQL[] = [];
  let termWhere: SQL | undefined;
  const term = filters.search?.trim();
  if (term) {
    // Full text (SKU and name) with each word spelling-corrected, or a SKU / short code fragment.
    const query = await cached(db, 'term', term, () => correctedQuery(db, term));
    const matches = [
      query !== null && sql`${products.search} @@ to_tsquery('english', ${query})`,
      // The term as PostgreSQL parses it, for tokens the word split cuts up ("12/24", "2.4", "t-harness").
      /[^\p{L}\p{N}\s]/u.test(term) && sql`${products.search} @@ websearch_to_tsquery('english', ${term})`,
      // A SKU has no spaces, and a fragment under 3 characters has no trigram for the index.
      term.length >= 3 && !/\s/.test(term) && ilike(products.sku, `%${escapeLike(term)}%`),
    ].filter((m) => m !== false);
    termWhere = matches.length ? or(...matches)! : sql`false`;
    where.push(termWhere);
  }
  // null: no filter on that column; empty: a filter nothing matches.
  let categoryIds: string[] | null = null;
  if (filters.categories.length) {
    categoryIds = filters.categories.flatMap((slug) => ids.category.get(slug) ?? []);
    where.push(categoryIds.length ? inArray(products.categoryId, categoryIds) : sql`false`);
  }
  let brandIds: string[] | null = null;
  if (filters.brands.length) {
    // "Approved brands only" for someone with none approved matches nothing.
    brandIds = brandSlugs.flatMap((slug) => ids.brand.get(slug) ?? []);
    where.push(brandIds.length ? inArray(products.brandId, brandIds) : sql`false`);
  }
  const approvedBrandIds = pricing.approvedBrandSlugs.flatMap((slug) => ids.brand.get(slug) ?? []);
  // The same filters give the same count whoever asks: the key of the count cache.
  const key = JSON.stringify([term ?? '', [...filters.categories].sort(), brandSlugs, filters.brands.length > 0]);
  return { where, key, termWhere, categoryIds, brandIds: brandIds ?? [...ids.brand.values()], approvedBrandIds };
}

/**
 * Every category's and brand's id by slug. Both lists are short and change only with the catalog, so
 * they are shared like the counts (COUNT_CACHE_MS) instead of read on every search.
 */
function referenceIds(db: Db) {
  return cached(db, 'reference', '', async () => {
    const rows = await unionAll(
      db.select({ kind: sql<string>`'c'`, slug: categories.slug, id: categories.id }).from(categories),
      db.select({ kind: sql<string>`'b'`, slug: brands.slug, id: brands.id }).from(brands),
    );
    const category = new Map<string, string>();
    const brand = new Map<string, string>();
    for (const row of rows) (row.kind === 'c' ? category : brand).set(row.slug, row.id);
    return { category, brand };
  });
}

/** The words of a term, split as the dictionary is (letters and digits, lower case); at most 8 count. */
export const wordsOf = (term: string) =>
  term
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);

/** How many nearest dictionary words (by trigram distance) are weighed for a word the dictionary lacks. */
const NEAREST = 20;

/**
 * One round trip for every word of a term: is it a dictionary word, is the last word the start of
 * one (partial typing), and, for a word of three or more letters that is neither, its NEAREST
 * dictionary words by trigram distance (a KNN walk of the GiST index). Words with digits are codes:
 * never corrected (so a mistyped model number does not find another model) and not in the dictionary.
 */
export function dictionaryLookup(words: string[]) {
  return sql`
    select t.word, k.known, k.begins, coalesce(n.near, '[]'::json) as near
    from json_array_elements_text(${JSON.stringify(words)}::json) with ordinality as t(word, i)
    cross join lateral (select
      exists (select 1 from ${searchWords} s where s.word = t.word) as known,
      t.i = ${words.length} and exists (select 1 from ${searchWords} s where s.word like t.word || '%') as begins) k
    left join lateral (select json_agg(near.word) as near from (
      select s.word from ${searchWords} s
      where not (k.known or k.begins) and t.word ~ '^[[:alpha:]]{3,}$'
      order by s.word <-> t.word limit ${NEAREST}) near) n on true
    order by t.i`;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
export function editDistance(a: string, b: string) {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  return d[a.length]![b.length]!;
}

/**
 * The dictionary words a typed word most likely means: those fewest edits away (a missing, extra,
 * wrong or swapped letter each count one), at most one edit for words of up to 4 letters and two
 * above, at most three words. Trigram similarity only finds the candidates: it ranks a swap of two
 * letters too low ("remtoe" shares 3 of 11 trigrams with "remote").
 */
export function correctionsOf(word: string, near: string[]) {
  const limit = word.length <= 4 ? 1 : 2;
  const scored = near.map((candidate) => ({ candidate, edits: editDistance(word, candidate) }));
  const best = Math.min(...scored.map((s) => s.edits));
  return scored
    .filter((s) => s.edits === best && best <= limit)
    .slice(0, 3)
    .map((s) => s.candidate);
}

/**
 * The full-text query of a term after spelling correction (pg_trgm's recipe: correct each word to the
 * catalog's own words, then search normally), in to_tsquery syntax; null when the term has no word.
 * Every word must match (AND), as itself or as one of its corrections (OR); the last word also
 * matches as the start of a word (`:*`), so a search typed halfway already finds. A gibberish word
 * has no correction and matches nothing, so neither does the term.
 */
export async function correctedQuery(db: Db, term: string): Promise<string | null> {
  const words = wordsOf(term);
  if (!words.length) return null;
  const { rows } = (await db.execute(dictionaryLookup(words))) as unknown as {
    rows: { word: string; known: boolean; begins: boolean; near: string[] }[];
  };
  return rows
    .map((row, i) => {
      const options = [row.word, ...(row.known || row.begins ? [] : correctionsOf(row.word, row.near))];
      const last = i === rows.length - 1;
      return `(${options.map((option) => (last ? `${option}:*` : option)).join(' | ')})`;
    })
    .join(' & ');
}

/** A search matching at most this many products is sorted after it is found, not found along a sort. */
export const FEW_MATCHES = 2000;
/**
 * The same for a price sort of a term. Measured at 100k (bench/search, PostgreSQL): sorting 7,000
 * matches takes 30–40 ms whoever asks; walking the price order 2–280 ms, the most when the matches
 * cluster at the far end of it. Terms matching more (15,000) are spread enough to walk in under 20 ms.
 */
export const FEW_TERM_MATCHES = 10_000;
/** The most index rows a walk that tests a term row by row reads before it finds and sorts instead. */
export const WALK_CAP = 1000;

/**
 * The count and page queries of a search (the server runs these; the search bench explains them).
 *
 * A search matching few products (`matchCount`, from the count) is found through the filter and search
 * indexes (category, brand, the tsvector GIN, the SKU trigram GIN) and then sorted: walking a sort index
 * would test the filter on row after row of the catalog to fill one page.
 *
 * A search matching many reads a sort index in order and keeps the first rows that match. Name sorts
 * walk the (lower(name), id) index. A price can not have one index (it depends on the session's
 * channel and approved brands), but within one brand it is one column of `product_prices`: the
 * channel's discounted price or the list price (priceWalks). So a price sort walks, for every brand
 * the search may return (and every wanted category: prices differ by category far more than by
 * name), the (channel, [category,] brand, price, product) index from the cursor, keeps the first
 * `limit` rows of each walk, and the page is the first `limit` of them all. A walk stops after
 * `limit` rows of its brand (and category), so the cost follows the number of brands and categories,
 * not where in the price order the matches are. A term's matches follow no brand or category, so a
 * price sort of a term walks the whole catalog's price instead, once per side of the rule
 * (priceSplitSql): the channel price index and the list price (msrp_cents, id) index.
 */
export async function searchQueries(
  db: Db,
  { pricing, channelSlug }: Pick<ReturnType<typeof pricingOf>, 'pricing' | 'channelSlug'>,
  input: { limit: number; cursor?: string; filters: SearchInput },
) {
  const filter = await filterOf(db, pricing, input.filters);
  const { where } = filter;
  const sort = input.filters.sort;
  const byPrice = sort === 'price-desc' || sort === 'price-asc';
  const descending = sort === 'price-desc' || sort === 'name-desc';
  const direction = descending ? desc : asc;
  const cursor = input.cursor ? decodeCursor(input.cursor) : undefined;
  if (cursor && typeof cursor.v !== (byPrice ? 'number' : 'string')) throw new HttpError(400, INVALID_CURSOR);
  const after = (value: SQL | AnyColumn, id: AnyColumn) =>
    !cursor
      ? undefined
      : descending
        ? sql`(${value}, ${id}) < (${cursor.v}, ${cursor.id}::uuid)`
        : sql`(${value}, ${id}) > (${cursor.v}, ${cursor.id}::uuid)`;
  const side = (value: SQL | AnyColumn, id: AnyColumn, condition?: SQL) =>
    productSelect({ db }, channelSlug, sql`${value}`)
      .where(and(condition, after(value, id)))
      .orderBy(direction(value), direction(id))
      .limit(input.limit);

  /** One walk per brand (and category) along `column`, as a list of at most walks × limit product ids. */
  const walks = (column: AnyColumn, brandIds: string[]) => {
    const uuids = (ids: string[]) =>
      sql`array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::uuid[]`;
    const order = sql.raw(descending ? 'desc' : 'asc');
    const { categoryIds } = filter;
    return sql`select w.product_id from unnest(${uuids(brandIds)}) b(id)
      ${categoryIds ? sql`cross join unnest(${uuids(categoryIds)}) c(id)` : sql``}
      cross join lateral (
        select ${productPrices.productId} from ${productPrices}
        where ${productPrices.channelSlug} = ${channelSlug} and ${productPrices.brandId} = b.id
          ${categoryIds ? sql`and ${productPrices.categoryId} = c.id` : sql``}
          ${cursor ? sql`and ${after(column, productPrices.productId)}` : sql``}
        order by ${column} ${order}, ${productPrices.productId} ${order}
        limit ${input.limit}) w`;
  };

  /**
   * A walk along a sort index that reads at most `cap` of its rows: the first `limit` that meet
   * `condition` (their ids and sort values, in order), or null when the cap came first (the walk was
   * going the long way round). Every row read is numbered; the cap-th is answered, match or not, to say so.
   */
  const boundedSide = async (value: SQL | AnyColumn, id: AnyColumn, condition: SQL, cap: number) => {
    const order = sql.raw(descending ? 'desc' : 'asc');
    // Joined to the channel's prices as every search is: a product without one is never a match.
    const walked = db
      .select({
        id: products.id,
        key: sql<number | string>`${value}`.as('sort_key'),
        hit: sql<boolean>`(${condition})`.as('hit'),
        rn: sql<number>`row_number() over (order by ${value} ${order}, ${id} ${order})`.as('rn'),
      })
      .from(products)
      .innerJoin(
        productPrices,
        and(eq(productPrices.productId, products.id), eq(productPrices.channelSlug, channelSlug)),
      )
      .where(after(value, id))
      .orderBy(direction(value), direction(id))
      .limit(cap)
      .as('walked');
    const marks = await db
      .select()
      .from(walked)
      .where(sql`${walked.hit} or ${walked.rn} = ${cap}`)
      .limit(input.limit + 1);
    marks.sort((a, b) => Number(a.rn) - Number(b.rn));
    const hits = marks.filter((mark) => mark.hit).slice(0, input.limit);
    if (hits.length < input.limit && marks.some((mark) => Number(mark.rn) === cap)) return null;
    return hits.map(({ id, key }) => ({ id, key }));
  };

  /**
   * The page as the server reads it: as `page` chooses, except that a walk testing a term row by row (a
   * name or price sort of a term with many matches) gives up after WALK_CAP rows and the matches are
   * found and sorted instead. Such a walk is quick when the matches are spread along the sort order and
   * slow when they sit at its far end; the cap bounds the slow case by the cost of sorting. Category and
   * brand filters are left to the planner, which knows how many rows they keep (a capped walk by name
   * through two brands read 2,000 rows for one match: names start with the brand).
   */
  const pageRows = async (matchCount: number, cap = WALK_CAP): Promise<ProductRow[]> => {
    const how = plan(matchCount);
    if (how === 'sort' || !filter.termWhere) return read(how);
    let walked: ({ id: string; key: number | string }[] | null)[];
    if (!byPrice) walked = [await boundedSide(sql`lower(${products.name})`, products.id, and(...where)!, cap)];
    else {
      const split = priceSplitSql(pricing, filter.approvedBrandIds);
      walked = await Promise.all([
        split.discounted &&
          boundedSide(productPrices.discountedCents, productPrices.productId, and(...where, split.discounted)!, cap),
        split.msrp && boundedSide(products.msrpCents, products.id, and(...where, split.msrp)!, cap),
      ]);
    }
    if (walked.some((marks) => marks === null)) return read('sort');
    const sign = descending ? -1 : 1;
    const page = walked
      .flatMap((marks) => marks ?? [])
      .sort((a, b) => sign * (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, input.limit);
    if (!page.length) return [];
    const rows = new Map(
      (
        await productSelect({ db }, channelSlug).where(
          inArray(
            products.id,
            page.map((mark) => mark.id),
          ),
        )
      ).map((row) => [row.id, row]),
    );
    return page.flatMap(({ id, key }) => (rows.has(id) ? [{ ...rows.get(id)!, key }] : []));
  };

  /** The page read one way: found then sorted, or walked along sort indexes. */
  const read = (how: 'sort' | 'walk') => {
    if (how === 'sort') {
      // The price rule through `+ 0` (for a rep without a business it is one indexed column) and the name
      // through `|| ''`: expressions no index serves, on purpose, so the matches are found first.
      return side(
        byPrice ? sql`(${priceCentsSql(pricing)} + 0)` : sql`(lower(${products.name}) || '')`,
        products.id,
        and(...where),
      );
    }
    if (!byPrice) return side(sql`lower(${products.name})`, products.id, and(...where));
    if (filter.termWhere) {
      // A term's matches follow no brand or category: walks per brand would read every product of a
      // brand with no match. Two walks along the whole catalog's price instead, one per side of the rule.
      const split = priceSplitSql(pricing, filter.approvedBrandIds);
      const sides = [
        split.discounted &&
          side(productPrices.discountedCents, productPrices.productId, and(...where, split.discounted)),
        split.msrp && side(products.msrpCents, products.id, and(...where, split.msrp)),
      ].filter((q) => q !== null);
      if (sides.length === 1) return sides[0]!;
      const order = descending ? 'desc' : 'asc';
      return unionAll(sides[0]!, sides[1]!)
        .orderBy(sql.raw(`"sort_key" ${order}`), sql.raw(`"id" ${order}`))
        .limit(input.limit);
    }
    const brandIds = filter.categoryIds?.length === 0 ? [] : filter.brandIds;
    const split = priceWalks(pricing, brandIds, filter.approvedBrandIds);
    const parts = (
      [
        [productPrices.discountedCents, split.discounted],
        [productPrices.listCents, split.list],
      ] as const
    ).flatMap(([column, ids]) => (ids.length ? [walks(column, ids)] : []));
    const found = parts.length ? sql`${products.id} in (${sql.join(parts, sql` union all `)})` : sql`false`;
    // The walks applied the cursor; the rule prices the few rows they found (it equals the walked column).
    const price = priceCentsSql(pricing);
    return productSelect({ db }, channelSlug, price)
      .where(found)
      .orderBy(direction(price), direction(products.id))
      .limit(input.limit);
  };
  const count = db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(and(...where));
  /**
   * Few matches are sorted after finding; but a price sort without a term always walks: its walks
   * read at most `limit` rows per brand and category, less than sorting even a few hundred matches. A
   * price sort of a term sorts up to FEW_TERM_MATCHES: a term's matches often sit in one stretch of
   * the price order (dash cameras are dear), which a walk from the other end reads its way to.
   */
  const few = byPrice && filter.termWhere ? FEW_TERM_MATCHES : FEW_MATCHES;
  const plan = (matchCount: number) =>
    where.length > 0 && matchCount <= few && (!byPrice || filter.termWhere) ? 'sort' : 'walk';
  /** The page query `plan` chooses, whole (what EXPLAIN shows); the server reads `pageRows`. */
  const page = (matchCount: number) => read(plan(matchCount));
  return { page, pageRows, read, count, countKey: filter.key, byPrice };
}

/**
 * The longest a count, a term's correction or the slug → id maps are reused. Any catalog change forgets
 * them at once (change notices); this bounds what a missed notice could cost.
 */
export const COUNT_CACHE_MS = 300_000;
/** The most answers kept per kind: counts and corrections are tiny; a page holds up to 100 product rows. */
const CACHE_SIZES: Record<string, number> = { page: 1000, answer: 1000 };
const CACHE_SIZE = 2000;
/** Per database (each test file's app has its own): kind → the answers shared by every session. */
const catalogMemos = new WeakMap<Db, Map<string, Memo<unknown>>>();

/**
 * An answer shared by every session until the catalog changes (at most `maxAgeMs`, COUNT_CACHE_MS
 * unless given): the number of products matching a filter set (the pager asks the same count on
 * every page, and a broad term costs milliseconds to count at 100k products), the corrected query of
 * a term, a page of rows. Concurrent asks of the same answer wait for one query.
 */
function cached<T>(db: Db, kind: string, key: string, query: () => Promise<T>, maxAgeMs = COUNT_CACHE_MS) {
  let memos = catalogMemos.get(db);
  if (!memos) catalogMemos.set(db, (memos = new Map()));
  let memo = memos.get(kind);
  if (!memo)
    memos.set(kind, (memo = createMemo(changeFeedOf(db), { kind: 'catalog', size: CACHE_SIZES[kind] ?? CACHE_SIZE })));
  return memo.get(key, query, { maxAgeMs }) as Promise<T>;
}

/** Forgets the cached counts, term corrections, slug → id maps and pages of a database. */
export function clearSearchCounts(db: Db) {
  for (const memo of catalogMemos.get(db)?.values() ?? []) memo.forget(EVERYONE);
}

/**
 * POST /api/search-products: typo-tolerant search (full text after spelling correction against the
 * catalog's words, SKU and short code), category and brand filters, the four sorts, keyset cursors (spec 01 §2.5, §4, §7).
 */
export async function searchProducts(
  ctx: AppContext,
  auth: AuthService,
  request: FastifyRequest,
  input: { limit: number; cursor?: string; filters: SearchInput },
): Promise<string> {
  const session = await pricingForRequest(ctx, auth, request);
  const read = async () => {
    const queries = await searchQueries(ctx.db, session, input);
    // The count first: it is usually cached, and it decides how the page is read.
    const totalCount = await cached(ctx.db, 'count', queries.countKey, async () => (await queries.count)[0]!.n);
    return { totalCount, rows: await queries.pageRows(totalCount), byPrice: queries.byPrice };
  };
  const answer = async () => {
    // Sessions that price alike (same channel and pricing context) share a page of rows: only catalog
    // edits can make it stale, and they are noticed at once (docs/decisions.md, Search speed).
    const { totalCount, rows, byPrice } = ttl > 0 ? await cached(ctx.db, 'page', pageKey, read, ttl) : await read();
    const cursorOf = (row: { key: number | string; id: string }) =>
      encodeCursor({ v: byPrice ? Number(row.key) : String(row.key), id: row.id });
    return serializeAnswer({
      results: rows.map((row) => toSummary(row, session.pricing)),
      totalCount,
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

/** The route's own response serializer: validates against the contract, then JSON. */
const serializeAnswer = serializerCompiler({
  schema: searchProductsResponseSchema,
  method: 'POST',
  url: '/api/search-products',
}) as (answer: SearchProductsResponse) => string;

/**
 * The cursor that starts page `page` of a search (spec 01 §4: a jump to a far page fetches its
 * cursor first; one step forward reuses the stored end cursor instead).
 */
export async function cursorForPage(
  ctx: AppContext,
  auth: AuthService,
  request: FastifyRequest,
  input: { limit: number; page: number; filters: SearchInput },
): Promise<{ endCursor: string | null }> {
  if (input.page <= 1) return { endCursor: null };
  const { pricing, channelSlug } = await pricingForRequest(ctx, auth, request);
  const { where } = await filterOf(ctx.db, pricing, input.filters);
  const byPrice = input.filters.sort === 'price-desc' || input.filters.sort === 'price-asc';
  const direction = input.filters.sort === 'price-desc' || input.filters.sort === 'name-desc' ? desc : asc;
  // A far jump is rare: one offset query over the whole price rule, the search's own order.
  const key: SQL = byPrice ? sql`${priceCentsSql(pricing)}` : sql`lower(${products.name})`;
  const [row] = await productSelect(ctx, channelSlug, key)
    .where(and(...where))
    .orderBy(direction(key), direction(products.id))
    .offset((input.page - 1) * input.limit - 1)
    .limit(1);
  return { endCursor: row ? encodeCursor({ v: byPrice ? Number(row.key) : String(row.key), id: row.id }) : null };
}

/** The columns every product list needs, priced in the acting channel; `key` is the sort value. */
export function productSelect(ctx: { db: Db }, channelSlug: string, key: SQL = sql`null`) {
  return ctx.db
    .select({
      id: products.id,
      sku: products.sku,
      name: products.name,
      images: products.images,
      msrpCents: products.msrpCents,
      discountedCents: productPrices.discountedCents,
      isAvailable: products.isAvailable,
      isAvailableForPurchase: products.isAvailableForPurchase,
      caseQty: products.caseQty,
      // Columns of the row already read: the spec's attributes and metadata cost no extra query.
      relatedSkus: products.relatedSkus,
      metadata: products.metadata,
      brandName: brands.name,
      brandSlug: brands.slug,
      categoryName: categories.name,
      categorySlug: categories.slug,
      key: sql<number | string>`${key}`.as('sort_key'),
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(
      productPrices,
      and(eq(productPrices.productId, products.id), eq(productPrices.channelSlug, channelSlug)),
    );
}
type ProductRow = Awaited<ReturnType<typeof productSelect>>[number];

/** spec 01 §3: the metadata key holding the case quantity, an integer on the wire. */
export const CASE_QTY_KEY = 'manufacture_case_qty';

/**
 * The product's metadata as the spec shapes it: the stored key/value pairs, with
 * manufacture_case_qty as the integer the cart uses (the `case_qty` column), added when missing.
 */
export function metadataOf(row: Pick<ProductRow, 'metadata' | 'caseQty'>): Product['metadata'] {
  const rest = row.metadata.filter((entry) => entry.key !== CASE_QTY_KEY);
  return [{ key: CASE_QTY_KEY, value: row.caseQty }, ...rest];
}

const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A product row as lists show it, at the caller's price (spec 01 §6), with the spec's fields (§3). */
export function toSummary(row: ProductRow, pricing: PricingContext): Product {
  const price = priceFor(
    { brandSlug: row.brandSlug, msrpCents: row.msrpCents, discountedCents: row.discountedCents },
    pricing,
  );
  const paid = { gross: moneyOf(price.cents) };
  // The list price: the msrp, else the price paid (as product_prices.list_cents).
  const list = { gross: moneyOf(row.msrpCents ?? price.cents) };
  return {
    id: row.id,
    sku: row.sku,
    shortCode: shortCodeOf(row.sku),
    name: row.name,
    brand: { name: row.brandName, slug: row.brandSlug },
    category: { name: row.categoryName, slug: row.categorySlug },
    image: row.images[0] ?? null,
    price,
    msrpCents: row.msrpCents,
    isAvailable: row.isAvailable,
    isAvailableForPurchase: row.isAvailableForPurchase,
    caseQty: row.caseQty,
    product_name: row.name,
    pricing: {
      priceRange: { start: paid, stop: paid },
      priceRangeUndiscounted: { start: list, stop: list },
    },
    msrp: row.msrpCents === null ? null : moneyOf(row.msrpCents).amount,
    attributes: [
      {
        attribute: { name: 'Brand Name', slug: 'brand-name' },
        values: [{ name: row.brandName, slug: row.brandSlug }],
      },
      {
        attribute: { name: 'related-product-skus', slug: 'related-product-skus' },
        values: row.relatedSkus.map((sku) => ({ name: sku, slug: slugOf(sku) })),
      },
    ],
    metadata: metadataOf(row),
    defaultVariant: { sku: row.sku },
  };
}

/** Products by id, in the order asked, at the session's prices (unknown ids are left out). */
export async function productsByIds(ctx: AppContext, auth: AuthService, request: FastifyRequest, ids: string[]) {
  const { pricing, channelSlug } = await pricingForRequest(ctx, auth, request);
  const rows = await productSelect(ctx, channelSlug).where(inArray(products.id, ids));
  const byId = new Map(rows.map((row) => [row.id, toSummary(row, pricing)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The best sellers of the last 90 days (dashboard). */
export async function popularProducts(ctx: AppContext, auth: AuthService, request: FastifyRequest, limit: number) {
  const { pricing, channelSlug } = await pricingForRequest(ctx, auth, request);
  const rows = await productSelect(ctx, channelSlug)
    .where(eq(products.isAvailable, true))
    .orderBy(desc(products.popularity), asc(products.id))
    .limit(limit);
  return rows.map((row) => toSummary(row, pricing));
}

/** One product by SKU with its description, pictures, related SKUs and metadata; 404 'Not Found'. */
export async function productBySku(ctx: AppContext, auth: AuthService, request: FastifyRequest, sku: string) {
  const { pricing, channelSlug } = await pricingForRequest(ctx, auth, request);
  const [row] = await productSelect(ctx, channelSlug).where(eq(products.sku, sku.toUpperCase()));
  if (!row) throw new HttpError(404, messages.notFound);
  const [detail] = await ctx.db
    .select({ description: products.description })
    .from(products)
    .where(eq(products.id, row.id));
  return { ...toSummary(row, pricing), images: row.images, relatedSkus: row.relatedSkus, ...detail! };
}
