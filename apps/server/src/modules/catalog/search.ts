import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  ANONYMOUS_PRICING,
  APPROVED_BRANDS_VALUE,
  isSalesRep,
  messages,
  priceFor,
  shortCodeOf,
  type PricingContext,
  type ProductSummary,
  type SearchProductsResponse,
  type SearchSort,
} from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { AuthService } from '../auth/service.ts';
import { loadPortalUser } from '../users/service.ts';
import { users } from '../users/schema.ts';
import { businessPartnerApprovedBrands, businessPartners } from '../business-partners/schema.ts';
import { brands, categories, productPrices, products } from './schema.ts';
import { priceCentsSql } from './pricing-sql.ts';

export const INVALID_CURSOR = 'Invalid cursor';

/** Who is asking decides the prices (spec 01 §6): never what the browser sends. */
export async function pricingForRequest(ctx: AppContext, auth: AuthService, request: FastifyRequest) {
  const { session } = await auth.currentSession(request);
  if (!session) return { pricing: ANONYMOUS_PRICING, channelSlug: 'msrp', account: null };
  const user = (await loadPortalUser(ctx.db, session.user.id))!;
  const [home] = await ctx.db
    .select({ bp: businessPartners })
    .from(users)
    .innerJoin(businessPartners, eq(businessPartners.id, users.businessPartnerId))
    .where(eq(users.id, user.id));
  // The business a user acts for: their own. A sales rep's selected business arrives with issue 5.
  const bp = home?.bp ?? null;
  const approved = bp
    ? (
        await ctx.db
          .select({ slug: brands.slug })
          .from(businessPartnerApprovedBrands)
          .innerJoin(brands, eq(brands.id, businessPartnerApprovedBrands.brandId))
          .where(eq(businessPartnerApprovedBrands.businessPartnerId, bp.id))
      ).map((b) => b.slug)
    : [];
  const rep = isSalesRep(user);
  const pricing: PricingContext = {
    signedIn: true,
    isRetired: user.is_retired,
    isSalesRep: rep,
    hasSelectedBusiness: bp !== null,
    approvedBrandSlugs: approved,
  };
  return {
    pricing,
    // A rep without a business sees the dealer channel's price (spec 01 §6: the discounted price).
    channelSlug: bp?.channelSlug ?? (rep ? 'dealer' : 'msrp'),
    account: bp ? { sapBpCode: bp.sapBpCode, companyName: bp.companyName, channel: bp.channelSlug } : null,
  };
}

interface Cursor {
  v: number | string;
  id: string;
}
const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
function decodeCursor(raw: string): Cursor {
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    if ((typeof parsed.v === 'number' || typeof parsed.v === 'string') && /^[0-9a-f-]{36}$/.test(parsed.id))
      return parsed;
  } catch {
    /* falls through */
  }
  throw new HttpError(400, INVALID_CURSOR);
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

type SearchInput = { sort: SearchSort; search?: string; categories: string[]; brands: string[] };

/** What a search means for this session: its prices, the filter conditions and the sort. */
async function prepareSearch(ctx: AppContext, auth: AuthService, request: FastifyRequest, filters: SearchInput) {
  const { pricing, channelSlug, account } = await pricingForRequest(ctx, auth, request);
  const brandSlugs = filters.brands.flatMap((slug) =>
    slug === APPROVED_BRANDS_VALUE ? pricing.approvedBrandSlugs : [slug],
  );
  const where: SQL[] = [];
  const term = filters.search?.trim();
  if (term) {
    // Full text (SKU and name), trigram word similarity (typos), and SKU or short code fragments.
    where.push(
      or(
        sql`${products.search} @@ websearch_to_tsquery('english', ${term})`,
        sql`${term} <% ${products.name}`,
        ilike(products.sku, `%${escapeLike(term)}%`),
      )!,
    );
  }
  if (filters.categories.length) where.push(inArray(categories.slug, filters.categories));
  if (filters.brands.length) {
    // "Approved brands only" for someone with none approved matches nothing.
    where.push(brandSlugs.length ? inArray(brands.slug, brandSlugs) : sql`false`);
  }
  const byPrice = filters.sort === 'price-desc' || filters.sort === 'price-asc';
  const key: SQL = byPrice ? sql`${priceCentsSql(pricing)}` : sql`lower(${products.name})`;
  const descending = filters.sort === 'price-desc' || filters.sort === 'name-desc';
  const order = descending ? [desc(key), desc(products.id)] : [asc(key), asc(products.id)];
  const cursorOf = (row: { key: number | string; id: string }) =>
    encodeCursor({ v: byPrice ? Number(row.key) : String(row.key), id: row.id });
  return { pricing, channelSlug, account, where, key, byPrice, descending, order, cursorOf };
}

/**
 * POST /api/search-products: typo-tolerant search (full text, trigram word similarity, SKU and
 * short code), category and brand filters, the four sorts, keyset cursors (spec 01 §2.5, §4, §7).
 */
