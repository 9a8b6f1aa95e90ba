import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { brandRefs } from '../catalog/index.ts';
import { businessIdOfDealer } from '../dealers/index.ts';
import { people } from '../users/index.ts';
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

/** A partner's addresses in the order they are listed: by type, then name. */
const addressOrder = [
  asc(businessPartnerAddresses.type),
  asc(businessPartnerAddresses.name),
  asc(businessPartnerAddresses.id),
];

export const addressesOf = (db: Db, partnerId: string) =>
  db
    .select()
    .from(businessPartnerAddresses)
    .where(eq(businessPartnerAddresses.businessPartnerId, partnerId))
    .orderBy(...addressOrder);

/**
 * What a checkout reads of a partner, in one statement: whether a resale certificate is on file, with
 * every address (none: one row whose address is null), in addressOrder.
 */
export const checkoutFactRows = (db: Db | Tx, partnerId: string) =>
  (db as Db)
    .select({ resaleCertificate: businessPartners.resaleCertificate, address: businessPartnerAddresses })
    .from(businessPartners)
    .leftJoin(businessPartnerAddresses, eq(businessPartnerAddresses.businessPartnerId, businessPartners.id))
    .where(eq(businessPartners.id, partnerId))
    .orderBy(...addressOrder);

/** Brand names and order are the catalog's: joined from its door. */
const brand = brandRefs();

/** The partner's approved brands, in the brands' order. */
export const approvedBrandsOf = (db: Db, partnerId: string) =>
  db
    .select({ name: brand.name, slug: brand.slug })
    .from(businessPartnerApprovedBrands)
    .innerJoin(brand, eq(brand.id, businessPartnerApprovedBrands.brandId))
    .where(eq(businessPartnerApprovedBrands.businessPartnerId, partnerId))
    .orderBy(asc(brand.position), asc(brand.name));

/** A person the partner names (its inside and outside sales reps), from the users module's door. */
export async function personById(db: Db, userId: string | null) {
  if (!userId) return null;
  const person = people();
  const [row] = await db
    .select({ id: person.id, firstName: person.firstName, lastName: person.lastName, email: person.email })
    .from(person)
    .where(eq(person.id, userId));
  return row ?? null;
}

/** The business a SAP BP code names (any case, spaces around ignored), or null. */
export async function partnerByCode(db: Db, sapBpCode: string) {
  const [row] = await db
    .select({ id: businessPartners.id, dealerPrimaryUserId: businessPartners.dealerPrimaryUserId })
    .from(businessPartners)
    .where(eq(businessPartners.sapBpCode, sapBpCode.trim().toUpperCase()));
  return row ?? null;
}

// ── Reads and writes other modules make through the door (queries.ts, service.ts) ──

/** The business whose dealer record `dealerId` is (the dealer an invitation names), or null. */
export async function partnerOfDealer(db: Db, dealerId: string) {
  const [row] = await db
    .select({ id: businessPartners.id, companyName: businessPartners.companyName })
    .from(businessPartners)
    .where(eq(businessPartners.id, businessIdOfDealer(dealerId)));
  return row ?? null;
}

export interface NewBusinessPartner {
  sapBpCode: string;
  companyName: string;
  channelSlug: string;
  country: string;
  phone: string;
  email: string;
  /** Its one address, its SHIPPING and its BILLING address alike. */
  address: Omit<typeof businessPartnerAddresses.$inferInsert, 'id' | 'businessPartnerId' | 'type'>;
  approvedBrandIds: string[];
}

/** A new business with its addresses and approved brands, in the caller's transaction. */
export async function createBusinessPartner(tx: Tx, partner: NewBusinessPartner) {
  const { address, approvedBrandIds, ...fields } = partner;
  const [row] = await tx.insert(businessPartners).values(fields).returning({
    id: businessPartners.id,
    sapBpCode: businessPartners.sapBpCode,
    companyName: businessPartners.companyName,
  });
  const businessPartnerId = row!.id;
  // Like every seeded business: one SHIPPING and one BILLING address, each the default of its kind.
  await tx.insert(businessPartnerAddresses).values([
    { ...address, businessPartnerId, type: 'SHIPPING', isDefaultShipping: true },
    { ...address, businessPartnerId, type: 'BILLING', isDefaultBilling: true },
  ]);
  if (approvedBrandIds.length > 0)
    await tx
      .insert(businessPartnerApprovedBrands)
      .values(approvedBrandIds.map((brandId) => ({ businessPartnerId, brandId })));
  return row!;
}

/** spec 01 §4: the user a sales rep impersonates when acting for the business. */
export async function setDealerPrimary(tx: Tx, partnerId: string, userId: string) {
  await tx.update(businessPartners).set({ dealerPrimaryUserId: userId }).where(eq(businessPartners.id, partnerId));
}

const SAP_BP_CODE_UNIQUE = 'business_partners_sap_bp_code_unique';
/** Codes taken by a concurrent registration are skipped this many times before giving up. */
const CODE_ATTEMPTS = 5;

/** spec 01 §4: B2C partners are coded `B2C-` and six digits; the next one after the highest in use. */
async function nextB2cCode(db: Tx): Promise<string> {
  const result = (await db.execute(sql`
    select coalesce(max(substring(sap_bp_code from 5)::int), 0) + 1 as next
    from business_partners where sap_bp_code ~ '^B2C-[0-9]{6}$'
  `)) as { rows: { next: number | string }[] };
  const next = Number(result.rows[0]!.next);
  if (next > 999_999) throw new Error('No B2C business partner code left');
  return `B2C-${String(next).padStart(6, '0')}`;
}

/**
 * A consumer's own business partner (msrp prices), with the next free B2C code. Two registrations at
 * once may pick the same code; the loser retries inside a savepoint with the next free one.
 */
export async function createB2cPartner(tx: Tx, companyName: string) {
  for (let attempt = 1; ; attempt++) {
    const sapBpCode = await nextB2cCode(tx);
    try {
      return await tx.transaction(
        async (savepoint) =>
          (
            await savepoint
              .insert(businessPartners)
              .values({ sapBpCode, companyName, channelSlug: 'msrp', country: 'US' })
              .returning({ id: businessPartners.id, sapBpCode: businessPartners.sapBpCode })
          )[0]!,
      );
    } catch (error) {
      if (attempt >= CODE_ATTEMPTS || !isUniqueViolation(error, SAP_BP_CODE_UNIQUE)) throw error;
    }
  }
}

/** What a checkout reads of a partner beside its addresses: the resale certificate and the credit line. */
export async function checkoutTermsOf(db: Db | Tx, partnerId: string, { lock = false } = {}) {
  const query = db
    .select({
      resaleCertificate: businessPartners.resaleCertificate,
      creditLimitCents: businessPartners.creditLimitCents,
    })
    .from(businessPartners)
    .where(eq(businessPartners.id, partnerId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}
