import { z } from 'zod';
import { CURRENCY, PRODUCTS_PER_PAGE, SEARCH_SORTS } from './constants.ts';

export const searchFiltersSchema = z.object({
  sort: z.enum(SEARCH_SORTS).default('price-desc'),
  search: z.string().trim().max(100).optional(),
  categories: z.array(z.string().max(60)).max(20).default([]),
  brands: z.array(z.string().max(60)).max(20).default([]),
});

/**
 * POST /api/search-products (spec 01 §7). `sapBpCode` is accepted for the original contract but
 * the server prices for the business the session acts for, whatever the browser sends.
 */
export const searchProductsRequestSchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .refine(
      (n) => (PRODUCTS_PER_PAGE as readonly number[]).includes(n),
      `Must be one of ${PRODUCTS_PER_PAGE.join(', ')}`,
    )
    .default(8),
  sapBpCode: z.string().optional(),
  filters: searchFiltersSchema.default({ sort: 'price-desc', categories: [], brands: [] }),
  cursor: z.string().max(200).optional(),
});
export type SearchProductsRequest = z.input<typeof searchProductsRequestSchema>;

export const productSummarySchema = z.object({
  id: z.string(),
  sku: z.string(),
  shortCode: z.string(),
  name: z.string(),
  brand: z.object({ name: z.string(), slug: z.string() }),
  category: z.object({ name: z.string(), slug: z.string() }),
  image: z.string().nullable(),
  price: z.object({ cents: z.number().int(), kind: z.enum(['discounted', 'msrp']) }),
  msrpCents: z.number().int().nullable(),
  isAvailable: z.boolean(),
  isAvailableForPurchase: z.boolean(),
  caseQty: z.number().int(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

/**
 * spec 01 §3 product fields as API clients of the original portal read them, sent alongside the
 * portal's own fields (issue 15 §7; docs/decisions.md "The contract's field names"). Money on the
 * wire is a decimal amount with its currency, as the commerce engine gave it; integer cents stay
 * the portal's unit (`price.cents`, `msrpCents`).
 */
export const moneySchema = z.object({ amount: z.number(), currency: z.string() });
export type Money = z.infer<typeof moneySchema>;
const priceRangeSchema = z.object({
  start: z.object({ gross: moneySchema }),
  stop: z.object({ gross: moneySchema }),
});
/** A metadata entry (spec 01 §3: key and value; manufacture_case_qty's value is an integer). */
export const productMetadataEntrySchema = z.object({ key: z.string(), value: z.union([z.string(), z.number().int()]) });
const attributeValueSchema = z.object({ name: z.string(), slug: z.string() });
export const productSpecFieldsSchema = z.object({
  product_name: z.string(),
  pricing: z.object({
    /** spec 01 §3 `{host}.amount` is `pricing.priceRange.start.gross.amount`: the price this asker pays (spec 01 §6). */
    priceRange: priceRangeSchema,
    /** The list price: the msrp, else the price paid. */
    priceRangeUndiscounted: priceRangeSchema,
  }),
  /** The msrp as a decimal amount; null when the product has none. */
  msrp: z.number().nullable(),
  /** 'Brand Name' (slug brand-name) and 'related-product-skus', as attribute + values. */
  attributes: z.array(z.object({ attribute: attributeValueSchema, values: z.array(attributeValueSchema) })),
  metadata: z.array(productMetadataEntrySchema),
  /** spec 01 §3 catalog product: each product is its one variant. */
  defaultVariant: z.object({ sku: z.string() }),
});
/** A product as every product answer carries it: the portal's fields and the spec's. */
export const productSchema = productSummarySchema.extend(productSpecFieldsSchema.shape);
export type Product = z.infer<typeof productSchema>;

/** Cents (the portal's unit) as the wire's decimal amount. */
export const moneyOf = (cents: number): Money => ({ amount: cents / 100, currency: CURRENCY });

export const accountInformationSchema = z
  .object({ sapBpCode: z.string(), companyName: z.string(), channel: z.string() })
  .nullable();

/** spec 01 §3 paged result. */
export const searchProductsResponseSchema = z.object({
  results: z.array(productSchema),
  /** Exact up to the server's bound (SEARCH_EXACT_COUNT_UP_TO, 10,000); above it, the bound itself. */
  totalCount: z.number().int(),
  /** False when the search matches more products than the bound: shown as '10,000+' (ours, not in the spec). */
  totalCountIsExact: z.boolean(),
  endCursor: z.string().nullable(),
  startCursor: z.string().nullable(),
  accountInformation: accountInformationSchema,
});
export type SearchProductsResponse = z.infer<typeof searchProductsResponseSchema>;

/** spec 01 §3: the last hyphen-separated segment of a SKU is its short code. */
export const shortCodeOf = (sku: string) => sku.slice(sku.lastIndexOf('-') + 1);

/** The cursor endpoint (spec 01 §7: same filters and limit; answers the end cursor before a page). */
export const searchCursorRequestSchema = z.object({
  limit: searchProductsRequestSchema.shape.limit,
  page: z.coerce.number().int().min(1).max(100_000),
  filters: searchProductsRequestSchema.shape.filters,
});
export const searchCursorResponseSchema = z.object({ endCursor: z.string().nullable() });

export const descriptionBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('paragraph'), text: z.string() }),
  z.object({ type: z.literal('heading'), text: z.string() }),
  z.object({ type: z.literal('list'), items: z.array(z.string()) }),
]);

/** GET /api/product-by-sku/{sku}: everything the product page shows. */
export const productDetailSchema = productSummarySchema.extend({
  description: z.array(descriptionBlockSchema),
  images: z.array(z.string()),
  relatedSkus: z.array(z.string()),
  metadata: z.array(productMetadataEntrySchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;
/** The product page's answer on the wire: the detail and the spec's product fields. */
export const productDetailResponseSchema = productDetailSchema.extend(productSpecFieldsSchema.shape);
export type ProductDetailResponse = z.infer<typeof productDetailResponseSchema>;

export const productsByIdsRequestSchema = z.object({ ids: z.array(z.uuid()).min(1).max(100) });
/** POST /api/vehicle-saleor-products (spec 01 §7): skus, and the original's sapBpCode (ignored: the session decides). */
export const productsBySkusRequestSchema = z.object({
  skus: z.array(z.string().trim().min(1).max(40)).min(1).max(100),
  sapBpCode: z.string().optional(),
});
export const productListSchema = z.object({ results: z.array(productSchema) });

export const condensedProductSchema = productSchema.pick({
  id: true,
  sku: true,
  name: true,
  image: true,
  price: true,
  product_name: true,
  pricing: true,
  defaultVariant: true,
});
export const condensedProductListSchema = z.object({ results: z.array(condensedProductSchema) });

export const popularQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(24).default(8) });
