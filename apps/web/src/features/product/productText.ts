import type { ProductDetail } from '@portal/contracts';

/** Labels a buyer reads for the metadata keys we know (spec 01 §3: manufacture_case_qty). */
const SPEC_LABELS: Record<string, string> = {
  manufacture_case_qty: 'Case quantity',
  warranty: 'Warranty',
};

/** Keys that only serve the catalog itself; the category is already shown above the table. */
const HIDDEN_SPEC_KEYS = new Set(['category_slug', 'related-product-skus', 'related_product_skus']);

/** 'install_time-minutes' → 'Install time minutes': a readable label for a key we do not know. */
const humanize = (key: string) => {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The specifications table: metadata with human labels, internal keys and empty values left out. */
export function specificationRows(metadata: ProductDetail['metadata']): { label: string; value: string }[] {
  // spec 01 §3: manufacture_case_qty's value is an integer, the others text.
  return metadata
    .map((m) => ({ key: m.key, value: String(m.value) }))
    .filter((m) => !HIDDEN_SPEC_KEYS.has(m.key) && m.value.trim() !== '')
    .map((m) => ({ label: SPEC_LABELS[m.key] ?? humanize(m.key), value: m.value }));
}

/** What the case quantity means to a buyer. */
export const caseText = (caseQty: number) => (caseQty > 1 ? `Case of ${caseQty}` : 'Sold individually');
