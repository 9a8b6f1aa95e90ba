import { sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { preferencesSchema, type PortalUser, type Preferences } from '@portal/contracts';
import { users } from './schema.ts';

/**
 * The users module's read projections: SQL values other modules compose into their own queries (the
 * per-request actor's one query, lists that show people), and how to read what they hand over.
 */

/** A portal user as the database hands it over (portalUserJson); toPortalUser makes it the contract's. */
export interface PortalUserJson {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  image: string | null;
  isRetired: boolean;
  accessType: string | null;
  types: { type: string; is_owner: boolean }[];
  groups: string[];
  installer: { dealer_id: string; is_owner: boolean; is_purchaser: boolean } | null;
}

/**
 * The user `userId` names, with everything the permission rules need (spec 01 §3, §6): types, groups
 * and installer record as subqueries, so one round trip reads it, and another module's query (the
 * per-request actor) can read it in its own. The installer record is the dealers module's: the caller
 * passes its fragment (`installerOf`). Null when no user has the id.
 */
export const portalUserJson = (
  userId: SQL | string,
  installerOf: (userId: SQL) => SQL,
) => sql<PortalUserJson | null>`(select json_build_object(
    'id', u.id, 'email', u.email, 'firstName', u.first_name, 'lastName', u.last_name, 'image', u.image,
    'isRetired', u.is_retired, 'accessType', u.access_type,
    'types', coalesce((select json_agg(json_build_object('type', t.type, 'is_owner', t.is_owner))
      from user_types t where t.user_id = u.id), '[]'::json),
    'groups', coalesce((select json_agg(g.name) from user_permission_groups ug
      join permission_groups g on g.id = ug.group_id where ug.user_id = u.id), '[]'::json),
    'installer', ${installerOf(sql`u.id`)})
  from users u where u.id = ${userId})`;

/** The e-mail of the user `userId` names, as SQL (null for none). */
export const emailOf = (userId: SQL | string) =>
  sql<string | null>`(select u.email from users u where u.id = ${userId})`;

/** The id of the business account a user belongs to (dealer staff, consumers), as SQL. */
export const homeBusinessIdOf = (userId: SQL | string) =>
  sql<string | null>`(select u.business_partner_id from users u where u.id = ${userId})`;

export function toPortalUser(row: PortalUserJson): PortalUser {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    image: row.image,
    is_retired: row.isRetired,
    access_type: row.accessType,
    user_type: row.types,
    // Sorted here, as JavaScript sorts (a database collation may order differently).
    permissionGroups: [...row.groups].sort(),
    dealer_id: row.installer?.dealer_id ?? null,
    installer: row.installer ? { is_owner: row.installer.is_owner, is_purchaser: row.installer.is_purchaser } : null,
  };
}

/**
 * People as other modules' reads show them (name, e-mail, retirement), for them to join by id in their
 * own query; `as` names the subquery when one query joins it twice (who acted, whom they acted as).
 */
export const people = (as = 'people') =>
  new QueryBuilder()
    .select({
      id: users.id,
      name: users.name,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      isRetired: users.isRetired,
    })
    .from(users)
    .as(as);

/** The user's saved screen preferences as the database hands them over (preferencesJson). */
export interface PreferencesJson {
  searchPageSize: number | null;
}

/**
 * The screen preferences of the user `userId` names, as SQL, for another module's query to read in its
 * own (the per-request actor caches them with the user); null when they saved none.
 */
export const preferencesJson = (userId: SQL | string) =>
  sql<PreferencesJson | null>`(select json_build_object('searchPageSize', p.search_page_size)
  from user_preferences p where p.user_id = ${userId})`;

const NO_PREFERENCES: Preferences = { searchPageSize: null };

/** What a user saved (spec 01 §9), or the defaults when they saved nothing. */
export const toPreferences = (row: PreferencesJson | null): Preferences =>
  row ? preferencesSchema.parse(row) : NO_PREFERENCES;
