import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands } from '../catalog/schema.ts';
import { dealers, installers } from '../dealers/schema.ts';
import { users } from '../users/schema.ts';
import { businessPartnerAddresses, businessPartnerApprovedBrands, businessPartners } from './schema.ts';

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PartnerRow = typeof businessPartners.$inferSelect;
export type AddressRow = typeof businessPartnerAddresses.$inferSelect;

/**
 * The default shipping address's column of the partner in the outer query (one, even if data has
 * two). The outer column is written out: drizzle would render it unqualified, which binds to `a`.
 */
const defaultShippingColumn = (column: 'city' | 'country_area') =>
  sql<string | null>`(select a.${sql.raw(column)} from business_partner_addresses a
    where a.business_partner_id = business_partners.id and a.is_default_shipping
    order by a.id limit 1)`;

export interface PartnerPageOptions {
  /** Keyset: the page starts after this (company name, id). */
  after: { companyName: string; id: string } | null;
  limit: number;
  /** Only this partner (a user who sees only their own business). */
  onlyId?: string;
}

/** Partners by company name then id, one page plus one row to tell whether a next page exists. */
export async function listPartnerPage(db: Db, options: PartnerPageOptions) {
  const scope = options.onlyId ? eq(businessPartners.id, options.onlyId) : undefined;
  const after: SQL | undefined = options.after
    ? sql`(${businessPartners.companyName}, ${businessPartners.id}) > (${options.after.companyName}, ${options.after.id}::uuid)`
    : undefined;
  const [rows, totalCount] = await Promise.all([
    db
      .select({
        id: businessPartners.id,
        sapBpCode: businessPartners.sapBpCode,
        companyName: businessPartners.companyName,
        channelSlug: businessPartners.channelSlug,
        city: defaultShippingColumn('city'),
        countryArea: defaultShippingColumn('country_area'),
      })
      .from(businessPartners)
      .where(and(scope, after))
      .orderBy(asc(businessPartners.companyName), asc(businessPartners.id))
      .limit(options.limit + 1),
    db.$count(businessPartners, scope),
  ]);
  return { rows, totalCount };
}

/** The partner with this id (uuid) or SAP BP code, or null. */
export async function findPartner(db: Db, idOrCode: string): Promise<PartnerRow | null> {
  const key = idOrCode.trim();
  // Ids and codes are letters, digits and hyphens; anything else can not name a partner.
  if (!/^[\w-]{1,60}$/.test(key)) return null;
  const where = UUID_PATTERN.test(key)
    ? eq(businessPartners.id, key.toLowerCase())
    : eq(businessPartners.sapBpCode, key.toUpperCase());
  const [row] = await db.select().from(businessPartners).where(where);
  return row ?? null;
}

export const addressesOf = (db: Db, partnerId: string) =>
  db
    .select()
    .from(businessPartnerAddresses)
    .where(eq(businessPartnerAddresses.businessPartnerId, partnerId))
    .orderBy(asc(businessPartnerAddresses.type), asc(businessPartnerAddresses.name), asc(businessPartnerAddresses.id));

export const approvedBrandsOf = (db: Db, partnerId: string) =>
  db
    .select({ name: brands.name, slug: brands.slug })
    .from(businessPartnerApprovedBrands)
    .innerJoin(brands, eq(brands.id, businessPartnerApprovedBrands.brandId))
    .where(eq(businessPartnerApprovedBrands.businessPartnerId, partnerId))
    .orderBy(asc(brands.position), asc(brands.name));

const personColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email };

export async function personById(db: Db, userId: string | null) {
  if (!userId) return null;
  const [row] = await db.select(personColumns).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** The staff of the partner's dealer, with the flags that make up purchasing rights. */
export const staffOfPartner = (db: Db, partnerId: string) =>
  db
    .select({
      ...personColumns,
      isOwner: installers.isOwner,
      isPurchaser: installers.isPurchaser,
      isRetired: sql<boolean>`(${installers.isRetired} or ${users.isRetired})`,
    })
    .from(dealers)
    .innerJoin(installers, eq(installers.dealerId, dealers.id))
    .innerJoin(users, eq(users.id, installers.userId))
    .where(eq(dealers.businessPartnerId, partnerId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));

/** A business as the per-request actor needs it (actingBusinessJson). */
export interface ActingBusinessJson {
  id: string;
  sapBpCode: string;
  companyName: string;
  channelSlug: string;
  dealerPrimaryUserId: string | null;
  /** The dealer record of the business, when it has one. */
  dealerId: string | null;
  /** spec 01 §6: the brands the business may see discounted prices of, by slug, in the brands' order. */
  approvedBrandSlugs: string[];
}

/**
 * The business `businessId` names, with its channel, dealer record and approved brands, as one SQL
 * value, so the per-request actor reads it in its own query. Null when the id is null or unknown.
 */
export const actingBusinessJson = (businessId: SQL) => sql<ActingBusinessJson | null>`(select json_build_object(
    'id', bp.id, 'sapBpCode', bp.sap_bp_code, 'companyName', bp.company_name, 'channelSlug', bp.channel_slug,
    'dealerPrimaryUserId', bp.dealer_primary_user_id,
    'dealerId', (select d.id from dealers d where d.business_partner_id = bp.id limit 1),
    'approvedBrandSlugs', coalesce((select json_agg(b.slug order by b.position, b.name) from business_partner_approved_brands a
      join brands b on b.id = a.brand_id where a.business_partner_id = bp.id), '[]'::json))
  from business_partners bp where bp.id = ${businessId})`;

/** The business a SAP BP code names (any case, spaces around ignored), or null. */
export async function partnerByCode(db: Db, sapBpCode: string) {
  const [row] = await db
    .select({ id: businessPartners.id, dealerPrimaryUserId: businessPartners.dealerPrimaryUserId })
    .from(businessPartners)
    .where(eq(businessPartners.sapBpCode, sapBpCode.trim().toUpperCase()));
  return row ?? null;
}
