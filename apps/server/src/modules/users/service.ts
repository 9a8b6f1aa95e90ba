import type { Preferences, Session } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor } from '../../actor.ts';
import * as repo from './repo.ts';

/** The session as the browser mirrors it, and the user's screen preferences. */
export function createUsersService(ctx: AppContext) {
  /**
   * Who the browser is signed in as, with roles, the business acted for and the user's preferences; the
   * browser decides nothing. Made of the actor alone (its one cached read has the preferences too), so
   * a session answered from the actor cache reads nothing.
   */
  function sessionOf(actor: Actor | null): Session {
    const base = { site: ctx.config.SITE, otherSiteUrl: ctx.config.OTHER_SITE_URL };
    if (!actor) return { ...base, user: null, selectedBusiness: null, impersonatedUser: null, preferences: null };
    const { business, actingUser, impersonating } = actor;
    return {
      ...base,
      user: actor.user,
      selectedBusiness: business
        ? {
            sapBpCode: business.sapBpCode,
            companyName: business.companyName,
            approvedBrands: business.approvedBrandSlugs,
          }
        : null,
      impersonatedUser: impersonating
        ? {
            id: actingUser.id,
            first_name: actingUser.first_name,
            last_name: actingUser.last_name,
            email: actingUser.email,
          }
        : null,
      preferences: actor.preferences,
    };
  }

  /** spec 01 §9: saves the signed-in user's screen preferences (the search page size). */
  async function savePreferences(actor: Actor, changes: Partial<Preferences>): Promise<Preferences> {
    // The actor's preferences are the saved ones: its cache forgets them on any change to the row.
    const next = { ...actor.preferences, ...changes };
    await repo.savePreferencesRow(ctx.db, actor.user.id, next);
    return next;
  }

  return { sessionOf, savePreferences };
}
export type UsersService = ReturnType<typeof createUsersService>;

// ---- Writes other modules make to users, in their own transaction (issue 16) ----------------------

export type { NewPortalUser } from './repo.ts';

/**
 * A new portal user (an invited installer, an approved dealer's owner, a registering consumer) with
 * their type, permission group and, when given, password, in the caller's transaction.
 */
export function createPortalUser(tx: Tx, user: repo.NewPortalUser): Promise<void> {
  return repo.createPortalUser(tx, user);
}

/** The password chosen from a registration link; the link proved the address. */
export function completeRegistration(tx: Tx, userId: string, passwordHash: string): Promise<void> {
  return repo.completeRegistration(tx, userId, passwordHash);
}

/** spec 01 §6: a retired user sees msrp prices (dealers keep the installer's own flag beside it). */
export function setRetired(tx: Tx, userId: string, isRetired: boolean): Promise<void> {
  return repo.setRetired(tx, userId, isRetired);
}

/**
 * Holds the user's row until the caller's transaction ends (foreign keys to it still insert): the cart
 * serialises a user's cart changes and business selections on it.
 */
export function lockUserRow(tx: Tx, userId: string): Promise<void> {
  return repo.lockUserRow(tx, userId);
}

/**
 * spec 01 §4 preferred second factor: 'none' turns it off; 'sms' comes with the phone it was proven on.
 * Pass a transaction to change it together with the caller's other writes.
 */
export function setSecondFactor(
  db: Db | Tx,
  userId: string,
  factor: { mfaType: 'none' | 'totp' } | { mfaType: 'sms'; phoneNumber: string },
): Promise<void> {
  return repo.setSecondFactor(db, userId, factor);
}

/** A password reset moves the account to a new epoch of lockout counts (auth/lockout.ts). */
export function nextSignInEpoch(db: Db | Tx, userId: string): Promise<void> {
  return repo.nextSignInEpoch(db, userId);
}

/** spec 01 §7 PATCH user/{id}: the names (and the display name made of them) and the phone. */
export function updateProfile(
  db: Db | Tx,
  userId: string,
  profile: { firstName: string; lastName: string; phoneNumber: string | null },
): Promise<void> {
  return repo.updateProfile(db, userId, profile);
}

/**
 * A new sign-in e-mail, confirmed (its owner just proved it); false when no user has the id. Throws a
 * unique violation on `users_email_unique` when another account has the address.
 */
export function setSignInEmail(db: Db | Tx, userId: string, email: string): Promise<boolean> {
  return repo.setSignInEmail(db, userId, email);
}
