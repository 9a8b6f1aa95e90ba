import type BetterSqlite3 from 'better-sqlite3';
import { wantedBrandSlugs, type SearchSort } from '@portal/contracts';
import { refuse } from '../../../refusal.ts';
import { decodeCursor, INVALID_CURSOR } from '../cursors.ts';
import type { SearchInput } from '../repo/filters.ts';
import { priceWalks, type Prices } from '../repo/pricing.ts';
import type { CatalogSnapshot } from '../repo/search-index.ts';
import { summaryHeadOf, type ListedRow } from '../answer.ts';
import { ftsOf, impliedBy, type Tsq, type Vocabulary } from './tsquery.ts';
import { buildSkuFragments } from './sku-fragments.ts';

/**
 * The catalog's search index in this process (issue 33; docs/decisions.md, "Search without caches"): SQLite's
 * FTS5, on the lexemes PostgreSQL stored (`products.search`), asked the tsquery the database would be asked.
 *
 * A sort order is the rowid. There is one FTS5 index per order (the name, and per channel the discounted
 * and the list price of `product_prices`), each product's rowid its rank in that order plus one, so
 * `order by rowid limit n` walks the order and stops after n matches, whatever the term. A dealer with
 * approved brands is priced at two columns (priceWalks): two walks, merged, as in search-queries.ts.
 * Filters are columns of the same document (category `c`, brand `b`, and, in the name order, the channels
 * the product has a price in, `h`), so a filter is part of the walk. The SKU fragment (`sku ilike
 * '%term%'`) is a list of every SKU trigram's products (sku-fragments.ts). Ranks are of one snapshot: an index
 * is built whole and replaced whole when the catalog changes (engine/index.ts).
 */

/**
 * A term as the index asks it: the spelling-corrected query, PostgreSQL's parse of punctuation, the SKU
 * fragment (the term itself when it may be one: skuFragmentOf).
 */
export type TermQueries = { corrected: Tsq | null; punctuation: Tsq | null; sku: string | null };

/** A row of a page: the product and its sort value (the price in cents, or the lower-case name). */
export type Mark = { id: string; key: number | string };

/** A search the index can not say exactly (a phrase, a lone NOT): the database answers it. */
export class NotIndexable extends Error {}

/** One sort order: every product's rank in it (rowid = rank + 1) and its sort value. */
interface Order {
  table: string;
  rankToIdx: Int32Array;
  idxToRank: Int32Array;
  keyOf: (idx: number) => number | string;
  /** Whether product idx may be listed in this order for the asking channel (the name order's `h`). */
  byChannel: boolean;
}

/** Each product's lexemes from its tsvector text (`'a':1A 'b':2`: quotes doubled, backslashes escaped). */
const lexemesOf = (tsvector: string) =>
  [...tsvector.matchAll(/'((?:[^'\\]|''|\\.)*)'/g)].map((m) => m[1]!.replaceAll("''", "'").replace(/\\(.)/g, '$1'));

const isWordChar = (ch: string) => /[\p{L}\p{N}]/u.test(ch);
/** Never a token of the category column (its tokens are c<number>): a condition no product meets. */
const NEVER = 'c : "never"';
const compare = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);
/** The first position of a sorted array whose value is at least `value` (its length when none is). */
function firstAtLeast<T extends number | string>(sorted: ArrayLike<T>, value: T) {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Keeps the first `take` ranks offered after a walk's rowid bound, in the walk's direction (as its SQL: rowid >
 * bound ascending, rowid < bound descending; rowid = rank + 1), without sorting all of them: a SKU prefix's
 * thousands of matches are offered once each, in no order, and only a page of them is wanted.
 */
function firstRanksAfter(bound: number, descending: boolean, take: number) {
  const best: number[] = [];
  const before = (a: number, b: number) => (descending ? a > b : a < b);
  return {
    best,
    offer(rank: number) {
      if (descending ? rank + 1 >= bound : rank + 1 <= bound) return;
      if (best.length === take && (take === 0 || !before(rank, best[take - 1]!))) return;
      let lo = 0;
      let hi = best.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (before(best[mid]!, rank)) lo = mid + 1;
        else hi = mid;
      }
      best.splice(lo, 0, rank);
      if (best.length > take) best.pop();
    },
  };
}

/** Two lists of ranks, each in the walk's direction, as one (each rank once), its first `take`. */
function mergeRanks(a: readonly number[], b: readonly number[], descending: boolean, take: number) {
  if (!b.length) return a.slice(0, take);
  const merged: number[] = [];
  let i = 0;
  let j = 0;
  while (merged.length < take && (i < a.length || j < b.length)) {
    const x = a[i];
    const y = b[j];
    const next = y === undefined || (x !== undefined && (descending ? x > y : x < y)) ? x! : y;
    if (next === x) i++;
    if (next === y) j++;
    merged.push(next);
  }
  return merged;
}

