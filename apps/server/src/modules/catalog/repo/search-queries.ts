import { and, asc, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { refuse } from '../../../refusal.ts';
import { productPrices, products } from '../schema.ts';
import { decodeCursor, INVALID_CURSOR } from '../cursors.ts';
import { filterOf, type SearchInput } from './filters.ts';
import { priceCentsSql, priceWalks, type Prices } from './pricing.ts';
import { productSelect, type ProductRow } from './products.ts';

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
 * (termPriceSides): the channel price index and the list price index of `product_prices`.
 */
export async function searchQueries(
  db: Db,
  { pricing, channelSlug }: Pick<Prices, 'pricing' | 'channelSlug'>,
  input: { limit: number; cursor?: string; filters: SearchInput },
  /** The count stops at one more than this (SEARCH_EXACT_COUNT_UP_TO): `count` answers at most that. */
  countUpTo = 10_000,
) {
  const filter = await filterOf(db, pricing, input.filters);
  const { where } = filter;
  const sort = input.filters.sort;
  const byPrice = sort === 'price-desc' || sort === 'price-asc';
  const descending = sort === 'price-desc' || sort === 'name-desc';
  const direction = descending ? desc : asc;
  const cursor = input.cursor ? decodeCursor(input.cursor) : undefined;
  if (cursor && typeof cursor.v !== (byPrice ? 'number' : 'string')) throw refuse.invalid(INVALID_CURSOR);
  const after = (value: SQL | AnyColumn, id: AnyColumn) =>
    !cursor
      ? undefined
      : descending
        ? sql`(${value}, ${id}) < (${cursor.v}, ${cursor.id}::uuid)`
        : sql`(${value}, ${id}) > (${cursor.v}, ${cursor.id}::uuid)`;
  const side = (value: SQL | AnyColumn, id: AnyColumn, condition?: SQL) =>
    productSelect(db, channelSlug, sql`${value}`)
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
   * The price rule of a term's price sort as at most two walks, each along one column of
   * `product_prices` that is the price of every row it may return (priceWalks): the list price for the
   * brands priced at it, the channel price for the others; a brand condition only when both walk. Every
   * row a walk reads can be a match, so a term matching a share of the catalog fills a page in about
   * limit ÷ share rows. (The split by msrp it replaces walked the products without an msrp, 4 % of the
   * catalog, along the channel price, and the msrp walk read every null msrp first when descending: both
   * walks hit WALK_CAP and all matches were sorted.)
   */
  const termPriceSides = () => {
    const split = priceWalks(pricing, filter.brandIds, filter.approvedBrandIds);
    const both = split.discounted.length > 0 && split.list.length > 0;
    return (
      [
        [productPrices.discountedCents, split.discounted],
        [productPrices.listCents, split.list],
      ] as const
    ).flatMap(([column, ids]) =>
      ids.length ? [[column, both ? inArray(productPrices.brandId, ids) : undefined] as const] : [],
    );
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
    else
      walked = await Promise.all(
        termPriceSides().map(([column, condition]) =>
          boundedSide(column, productPrices.productId, and(...where, condition)!, cap),
        ),
      );
    if (walked.some((marks) => marks === null)) return read('sort');
    const sign = descending ? -1 : 1;
    const page = walked
      .flatMap((marks) => marks ?? [])
      .sort((a, b) => sign * (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, input.limit);
    return rowsOfMarks(db, channelSlug, page);
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
    if (!byPrice) {
      const name = sql`lower(${products.name})`;
      // Product names start with their brand: a walk along the whole catalog's names reads every brand before
      // the wanted one ("t-harnesses" of StealthCam at 1M: 6.9 s). With a brand filter, one walk per brand
      // along (brand, lower(name), id) instead, merged.
      const wanted = input.filters.brands.length > 0 ? [...new Set(filter.brandIds)] : [];
      if (!wanted.length) return side(name, products.id, and(...where));
      const perBrand = wanted.map((id) => side(name, products.id, and(...where, eq(products.brandId, id))));
      if (perBrand.length === 1) return perBrand[0]!;
      const order = descending ? 'desc' : 'asc';
      return unionAll(perBrand[0]!, perBrand[1]!, ...perBrand.slice(2))
        .orderBy(sql.raw(`"sort_key" ${order}`), sql.raw(`"id" ${order}`))
        .limit(input.limit);
    }
    if (filter.termWhere) {
      // A term's matches follow no brand or category: walks per brand would read every product of a
      // brand with no match. At most two walks along the whole catalog's price instead (termPriceSides).
      const sides = termPriceSides().map(([column, condition]) =>
        side(column, productPrices.productId, and(...where, condition)),
      );
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
    return productSelect(db, channelSlug, price)
      .where(found)
      .orderBy(direction(price), direction(products.id))
      .limit(input.limit);
  };
  // Counted up to one past the bound: a broad term at 1M products would otherwise read every one of its
  // 150,000 matches on every new filter set, for a number the pager shows as '10,000+'.
  const matching = db
    .select({ one: sql`1` })
    .from(products)
    .where(and(...where))
    .limit(countUpTo + 1)
    .as('matching');
  const count = db.select({ n: sql<number>`count(*)::int` }).from(matching);
  /**
   * Few matches are sorted after finding; but a price sort without a term always walks: its walks
   * read at most `limit` rows per brand and category, less than sorting even a few hundred matches. A
   * price sort of a term sorts up to FEW_TERM_MATCHES: a term's matches often sit in one stretch of
   * the price order (dash cameras are dear), which a walk from the other end reads its way to.
   */
  const few = byPrice && filter.termWhere ? FEW_TERM_MATCHES : FEW_MATCHES;
  // A count past the bound says only "many": walk.
  const plan = (matchCount: number) =>
    where.length > 0 && matchCount <= Math.min(few, countUpTo) && (!byPrice || filter.termWhere) ? 'sort' : 'walk';
  /** The page query `plan` chooses, whole (what EXPLAIN shows); the server reads `pageRows`. */
  const page = (matchCount: number) => read(plan(matchCount));
  return { page, pageRows, read, count, countKey: filter.key, byPrice };
}

/** The product rows of a page found by its ids and sort values (a walk, or the search index), in its order. */
export async function rowsOfMarks(
  db: Db,
  channelSlug: string,
  marks: readonly { id: string; key: number | string }[],
): Promise<ProductRow[]> {
  if (!marks.length) return [];
  const rows = new Map(
    (
      await productSelect(db, channelSlug).where(
        inArray(
          products.id,
          marks.map((mark) => mark.id),
        ),
      )
    ).map((row) => [row.id, row]),
  );
  return marks.flatMap(({ id, key }) => (rows.has(id) ? [{ ...rows.get(id)!, key }] : []));
}

/** The last row before page `page` of a search, in the search's own order (a far jump: rare). */
export async function pageStartRow(
  db: Db,
  { pricing, channelSlug }: Pick<Prices, 'pricing' | 'channelSlug'>,
  input: { limit: number; page: number; filters: SearchInput },
) {
  const { where } = await filterOf(db, pricing, input.filters);
  const byPrice = input.filters.sort === 'price-desc' || input.filters.sort === 'price-asc';
  const direction = input.filters.sort === 'price-desc' || input.filters.sort === 'name-desc' ? desc : asc;
  // One offset query over the whole price rule.
  const key: SQL = byPrice ? sql`${priceCentsSql(pricing)}` : sql`lower(${products.name})`;
  const [row] = await productSelect(db, channelSlug, key)
    .where(and(...where))
    .orderBy(direction(key), direction(products.id))
    .offset((input.page - 1) * input.limit - 1)
    .limit(1);
  return row;
}
