import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { accounts, permissionGroups, userPermissionGroups, userPreferences, users, userTypes } from './schema.ts';

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
