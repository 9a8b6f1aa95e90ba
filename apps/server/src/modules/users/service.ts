import type { Preferences, Session } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../actor.ts';
import { savePreferencesRow } from './repo.ts';

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
    await savePreferencesRow(ctx.db, actor.user.id, next);
    return next;
  }

  return { sessionOf, savePreferences };
}
export type UsersService = ReturnType<typeof createUsersService>;