/** FTS5's prefix indexes hold prefixes of 2 to 4 characters (the tables' `prefix` option). */
const PREFIXES = [2, 3, 4];
const LONGEST_INDEXED_PREFIX = Math.max(...PREFIXES);
/** The most tokens a longer prefix is said as (an OR of them); past it, FTS5 merges the prefix itself. */
const MOST_NAMED_TOKENS = 64;

/**
 * Builds the index of a snapshot, yielding to the event loop every `chunk` rows (a large catalog takes
 * seconds; searches go to the database meanwhile). Null when the lexemes hold characters FTS5 can not
 * keep in one token (a quote or a space).
 */
export async function buildSearchIndex(Sqlite: typeof BetterSqlite3, snapshot: CatalogSnapshot, chunk = 5000) {
  const { products, prices, refs } = snapshot;
  const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
  const n = products.length;
  const ids = products.map((row) => row.id);
  const idxOf = new Map(ids.map((id, i) => [id, i]));
  const numbers = new Map(refs.map((row, i) => [row.id, i]));
  const categoryBySlug = new Map(refs.filter((r) => r.kind === 'c').map((r) => [r.slug, numbers.get(r.id)!]));
  const brandBySlug = new Map(refs.filter((r) => r.kind === 'b').map((r) => [r.slug, numbers.get(r.id)!]));
  const categoryOf = Int32Array.from(products, (row) => numbers.get(row.categoryId) ?? -1);
  const brandOf = Int32Array.from(products, (row) => numbers.get(row.brandId) ?? -1);
  const punctuation = new Set<string>();
  const documents = products.map((row) => {
    const words = lexemesOf(row.lex);
    for (const word of words) for (const ch of word) if (!isWordChar(ch)) punctuation.add(ch);
    return words.join(' ');
  });
  if ([...punctuation].some((ch) => ch === "'" || ch === '"' || /\s/.test(ch))) return null;

  const names = products.map((row) => row.lname);
  /** Each product's summary but its price, as the answer's JSON (answer.ts), written once here. */
  const heads: string[] = [];
  for (let idx = 0; idx < n; idx++) {
    heads.push(summaryHeadOf(products[idx]!));
    if (idx % chunk === chunk - 1) await tick();
  }
  const brandSlugs = products.map((row) => row.brandSlug);
  const msrps = products.map((row) => row.msrpCents);
  const orders = new Map<string, Order>();
  const orderOf = (table: string, idxToRank: Int32Array, keyOf: Order['keyOf'], byChannel = false): Order => {
    const rankToIdx = new Int32Array(n).fill(-1);
    idxToRank.forEach((rank, idx) => {
      if (rank >= 0) rankToIdx[rank] = idx;
    });
    return { table, rankToIdx, idxToRank, keyOf, byChannel };
  };
  orders.set(
    'name',
    orderOf(
      'f_name',
      Int32Array.from(products, (row) => row.nr),
      (idx) => names[idx]!,
      true,
    ),
  );
  const channels = [...new Set(prices.map((row) => row.ch))];
  const pricedIn = new Map(channels.map((ch) => [ch, new Uint8Array(n)]));
  const discountedIn = new Map<string, Float64Array>();
  channels.forEach((ch, t) => {
    const discounted = new Float64Array(n);
    const list = new Float64Array(n);
    const dr = new Int32Array(n).fill(-1);
    const lr = new Int32Array(n).fill(-1);
    const priced = pricedIn.get(ch)!;
    discountedIn.set(ch, discounted);
    for (const row of prices) {
      if (row.ch !== ch) continue;
      const idx = idxOf.get(row.id)!;
      discounted[idx] = row.d;
      list[idx] = row.l;
      dr[idx] = row.dr;
      lr[idx] = row.lr;
      priced[idx] = 1;
    }
    orders.set(
      `d:${ch}`,
      orderOf(`f_d${t}`, dr, (idx) => discounted[idx]!),
    );
    orders.set(
      `l:${ch}`,
      orderOf(`f_l${t}`, lr, (idx) => list[idx]!),
    );
  });

  const sqlite = new Sqlite(':memory:');
  sqlite.pragma('journal_mode = off');
  sqlite.pragma('synchronous = off');
  const tokenchars = [...punctuation].join('');
  const tokenize = `unicode61 remove_diacritics 0${tokenchars ? ` tokenchars '${tokenchars}'` : ''}`;
  sqlite.exec('begin');
  for (const [key, order] of orders) {
    sqlite.exec(
      `create virtual table ${order.table} using fts5(lex, c, b, h, content='', detail=column, prefix='${PREFIXES.join(' ')}', tokenize="${tokenize}")`,
    );
    const insert = sqlite.prepare(`insert into ${order.table}(rowid, lex, c, b, h) values (?, ?, ?, ?, ?)`);
    for (let rank = 0; rank < n; rank++) {
      const idx = order.rankToIdx[rank]!;
      if (idx < 0) continue;
      const h = key === 'name' ? channels.flatMap((ch, t) => (pricedIn.get(ch)![idx] ? [`h${t}`] : [])).join(' ') : '';
      insert.run(rank + 1, documents[idx], `c${categoryOf[idx]}`, `b${brandOf[idx]}`, h);
      if (rank % chunk === chunk - 1) await tick();
    }
  }
  sqlite.exec('commit');
  const skuFragments = await buildSkuFragments(
    products.map((row) => row.sku),
    tick,
    chunk,
  );
  for (const order of orders.values()) {
    sqlite.exec(`insert into ${order.table}(${order.table}) values ('optimize')`);
    await tick();
  }

  // The lexeme column's tokens, sorted: a prefix longer than the prefix indexes is said as its tokens.
  sqlite.exec(`create virtual table temp.vocabulary using fts5vocab(main, f_name, 'col')`);
  const tokens = (sqlite.prepare(`select term from temp.vocabulary where col = 'lex'`).pluck().all() as string[]).sort(
    compare,
  );
  sqlite.exec('drop table temp.vocabulary');

  const statements = new Map<string, BetterSqlite3.Statement>();
  const statement = (text: string) => {
    let s = statements.get(text);
    if (!s) statements.set(text, (s = sqlite.prepare(text)));
    return s;
  };
  /** The channels that price every product (their name walks need no channel condition). */
  const everyPricedIn = new Map(channels.map((ch) => [ch, pricedIn.get(ch)!.every((priced) => priced === 1)]));
  const vocabulary: Vocabulary = {
    known: (lexeme) => [...lexeme].every((ch) => isWordChar(ch) || punctuation.has(ch)),
    startingWith(prefix) {
      // FTS5 folds a query's case (unicode61): only a prefix it keeps as is (printable ASCII but capitals)
      // is looked up as typed.
      if (!/^[\x21-\x40\x5b-\x7e]+$/.test(prefix) || prefix.length <= LONGEST_INDEXED_PREFIX) return null;
      const found: string[] = [];
      for (let i = firstAtLeast(tokens, prefix); i < tokens.length && tokens[i]!.startsWith(prefix); i++)
        if (found.push(tokens[i]!) > MOST_NAMED_TOKENS) return null;
      return found;
    },
  };
  const channelNo = new Map(channels.map((ch, t) => [ch, t]));
  const allBrands = [...brandBySlug.values()];

  /**
   * A search as the index reads it, or NotIndexable. `term` is the trimmed term's queries (the caller
   * prepares and shares them per term, as the database path shares its corrections).
   */
  function search(prices: Pick<Prices, 'pricing' | 'channelSlug'>, filters: SearchInput, term: TermQueries | null) {
    const { pricing } = prices;
    const parts: string[] = [];
    let none = false;
    const categories = filters.categories.length
      ? filters.categories.flatMap((slug) => categoryBySlug.get(slug) ?? [])
      : null;
    if (categories && !categories.length) none = true;
    if (categories?.length) parts.push(`c : (${categories.map((c) => `c${c}`).join(' OR ')})`);
    const brands = filters.brands.length
      ? (wantedBrandSlugs(filters.brands, pricing.approvedBrandSlugs) ?? []).flatMap(
          (slug) => brandBySlug.get(slug) ?? [],
        )
      : null;
    if (brands && !brands.length) none = true;
    if (brands?.length) parts.push(`b : (${brands.map((b) => `b${b}`).join(' OR ')})`);
    const wanted = (idx: number) =>
      (!categories || categories.includes(categoryOf[idx]!)) && (!brands || brands.includes(brandOf[idx]!));

    let lexExpr: string | null = null;
    if (term) {
      const options: string[] = [];
      if (term.corrected) {
        const e = ftsOf(term.corrected, vocabulary, NEVER);
        if (e === null) throw new NotIndexable('corrected query');
        options.push(e);
      }
      // PostgreSQL's own parse of a term with punctuation adds no match when the corrected query holds
      // all of its matches; else FTS5 must say it too (not a phrase: no positions are kept).
      if (term.punctuation && !impliedBy(term.punctuation, term.corrected)) {
        const e = ftsOf(term.punctuation, vocabulary, NEVER);
        if (e === null) throw new NotIndexable('phrase');
        options.push(e);
      }
      lexExpr = options.length ? `(${options.join(' OR ')})` : null;
      if (!lexExpr && !term.sku) none = true;
    }
    let liked: Int32Array | undefined;
    /** The products whose SKU holds the fragment, ascending. */
    const likeMatches = () => (liked ??= skuFragments.matches(term!.sku!));

    /**
     * The first `take` ranks in `order` after the bound of the products the SKU fragment matches and the
     * filters keep, in the walk's direction.
     */
    const likedRanksAfter = (order: Order, sideBrands: number[] | null, bound: number, take: number) => {
      const first = firstRanksAfter(bound, descending, take);
      const matches = likeMatches();
      for (let i = 0; i < matches.length; i++) {
        const idx = matches[i]!;
        const rank = order.idxToRank[idx]!;
        if (rank >= 0 && wanted(idx) && listed(order, idx) && (!sideBrands || sideBrands.includes(brandOf[idx]!)))
          first.offer(rank);
      }
      return first.best;
    };

    const sort: SearchSort = filters.sort;
    const byPrice = sort === 'price-desc' || sort === 'price-asc';
    const descending = sort === 'price-desc' || sort === 'name-desc';
    const channel = channelNo.get(prices.channelSlug);
    const approved = pricing.approvedBrandSlugs.flatMap((slug) => brandBySlug.get(slug) ?? []);
    /** The orders walked and the brands each serves (search-queries.ts: termPriceSides and walks). */
    const sides: { order: Order; brands: number[] | null }[] = [];
    if (channel === undefined) {
      // No product has a price in this channel: nothing is listed (every search joins the channel's prices).
    } else if (!byPrice) sides.push({ order: orders.get('name')!, brands: null });
    else {
      const split = priceWalks(pricing, (brands ?? allBrands).map(String), approved.map(String));
      const both = split.discounted.length > 0 && split.list.length > 0;
      if (split.discounted.length)
        sides.push({
          order: orders.get(`d:${prices.channelSlug}`)!,
          brands: both ? split.discounted.map(Number) : null,
        });
      if (split.list.length)
        sides.push({ order: orders.get(`l:${prices.channelSlug}`)!, brands: both ? split.list.map(Number) : null });
    }
    const everyPriced = everyPricedIn.get(prices.channelSlug) === true;
    const listed = (order: Order, idx: number) => !order.byChannel || pricedIn.get(prices.channelSlug)![idx] === 1;

    /** The first `take` rows of one order after the cursor (rowid bound), matches only. */
    const walk = ({ order, brands: sideBrands }: (typeof sides)[number], bound: number, take: number) => {
      if (none) return [];
      const where = lexExpr ? [lexExpr, ...parts] : [...parts];
      if (sideBrands) where.push(`b : (${sideBrands.map((b) => `b${b}`).join(' OR ')})`);
      // Only when the channel leaves products out: a condition every product meets is a whole doclist to merge.
      if (order.byChannel && !everyPriced) where.push(`h : h${channel}`);
      const dir = descending ? 'desc' : 'asc';
      let ranks: number[];
      if (term && !lexExpr) ranks = [];
      else if (where.length)
        ranks = (
          statement(
            `select rowid from ${order.table} where ${order.table} match ? and rowid ${descending ? '<' : '>'} ? order by rowid ${dir} limit ?`,
          )
            .raw()
            .all(where.join(' AND '), bound, take) as [number][]
        ).map(([rowid]) => rowid - 1);
      else {
        // Nothing to match: the order itself, from the cursor.
        ranks = [];
        const step = descending ? -1 : 1;
        for (let rank = descending ? Math.min(bound - 2, n - 1) : bound; rank >= 0 && rank < n; rank += step) {
          const idx = order.rankToIdx[rank]!;
          if (idx >= 0 && listed(order, idx)) ranks.push(rank);
          if (ranks.length === take) break;
        }
      }
      if (term?.sku) {
        // The SKU fragment's matches, under the same filters, in this order after the cursor, merged in.
        ranks = mergeRanks(ranks, likedRanksAfter(order, sideBrands, bound, take), descending, take);
      }
      return ranks.map((rank) => {
        const idx = order.rankToIdx[rank]!;
        return { idx, key: order.keyOf(idx) };
      });
    };

    /** The rowid bound of a cursor in an order: later rows have rowid > bound (ascending) or < bound. */
    const boundOf = (order: Order, cursor: { v: number | string; id: string } | undefined) => {
      if (!cursor) return descending ? Number.MAX_SAFE_INTEGER : 0;
      let lo = 0;
      let hi = n;
      // The first rank after the cursor (ascending), or the first not before it (descending).
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        const idx = order.rankToIdx[mid]!;
        const c = idx < 0 ? 1 : compare(order.keyOf(idx), cursor.v) || compare(ids[idx]!, cursor.id);
        if (descending ? c < 0 : c <= 0) lo = mid + 1;
        else hi = mid;
      }
      return descending ? lo + 1 : lo;
    };
    const sign = descending ? -1 : 1;
    /** The first `take` rows after the cursor, all orders merged (as the server sorts them). */
    const rows = (cursor: { v: number | string; id: string } | undefined, take: number): Mark[] =>
      sides
        .flatMap((side) => walk(side, boundOf(side.order, cursor), take))
        .sort((a, b) => sign * (compare(a.key, b.key) || compare(ids[a.idx]!, ids[b.idx]!)))
        .slice(0, take)
        .map(({ idx, key }) => ({ id: ids[idx]!, key }));

    return {
      /** A page's rows, as the asker's channel prices them (rowsOf). */
      rowsOf: (marks: readonly Mark[]) => rowsOf(marks, prices.channelSlug),
      /** The page after `rawCursor` (400 INVALID_CURSOR for a cursor of another sort). */
      page(limit: number, rawCursor?: string) {
        const cursor = rawCursor ? decodeCursor(rawCursor) : undefined;
        if (cursor && typeof cursor.v !== (byPrice ? 'number' : 'string')) throw refuse.invalid(INVALID_CURSOR);
        return rows(cursor, limit);
      },
      /** The last row before page `page` (a far jump), or undefined past the end. */
      startRow: (limit: number, page: number): Mark | undefined =>
        rows(undefined, (page - 1) * limit)[(page - 1) * limit - 1],
      /** The matches counted up to one past `bound` (the count has no channel, as search-queries.ts `matching`). */
      count(bound: number) {
        if (none) return 0;
        const where = lexExpr ? [lexExpr, ...parts] : [...parts];
        if (term && !lexExpr) {
          let count = 0;
          for (const idx of likeMatches()) if (wanted(idx) && count <= bound) count++;
          return count;
        }
        if (!where.length) return Math.min(n, bound + 1);
        const expression = where.join(' AND ');
        if (!term?.sku)
          return statement(`select count(*) from (select 1 from f_name where f_name match ? limit ?)`)
            .pluck()
            .get(expression, bound + 1) as number;
        // The words' matches (up to one past the bound), and the SKU fragment's the words did not find.
        const found = new Set(
          statement(`select rowid from f_name where f_name match ? limit ?`)
            .pluck()
            .all(expression, bound + 1) as number[],
        );
        if (found.size > bound) return found.size;
        const name = orders.get('name')!;
        let count = found.size;
        for (const idx of likeMatches())
          if (count <= bound && wanted(idx) && !found.has(name.idxToRank[idx]! + 1)) count++;
        return count;
      },
    };
  }

  /**
   * The rows of a page as the answer lists them (answer.ts), from this snapshot (what it listed, as it was when
   * it was built): no query. A product without a price in the channel is left out, as the join does.
   */
  function rowsOf(marks: readonly Mark[], channelSlug: string): ListedRow[] {
    const discounted = discountedIn.get(channelSlug);
    const priced = pricedIn.get(channelSlug);
    if (!discounted || !priced) return [];
    return marks.flatMap(({ id, key }) => {
      const idx = idxOf.get(id);
      if (idx === undefined || !priced[idx]) return [];
      return [
        {
          id,
          key,
          head: heads[idx]!,
          brandSlug: brandSlugs[idx]!,
          msrpCents: msrps[idx]!,
          discountedCents: discounted[idx]!,
        },
      ];
    });
  }

  return {
    search,
    rowsOf,
    products: n,
    /** Whether its SQLite is open (a search of a closed index fails: engine/index.ts builds another). */
    get open() {
      return sqlite.open;
    },
    /** The SQLite database's size (its pages), for the bench. */
    bytes: () =>
      Number(sqlite.pragma('page_count', { simple: true })) * Number(sqlite.pragma('page_size', { simple: true })),
    close: () => sqlite.close(),
  };
}
export type SearchIndex = NonNullable<Awaited<ReturnType<typeof buildSearchIndex>>>;
