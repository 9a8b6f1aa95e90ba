import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { searchWords } from '../schema.ts';

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
