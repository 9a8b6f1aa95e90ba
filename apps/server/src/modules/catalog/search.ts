import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  ANONYMOUS_PRICING,
  APPROVED_BRANDS_VALUE,
  isSalesRep,
  priceFor,
  shortCodeOf,
  type PricingContext,
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

/**
 * POST /api/search-products: typo-tolerant search (full text, trigram word similarity, SKU and
 * short code), category and brand filters, the four sorts, keyset cursors (spec 01 §2.5, §4, §7).
 */
export async function searchProducts(
  ctx: AppContext,
  auth: AuthService,
  request: FastifyRequest,
  input: {
    limit: number;
    cursor?: string;
    filters: { sort: SearchSort; search?: string; categories: string[]; brands: string[] };
  },
): Promise<SearchProductsResponse> {
  const { pricing, channelSlug, account } = await pricingForRequest(ctx, auth, request);
  const price = priceCentsSql(pricing);
  const { sort, search, categories: categorySlugs } = input.filters;
  const brandSlugs = input.filters.brands.flatMap((slug) =>
    slug === APPROVED_BRANDS_VALUE ? pricing.approvedBrandSlugs : [slug],
  );

  const where: SQL[] = [];
  const term = search?.trim();
  if (term) {
    where.push(
      or(
        sql`${products.search} @@ websearch_to_tsquery('english', ${term})`,
        sql`${term} <% ${products.name}`,
        ilike(products.sku, `%${escapeLike(term)}%`),
      )!,
    );
  }
  if (categorySlugs.length) where.push(inArray(categories.slug, categorySlugs));
  if (input.filters.brands.length) {
    // "Approved brands only" for someone with none approved matches nothing.
    if (brandSlugs.length === 0) where.push(sql`false`);
    else where.push(inArray(brands.slug, brandSlugs));
  }

  const byPrice = sort === 'price-desc' || sort === 'price-asc';
  const key: SQL = byPrice ? sql`${price}` : sql`lower(${products.name})`;
  const descending = sort === 'price-desc' || sort === 'name-desc';
  const page = [...where];
  if (input.cursor) {
    const cursor = decodeCursor(input.cursor);
    if (typeof cursor.v !== (byPrice ? 'number' : 'string')) throw new HttpError(400, INVALID_CURSOR);
    page.push(
      descending
        ? sql`(${key}, ${products.id}) < (${cursor.v}, ${cursor.id}::uuid)`
        : sql`(${key}, ${products.id}) > (${cursor.v}, ${cursor.id}::uuid)`,
    );
  }

  const base = () =>
    ctx.db
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

  const [rows, [count]] = await Promise.all([
    base()
      .where(and(...page))
      .orderBy(...(descending ? [desc(key), desc(products.id)] : [asc(key), asc(products.id)]))
      .limit(input.limit),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(...where)),
  ]);

  const results = rows.map((row) => ({
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
  }));
  const cursorOf = (row: (typeof rows)[number]) =>
    encodeCursor({ v: byPrice ? Number(row.key) : String(row.key), id: row.id });
  return {
    results,
    totalCount: count!.n,
    startCursor: rows[0] ? cursorOf(rows[0]) : null,
    endCursor: rows.length ? cursorOf(rows.at(-1)!) : null,
    accountInformation: account,
  };
}
