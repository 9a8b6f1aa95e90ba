import { describe, expect, it } from 'vitest';
import { buildSkuFragments } from './sku-fragments.ts';

const tick = () => Promise.resolve();

/** What `sku ilike '%fragment%'` keeps, the slow way. */
const everyMatch = (skus: string[], fragment: string) =>
  skus.flatMap((sku, idx) => (sku.toLowerCase().includes(fragment.toLowerCase()) ? [idx] : []));

describe('the SKU fragment index', () => {
  it('finds exactly the SKUs that hold a fragment, in any case, in catalog order', async () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const alphabet = 'ABCRS-0123459_%';
    const skus = Array.from({ length: 2000 }, () =>
      Array.from(
        { length: 4 + Math.floor(random() * 10) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join(''),
    );
    skus.push('CB-RSS-R5925', 'cb-rss-r5925x', 'AAAA', 'aaa');
    const index = await buildSkuFragments(skus, tick, 100);
    const fragments = ['CB-RSS-R5925', 'rss-r59', 'aaa', 'AAAA', 'R59', '5_%', '%%%', 'zzz', 'a-b', '0123'];
    for (let i = 0; i < 300; i++) {
      const sku = skus[Math.floor(random() * skus.length)]!;
      const at = Math.floor(random() * (sku.length - 3));
      const fragment = sku.slice(at, at + 3 + Math.floor(random() * (sku.length - at - 2)));
      fragments.push(random() < 0.5 ? fragment.toLowerCase() : fragment);
    }
    for (const fragment of fragments)
      expect([...index.matches(fragment)], fragment).toEqual(everyMatch(skus, fragment));
  });

  it('tells many products that hold every trigram of a fragment from those that hold the fragment', async () => {
    // Decoys hold all of "qm-sd"'s trigrams (qm-, m-s, -sd) but not the fragment; thousands of each, mixed.
    const skus = Array.from({ length: 6000 }, (_, i) =>
      i % 3 === 0 ? `QM-SD-X${i}` : i % 3 === 1 ? `QM-S${i}-SD` : `PT-SD-${i}`,
    );
    skus.push('qm-sd', 'xqm-sdx', 'QM-S-SD');
    const index = await buildSkuFragments(skus, tick);
    for (const fragment of ['QM-SD', 'qm-sd-x', 'M-SD', 'S-SD', '-SD-', 'QM-S1', 'QM-SD-X5997', 'D-X3', 'SD-X'])
      expect([...index.matches(fragment)], fragment).toEqual(everyMatch(skus, fragment));
  });

  it('lists a product once for a trigram its SKU holds twice', async () => {
    const index = await buildSkuFragments(['ABABAB', 'XABX'], tick);
    expect([...index.matches('aba')]).toEqual([0]);
    expect([...index.matches('BAB')]).toEqual([0]);
    expect([...index.matches('xab')]).toEqual([1]);
    expect([...index.matches('abx')]).toEqual([1]);
    expect(() => index.matches('ab')).toThrow();
  });
});
