/**
 * The SKU fragment of a search (`sku ilike '%term%'`, repo/filters.ts) as the index answers it: every SKU's
 * trigrams, each with the products that hold it (issue 33). A fragment's matches are among the products
 * all its trigrams hold, so only those are compared with it: most terms are words no SKU holds
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
  // Every SKU in one string, a line each (a fragment has no spaces: skuFragmentOf), read in catalog order
  // when candidates are checked, rather than a string object per product scattered in memory.
  const text = lower.join('\n');
  const starts = new Int32Array(lower.length + 1);
  for (let idx = 0, at = 0; idx <= lower.length; idx++) {
    starts[idx] = at;
    at += (lower[idx]?.length ?? 0) + 1;
  }
  /** The candidates (ascending) whose SKU holds `wanted`, each occurrence found once through the text. */
  const holding = (candidates: Int32Array, wanted: string) => {
    const found = new Int32Array(candidates.length);
    let count = 0;
    let at = -1;
    for (let i = 0; i < candidates.length; i++) {
      const idx = candidates[i]!;
      if (at < starts[idx]!) {
        at = text.indexOf(wanted, starts[idx]);
        if (at === -1) break;
      }
      if (at + wanted.length < starts[idx + 1]!) found[count++] = idx;
    }
    return found.subarray(0, count);
  };

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
      // The products every trigram's list holds, rarest first (few are left after two or three), then the
      // fragment itself: its trigrams may stand apart in a SKU.
      let candidates = lists[0]!;
      for (let i = 1; i < lists.length && candidates.length > FEW; i++)
        candidates = intersection(candidates, lists[i]!);
      // A few are compared one by one; many, through the text in order (whose scan from a candidate that
      // does not hold the fragment runs on to the next that does: cheap only when candidates are dense).
      return candidates.length <= SCANNED_FROM
        ? candidates.filter((idx) => text.slice(starts[idx]!, starts[idx + 1]! - 1).includes(wanted))
        : holding(candidates, wanted);
    },
  } satisfies SkuFragments;
}

/** Candidates this few are compared with the fragment at once, without narrowing them further. */
const FEW = 32;
/** From this many candidates on, they are checked through the text of every SKU rather than one by one. */
const SCANNED_FROM = 256;

/**
 * The positions in both ascending lists, ascending: each of the shorter one sought in the longer one by
 * galloping from where the last was found (lists of any two sizes in time near the shorter one's).
 */
function intersection(shorter: Int32Array, longer: Int32Array) {
  const both = new Int32Array(shorter.length);
  let found = 0;
  let from = 0;
  for (let i = 0; i < shorter.length && from < longer.length; i++) {
    const value = shorter[i]!;
    let step = 1;
    while (from + step < longer.length && longer[from + step]! < value) step *= 2;
    let lo = from + (step >> 1);
    let hi = Math.min(from + step + 1, longer.length);
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (longer[mid]! < value) lo = mid + 1;
      else hi = mid;
    }
    if (longer[lo] === value) both[found++] = value;
    from = lo;
  }
  return both.subarray(0, found);
}
