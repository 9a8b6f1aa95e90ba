import { eq } from 'drizzle-orm';
import type { PortalUser } from '@portal/contracts';
import type { Db } from '../../db/client.ts';
import { permissionGroups, userPermissionGroups, users, userTypes } from './schema.ts';
import { installers } from '../dealers/schema.ts';

/** The signed-in user with everything the permission rules need (spec 01 §3, §6). */
export async function loadPortalUser(db: Db, userId: string): Promise<PortalUser | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) return null;
  const [types, groups, staff] = await Promise.all([
    db.select({ type: userTypes.type, isOwner: userTypes.isOwner }).from(userTypes).where(eq(userTypes.userId, userId)),
    db
      .select({ name: permissionGroups.name })
      .from(userPermissionGroups)
      .innerJoin(permissionGroups, eq(permissionGroups.id, userPermissionGroups.groupId))
      .where(eq(userPermissionGroups.userId, userId)),
    db.select().from(installers).where(eq(installers.userId, userId)).limit(1),
  ]);
  const installer = staff[0];
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    image: row.image,
    is_retired: row.isRetired,
    access_type: row.accessType,
    user_type: types.map((t) => ({ type: t.type, is_owner: t.isOwner })),
    permissionGroups: groups.map((g) => g.name).sort(),
    dealer_id: installer?.dealerId ?? null,
    installer: installer ? { is_owner: installer.isOwner, is_purchaser: installer.isPurchaser } : null,
  };
}
