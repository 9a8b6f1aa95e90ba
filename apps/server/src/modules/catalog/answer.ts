import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  CURRENCY,
  priceFor,
  productSchema,
  searchProductsResponseSchema,
  type PricingContext,
  type SearchProductsResponse,
} from '@portal/contracts';
import { unpricedSummaryOf, type ProductRow } from './repo/products.ts';

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

/** A money's JSON as moneyOf(cents) is written: whole cents over 100 are what JSON.stringify writes too. */
const grossOf = (cents: number) => `{"gross":{"amount":${cents / 100},"currency":${JSON.stringify(CURRENCY)}}}`;

/**
 * The price part of a product's summary as JSON fields (no braces): exactly pricedPartOf's object
 * (repo/products.ts) as JSON.stringify writes it, without building the object (answer.test.ts holds the two
 * equal). It is a page's per-row work: a page of 100 made 800 objects only to write them.
 */
export function pricedFieldsOf(
  row: Pick<ListedRow, 'brandSlug' | 'msrpCents' | 'discountedCents'>,
  pricing: PricingContext,
) {
  const price = priceFor(row, pricing);
  const paid = grossOf(price.cents);
  // The list price: the msrp, else the price paid (as product_prices.list_cents).
  const list = row.msrpCents === null ? paid : grossOf(row.msrpCents);
  return `"price":{"kind":"${price.kind}","cents":${price.cents}},"pricing":{"priceRange":{"start":${paid},"stop":${paid}},"priceRangeUndiscounted":{"start":${list},"stop":${list}}}`;
}

/** The whole answer: the page's products at the asker's price, then the count, cursors and account. */
export function writeSearchAnswer(
  rows: readonly ListedRow[],
  pricing: PricingContext,
  rest: Omit<SearchProductsResponse, 'results'>,
): string {
  // The price part is the contract's type built from integer cents (pricedFieldsOf): written as it is.
  let results = '';
  for (const row of rows) results += `${results ? ',' : ''}{${row.head},${pricedFieldsOf(row, pricing)}}`;
  return `{"results":[${results}],${fieldsOf(writeEnvelope(rest))}}`;
}
