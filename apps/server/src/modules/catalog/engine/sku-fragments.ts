/**
 * The SKU fragment of a search (`sku ilike '%term%'`, repo/filters.ts) as the index answers it: every SKU's
 * trigrams, each with the products that hold it (issue 33). A fragment's matches are among the products
 * both its two rarest trigrams hold, so only those are compared with it: most terms are words no SKU holds
 * (an empty or a short list), and a SKU or part of one is nearly unique. A three-character fragment is its own trigram:
 * its list is the answer. FTS5's trigram table merged the lists of every trigram of the fragment and read
 * each candidate's text, 0.7 ms for a whole SKU and up to 24 ms for a short one at 100k.
 *
 * Case is folded as the database folds it for ASCII (SKUs are ASCII; toLowerCase beyond it).
 */

/** A fragment shorter than this has no trigram: the search never asks one (skuFragmentOf). */
const GRAM = 3;

export interface SkuFragments {
  /** The products (their positions in the catalog, ascending) whose SKU holds `fragment`, any case. */
  matches(fragment: string): Int32Array;
}

/** Builds the trigram lists of `skus` (position i is product i), yielding every `chunk` SKUs. */
export async function buildSkuFragments(skus: readonly string[], tick: () => Promise<void>, chunk = 5000) {
  const lower = skus.map((sku) => sku.toLowerCase());
  const lists = new Map<string, number[]>();
  for (let idx = 0; idx < lower.length; idx++) {
    const sku = lower[idx]!;
    for (let at = 0; at + GRAM <= sku.length; at++) {
      const gram = sku.slice(at, at + GRAM);
      let list = lists.get(gram);
      if (!list) lists.set(gram, (list = []));
      // Each product once per trigram: the positions arrive ascending, so a repeat is the last one.
      if (list[list.length - 1] !== idx) list.push(idx);
    }
    if (idx % chunk === chunk - 1) await tick();
  }
  const postings = new Map<string, Int32Array>();
  for (const [gram, list] of lists) postings.set(gram, Int32Array.from(list));
  const none = new Int32Array(0);

  return {
    matches(fragment: string) {
      const wanted = fragment.toLowerCase();
      if (wanted.length < GRAM) throw new Error('a SKU fragment has at least three characters');
      const lists: Int32Array[] = [];
      for (let at = 0; at + GRAM <= wanted.length; at++) {
        const list = postings.get(wanted.slice(at, at + GRAM));
        if (!list) return none;
        lists.push(list);
      }
      lists.sort((a, b) => a.length - b.length);
      if (wanted.length === GRAM) return lists[0]!;
      // The products of the two rarest trigrams, then the fragment itself (its trigrams may be apart).
      const candidates = lists.length > 1 ? intersection(lists[0]!, lists[1]!) : lists[0]!;
      return candidates.filter((idx) => lower[idx]!.includes(wanted));
    },
  } satisfies SkuFragments;
}

/** The positions in both ascending lists, ascending: each of the shorter one sought in the longer one. */
function intersection(shorter: Int32Array, longer: Int32Array) {
  const both: number[] = [];
  let from = 0;
  for (let i = 0; i < shorter.length && from < longer.length; i++) {
    const value = shorter[i]!;
    let lo = from;
    let hi = longer.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (longer[mid]! < value) lo = mid + 1;
      else hi = mid;
    }
    if (longer[lo] === value) both.push(value);
    from = lo;
  }
  return Int32Array.from(both);
}
