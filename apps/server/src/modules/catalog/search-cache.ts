import type { Db } from '../../db/client.ts';
import { changeFeedOf, EVERYONE } from '../../db/changes.ts';
import { createMemo, type Memo } from '../../db/memo.ts';

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
export function cached<T>(db: Db, kind: string, key: string, query: () => Promise<T>, maxAgeMs = COUNT_CACHE_MS) {
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
