import { sql, type SQL } from 'drizzle-orm';

/**
 * The dealers module's read projections: SQL values other modules compose into their own queries (the
 * per-request actor's business and user, a partner of a dealer).
 */

/** The dealer record of the business `businessId` names, as SQL (the per-request actor reads it). */
export const dealerIdOfBusiness = (businessId: SQL) =>
  sql<string | null>`(select d.id from dealers d where d.business_partner_id = ${businessId} limit 1)`;

/** The business whose dealer record `dealerId` is, as SQL. */
export const businessIdOfDealer = (dealerId: SQL | string) =>
  sql<string | null>`(select d.business_partner_id from dealers d where d.id = ${dealerId})`;

/** The installer record of the user `userId` names (dealer, owner, purchaser), as one SQL value, or null. */
export const installerJsonOf = (userId: SQL) =>
  sql<{ dealer_id: string; is_owner: boolean; is_purchaser: boolean } | null>`(select json_build_object(
    'dealer_id', i.dealer_id, 'is_owner', i.is_owner, 'is_purchaser', i.is_purchaser)
    from installers i where i.user_id = ${userId} limit 1)`;
