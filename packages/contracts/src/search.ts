import { z } from 'zod';
import { PRODUCTS_PER_PAGE, SEARCH_SORTS } from './constants.ts';

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

export const accountInformationSchema = z
  .object({ sapBpCode: z.string(), companyName: z.string(), channel: z.string() })
  .nullable();

/** spec 01 §3 paged result. */
export const searchProductsResponseSchema = z.object({
  results: z.array(productSummarySchema),
  totalCount: z.number().int(),
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
  metadata: z.array(z.object({ key: z.string(), value: z.string() })),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const productsByIdsRequestSchema = z.object({ ids: z.array(z.uuid()).min(1).max(100) });
/** POST /api/vehicle-saleor-products (spec 01 §7): skus, and the original's sapBpCode (ignored: the session decides). */
export const productsBySkusRequestSchema = z.object({
  skus: z.array(z.string().trim().min(1).max(40)).min(1).max(100),
  sapBpCode: z.string().optional(),
});
export const productListSchema = z.object({ results: z.array(productSummarySchema) });

export const condensedProductSchema = productSummarySchema.pick({
  id: true,
  sku: true,
  name: true,
  image: true,
  price: true,
});
export const condensedProductListSchema = z.object({ results: z.array(condensedProductSchema) });

export const popularQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(24).default(8) });