export async function searchProducts(
  ctx: AppContext,
  auth: AuthService,
  request: FastifyRequest,
  input: { limit: number; cursor?: string; filters: SearchInput },
): Promise<SearchProductsResponse> {
  const search = await prepareSearch(ctx, auth, request, input.filters);
  const page = [...search.where];
  if (input.cursor) {
    const cursor = decodeCursor(input.cursor);
    if (typeof cursor.v !== (search.byPrice ? 'number' : 'string')) throw new HttpError(400, INVALID_CURSOR);
    page.push(
      search.descending
        ? sql`(${search.key}, ${products.id}) < (${cursor.v}, ${cursor.id}::uuid)`
        : sql`(${search.key}, ${products.id}) > (${cursor.v}, ${cursor.id}::uuid)`,
    );
  }
  const [rows, [count]] = await Promise.all([
    productSelect(ctx, search.channelSlug, search.key)
      .where(and(...page))
      .orderBy(...search.order)
      .limit(input.limit),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(...search.where)),
  ]);
  return {
    results: rows.map((row) => toSummary(row, search.pricing)),
    totalCount: count!.n,
    startCursor: rows[0] ? search.cursorOf(rows[0]) : null,
    endCursor: rows.length ? search.cursorOf(rows.at(-1)!) : null,
    accountInformation: search.account,
  };
}

/**
 * The cursor that starts page `page` of a search (spec 01 §4: a jump to a far page fetches its
 * cursor first; one step forward reuses the stored end cursor instead).
 */
export async function cursorForPage(
  ctx: AppContext,
  auth: AuthService,
  request: FastifyRequest,
  input: { limit: number; page: number; filters: SearchInput },
): Promise<{ endCursor: string | null }> {
  if (input.page <= 1) return { endCursor: null };
  const search = await prepareSearch(ctx, auth, request, input.filters);
  const [row] = await productSelect(ctx, search.channelSlug, search.key)
    .where(and(...search.where))
    .orderBy(...search.order)
    .offset((input.page - 1) * input.limit - 1)
    .limit(1);
  return { endCursor: row ? search.cursorOf(row) : null };
}

/** The columns every product list needs, priced in the acting channel; `key` is the sort value. */
export function productSelect(ctx: AppContext, channelSlug: string, key: SQL = sql`null`) {
  return ctx.db
    .select({
      id: products.id,
      sku: products.sku,
      name: products.name,
      images: products.images,
      msrpCents: products.msrpCents,
      discountedCents: productPrices.discountedCents,
      isAvailable: products.isAvailable,
      isAvailableForPurchase: products.isAvailableForPurchase,
      caseQty: products.caseQty,
      brandName: brands.name,
      brandSlug: brands.slug,
      categoryName: categories.name,
      categorySlug: categories.slug,
      key: sql<number | string>`${key}`,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(
      productPrices,
      and(eq(productPrices.productId, products.id), eq(productPrices.channelSlug, channelSlug)),
    );
}
type ProductRow = Awaited<ReturnType<typeof productSelect>>[number];

/** A product row as lists show it, at the caller's price (spec 01 §6). */
export function toSummary(row: ProductRow, pricing: PricingContext): ProductSummary {
  return {
    id: row.id,
    sku: row.sku,
    shortCode: shortCodeOf(row.sku),
    name: row.name,
    brand: { name: row.brandName, slug: row.brandSlug },
    category: { name: row.categoryName, slug: row.categorySlug },
    image: row.images[0] ?? null,
    price: priceFor(
      { brandSlug: row.brandSlug, msrpCents: row.msrpCents, discountedCents: row.discountedCents },
      pricing,
    ),
    msrpCents: row.msrpCents,
    isAvailable: row.isAvailable,
    isAvailableForPurchase: row.isAvailableForPurchase,
    caseQty: row.caseQty,
  };
}

/** Products by id, in the order asked, at the session's prices (unknown ids are left out). */
export async function productsByIds(ctx: AppContext, auth: AuthService, request: FastifyRequest, ids: string[]) {
  const { pricing, channelSlug } = await pricingForRequest(ctx, auth, request);
  const rows = await productSelect(ctx, channelSlug).where(inArray(products.id, ids));
  const byId = new Map(rows.map((row) => [row.id, toSummary(row, pricing)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The best sellers of the last 90 days (dashboard). */
export async function popularProducts(ctx: AppContext, auth: AuthService, request: FastifyRequest, limit: number) {
  const { pricing, channelSlug } = await pricingForRequest(ctx, auth, request);
  const rows = await productSelect(ctx, channelSlug)
    .where(eq(products.isAvailable, true))
    .orderBy(desc(products.popularity), asc(products.id))
    .limit(limit);
  return rows.map((row) => toSummary(row, pricing));
}

/** One product by SKU with its description, pictures, related SKUs and metadata; 404 'Not Found'. */
export async function productBySku(ctx: AppContext, auth: AuthService, request: FastifyRequest, sku: string) {
  const { pricing, channelSlug } = await pricingForRequest(ctx, auth, request);
  const [row] = await productSelect(ctx, channelSlug).where(eq(products.sku, sku.toUpperCase()));
  if (!row) throw new HttpError(404, messages.notFound);
  const [detail] = await ctx.db
    .select({ description: products.description, relatedSkus: products.relatedSkus, metadata: products.metadata })
    .from(products)
    .where(eq(products.id, row.id));
  return { ...toSummary(row, pricing), images: row.images, ...detail! };
}
