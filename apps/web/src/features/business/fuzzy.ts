import { LOCALE } from '@portal/contracts/constants';

/**
 * spec 01 §5: the select-business search is a case-insensitive fuzzy match on the name — the
 * typed characters appear in the name in the same order, not necessarily side by side. We also
 * match the code (a rep often knows it), ignore spaces in what was typed, and rank closer matches
 * first so "north" lists Northside before "Nashville Orthodontic Rentals".
 */
export interface BusinessOption {
  sapBpCode: string;
  companyName: string;
}

/** Where each typed character was found in `text`, or null when they are not all there in order. */
function positionsOf(needle: string, text: string): number[] | null {
  const positions: number[] = [];
  let from = 0;
  for (const char of needle) {
    const at = text.indexOf(char, from);
    if (at === -1) return null;
    positions.push(at);
    from = at + 1;
  }
  return positions;
}

const normalize = (value: string) => value.toLocaleLowerCase(LOCALE).replace(/\s+/g, '');

/**
 * How well `query` matches `text`: null for no match; lower is better. A run of consecutive
 * characters (a plain substring) beats a scattered match, and an early start beats a late one.
 */
export function fuzzyScore(query: string, text: string): number | null {
  const needle = normalize(query);
  if (!needle) return 0;
  // Spaces in the name are skipped too, so "northside auto" still finds "Northside Auto Sound".
  const haystack = normalize(text);
  const contiguous = haystack.indexOf(needle);
  if (contiguous !== -1) return contiguous;
  const positions = positionsOf(needle, haystack);
  if (!positions) return null;
  const span = positions[positions.length - 1]! - positions[0]! + 1;
  // Scattered matches rank after every substring match; tighter spans first.
  return 1000 + (span - needle.length) * 10 + positions[0]!;
}

export const matchesBusiness = (query: string, option: BusinessOption) =>
  fuzzyScore(query, option.companyName) !== null || fuzzyScore(query, option.sapBpCode) !== null;

/** The options that match `query`, best first; ties keep the given order (by name). */
export function filterBusinesses<T extends BusinessOption>(options: readonly T[], query: string): T[] {
  if (!normalize(query)) return [...options];
  const scored: { option: T; score: number; index: number }[] = [];
  options.forEach((option, index) => {
    const byName = fuzzyScore(query, option.companyName);
    const byCode = fuzzyScore(query, option.sapBpCode);
    const best = Math.min(byName ?? Infinity, byCode ?? Infinity);
    if (best !== Infinity) scored.push({ option, score: best, index });
  });
  return scored.sort((a, b) => a.score - b.score || a.index - b.index).map((s) => s.option);
}
