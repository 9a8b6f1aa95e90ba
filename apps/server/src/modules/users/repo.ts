import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { preferencesSchema, type PortalUser, type Preferences } from '@portal/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { accounts, permissionGroups, userPermissionGroups, userPreferences, users, userTypes } from './schema.ts';

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
 * Locks a user's row until the transaction ends (no key update: foreign keys to it still insert). The
 * cart serialises a user's cart changes and business selections on it.
 */
export async function lockUserRow(tx: Tx, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/** The id of the user with this email, or null (bench scripts sign nobody in). */
export async function userIdByEmail(db: Db, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? null;
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

/** A portal user another module creates (an invited installer, an approved dealer's owner). */
export interface NewPortalUser {
  id: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  phoneNumber?: string | null;
  businessPartnerId: string;
  /** spec 01 §3 user_type entry. */
  type: string;
  isOwner: boolean;
  /** The name of their one permission group (PERMISSION_GROUPS); none for a consumer (spec 01 §3). */
  group?: string;
  /** Their password's hash; without it the user finishes the registration from an e-mailed link. */
  passwordHash?: string;
}

/** The user with their type, permission group and (when given) credential, in the caller's transaction. */
export async function createPortalUser(tx: Tx, user: NewPortalUser) {
  const [group] = user.group
    ? await tx.select({ id: permissionGroups.id }).from(permissionGroups).where(eq(permissionGroups.name, user.group))
    : [];
  if (user.group && !group) throw new Error(`No permission group ${user.group}`);
  await tx.insert(users).values({
    id: user.id,
    name: `${user.firstName} ${user.lastName}`,
    email: user.email,
    emailVerified: user.emailVerified,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber ?? null,
    businessPartnerId: user.businessPartnerId,
  });
  if (user.passwordHash)
    await tx.insert(accounts).values({
      id: randomUUID(),
      accountId: user.id,
      providerId: 'credential',
      userId: user.id,
      password: user.passwordHash,
    });
  await tx.insert(userTypes).values({ userId: user.id, type: user.type, isOwner: user.isOwner });
  if (group) await tx.insert(userPermissionGroups).values({ userId: user.id, groupId: group.id });
}

/** A user made for someone else, and whether they have chosen a password yet (their link works until then). */
export async function registrationStateOf(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      hasPassword: sql<boolean>`exists (select 1 from ${accounts} where ${and(
        eq(accounts.userId, users.id),
        eq(accounts.providerId, 'credential'),
        isNotNull(accounts.password),
      )})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ? { ...row, hasPassword: Boolean(row.hasPassword) } : null;
}

/** The password chosen from a registration link; the link proved the address. */
export async function completeRegistration(tx: Tx, userId: string, passwordHash: string) {
  await tx
    .insert(accounts)
    .values({ id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: passwordHash })
    .onConflictDoUpdate({ target: accounts.id, set: { password: passwordHash } });
  await tx.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
}

/** spec 01 §6: a retired user sees msrp prices (dealers keep the installer's own flag beside it). */
export async function setRetired(tx: Tx, userId: string, isRetired: boolean) {
  await tx.update(users).set({ isRetired }).where(eq(users.id, userId));
}

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

export async function savePreferencesRow(db: Db, userId: string, preferences: { searchPageSize: number | null }) {
  await db
    .insert(userPreferences)
    .values({ userId, ...preferences })
    .onConflictDoUpdate({ target: userPreferences.userId, set: preferences });
}

// ---- The columns sign-in, the second factor and the account service read and write (issue 16) ------

/** A user's record as the identity calls see it: sign-in e-mail, second factor, lockout epoch, names. */
const userRecord = {
  id: users.id,
  email: users.email,
  emailVerified: users.emailVerified,
  firstName: users.firstName,
  lastName: users.lastName,
  phoneNumber: users.phoneNumber,
  subscriberId: users.subscriberId,
  mfaType: users.mfaType,
  twoFactorEnabled: users.twoFactorEnabled,
  signInEpoch: users.signInEpoch,
};

/** The user who signs in with this e-mail (stored lowercased), or null. */
export async function userByEmail(db: Db | Tx, email: string) {
  const [row] = await db.select(userRecord).from(users).where(eq(users.email, email));
  return row ?? null;
}

export async function userById(db: Db | Tx, id: string) {
  const [row] = await db.select(userRecord).from(users).where(eq(users.id, id));
  return row ?? null;
}

export type UserRecord = NonNullable<Awaited<ReturnType<typeof userById>>>;

/**
 * spec 01 §4 preferred second factor: 'none' turns it off; 'sms' comes with the phone it was proven on.
 * Pass a transaction to change it together with the caller's other writes.
 */
export async function setSecondFactor(
  db: Db | Tx,
  userId: string,
  factor: { mfaType: 'none' | 'totp' } | { mfaType: 'sms'; phoneNumber: string },
) {
  await db
    .update(users)
    .set({ ...factor, twoFactorEnabled: factor.mfaType !== 'none' })
    .where(eq(users.id, userId));
}

/** A password reset moves the account to a new epoch of lockout counts (auth/lockout.ts). */
export async function nextSignInEpoch(db: Db | Tx, userId: string) {
  await db
    .update(users)
    .set({ signInEpoch: sql`${users.signInEpoch} + 1` })
    .where(eq(users.id, userId));
}

/** spec 01 §7 PATCH user/{id}: the names (and the display name made of them) and the phone. */
export async function updateProfile(
  db: Db | Tx,
  userId: string,
  profile: { firstName: string; lastName: string; phoneNumber: string | null },
) {
  await db
    .update(users)
    .set({ ...profile, name: `${profile.firstName} ${profile.lastName}` })
    .where(eq(users.id, userId));
}

/**
 * A new sign-in e-mail, confirmed (its owner just proved it); false when no user has the id. Throws a
 * unique violation on `users_email_unique` when another account has the address.
 */
export async function setSignInEmail(db: Db | Tx, userId: string, email: string) {
  const updated = await db
    .update(users)
    .set({ email, emailVerified: true })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return updated.length > 0;
}
