import { sql, type SQL } from 'drizzle-orm';
import type { PortalUser } from '@portal/contracts';
import type { Db } from '../../db/client.ts';

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
 * per-request actor) can read it in its own. Null when no user has the id.
 */
export const portalUserJson = (userId: SQL | string) => sql<PortalUserJson | null>`(select json_build_object(
    'id', u.id, 'email', u.email, 'firstName', u.first_name, 'lastName', u.last_name, 'image', u.image,
    'isRetired', u.is_retired, 'accessType', u.access_type,
    'types', coalesce((select json_agg(json_build_object('type', t.type, 'is_owner', t.is_owner))
      from user_types t where t.user_id = u.id), '[]'::json),
    'groups', coalesce((select json_agg(g.name) from user_permission_groups ug
      join permission_groups g on g.id = ug.group_id where ug.user_id = u.id), '[]'::json),
    'installer', (select json_build_object('dealer_id', i.dealer_id, 'is_owner', i.is_owner,
      'is_purchaser', i.is_purchaser) from installers i where i.user_id = u.id limit 1))
  from users u where u.id = ${userId})`;

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

/** The signed-in user with everything the permission rules need, or null. */
export async function loadPortalUser(db: Db, userId: string): Promise<PortalUser | null> {
  const result = (await db.execute(sql`select ${portalUserJson(userId)} as "user"`)) as {
    rows: { user: PortalUserJson | null }[];
  };
  const row = result.rows[0]?.user;
  return row ? toPortalUser(row) : null;
}
