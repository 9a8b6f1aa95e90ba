import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  productSchema,
  searchProductsResponseSchema,
  type PricingContext,
  type SearchProductsResponse,
} from '@portal/contracts';
import { pricedPartOf, unpricedSummaryOf, type ProductRow } from './repo/products.ts';

/**
 * The search answer as sent (POST /api/search-products), checked against the contract like every route's
 * answer. A page's product is two parts of JSON: what every asker is shown (`head`: written once per index,
 * spec 01 §3) and the asker's price (spec 01 §6), so a page from the index costs a price per row, not a
 * product's whole contract check and JSON.
 */
const writerOf = <S extends z.ZodType>(schema: S) =>
  serializerCompiler({ schema, method: 'POST', url: '/api/search-products' }) as (value: z.input<S>) => string;

const writeUnpriced = writerOf(productSchema.omit({ price: true, pricing: true }));
const writeEnvelope = writerOf(searchProductsResponseSchema.omit({ results: true }));

/** An object's JSON without its braces (never empty here: every part has fields). */
const fieldsOf = (json: string) => json.slice(1, -1);

/** A product's summary but its price, as JSON fields (no braces). */
export const summaryHeadOf = (row: Omit<ProductRow, 'discountedCents' | 'key'>) =>
  fieldsOf(writeUnpriced(unpricedSummaryOf(row)));

/** A product of a page: its shared JSON, what its price is worked out from, and its place in the order. */
export interface ListedRow {
  id: string;
  key: number | string;
  head: string;
  brandSlug: string;
  msrpCents: number | null;
  discountedCents: number;
}

/** A product row read by the database, as a page lists it. */
export const listedOf = (row: ProductRow): ListedRow => ({
  id: row.id,
  key: row.key,
  head: summaryHeadOf(row),
  brandSlug: row.brandSlug,
  msrpCents: row.msrpCents,
  discountedCents: row.discountedCents,
});

/** The whole answer: the page's products at the asker's price, then the count, cursors and account. */
export function writeSearchAnswer(
  rows: readonly ListedRow[],
  pricing: PricingContext,
  rest: Omit<SearchProductsResponse, 'results'>,
): string {
  // The price part is the contract's type built from integer cents (pricedPartOf): written as it is.
  const results = rows.map((row) => `{${row.head},${fieldsOf(JSON.stringify(pricedPartOf(row, pricing)))}}`);
  return `{"results":[${results.join(',')}],${fieldsOf(writeEnvelope(rest))}}`;
}
