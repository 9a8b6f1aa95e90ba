import { eq, sql } from 'drizzle-orm';
import type { PortalUser } from '@portal/contracts';
import type { Db } from '../../db/client.ts';
import { users } from './schema.ts';

/**
 * The signed-in user with everything the permission rules need (spec 01 §3, §6), in one round trip:
 * every acting request reads it, so its types, groups and installer record come as subqueries.
 */
export async function loadPortalUser(db: Db, userId: string): Promise<PortalUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      image: users.image,
      isRetired: users.isRetired,
      accessType: users.accessType,
      // Written out with table names: drizzle leaves columns unqualified in a one-table select, and
      // "id" or "user_id" would then name the subquery's own table.
      types: sql<{ type: string; is_owner: boolean }[]>`coalesce((select json_agg(json_build_object(
          'type', t.type, 'is_owner', t.is_owner)) from user_types t where t.user_id = users.id), '[]'::json)`,
      groups: sql<string[]>`coalesce((select json_agg(g.name) from user_permission_groups ug
          join permission_groups g on g.id = ug.group_id where ug.user_id = users.id), '[]'::json)`,
      installer: sql<{ dealer_id: string; is_owner: boolean; is_purchaser: boolean } | null>`(select
          json_build_object('dealer_id', i.dealer_id, 'is_owner', i.is_owner, 'is_purchaser', i.is_purchaser)
          from installers i where i.user_id = users.id limit 1)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return null;
  const { types, groups, installer, ...user } = row;
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    image: user.image,
    is_retired: user.isRetired,
    access_type: user.accessType,
    user_type: types,
    // Sorted here, as JavaScript sorts (a database collation may order differently).
    permissionGroups: [...groups].sort(),
    dealer_id: installer?.dealer_id ?? null,
    installer: installer ? { is_owner: installer.is_owner, is_purchaser: installer.is_purchaser } : null,
  };
}
