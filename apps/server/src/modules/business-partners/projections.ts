import { sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { ActingBusiness } from '../../actor.ts';
import { brandRefs } from '../catalog/index.ts';
import { dealerIdOfBusiness } from '../dealers/index.ts';
import { emailOf } from '../users/index.ts';
import { businessPartners } from './schema.ts';

/** The business-partners module's read projections: SQL values other modules compose into their own queries. */

/** Brand names and order are the catalog's: joined from its door. */
const brand = brandRefs();

/**
 * The business `businessId` names, with its channel, dealer record and approved brands, as one SQL
 * value, so the per-request actor reads it in its own query. Null when the id is null or unknown.
 */
export const actingBusinessJson = (businessId: SQL) => sql<ActingBusiness | null>`(select json_build_object(
    'id', bp.id, 'sapBpCode', bp.sap_bp_code, 'companyName', bp.company_name, 'channelSlug', bp.channel_slug,
    'dealerPrimaryUserId', bp.dealer_primary_user_id, 'dealerPrimaryEmail', ${emailOf(sql`bp.dealer_primary_user_id`)},
    'creditLimitCents', bp.credit_limit_cents,
    'dealerId', ${dealerIdOfBusiness(sql`bp.id`)},
    'approvedBrandSlugs', coalesce((select json_agg(${brand.slug} order by ${brand.position}, ${brand.name})
      from business_partner_approved_brands a join ${brand} on ${brand.id} = a.brand_id
      where a.business_partner_id = bp.id), '[]'::json))
  from business_partners bp where bp.id = ${businessId})`;

/** Partners as other modules' reads name them (the business a dealer request created), to join in their own query. */
export const partnerRefs = (as = 'partner_refs') =>
  new QueryBuilder()
    .select({
      id: businessPartners.id,
      sapBpCode: businessPartners.sapBpCode,
      companyName: businessPartners.companyName,
    })
    .from(businessPartners)
    .as(as);
