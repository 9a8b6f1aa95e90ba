import type { PortalUser, Preferences, PricingContext } from '@portal/contracts';

/**
 * Who a request acts as: a leaf that imports no module, so every module, plugin and job can name
 * the actor without importing the acting module that works it out (modules/acting/actor.ts).
 */

/** A business as the per-request actor needs it (business-partners' actingBusinessJson reads it). */
export interface ActingBusiness {
  id: string;
  sapBpCode: string;
  companyName: string;
  channelSlug: string;
  dealerPrimaryUserId: string | null;
  /** Where the business is written to: its dealer primary's e-mail (issue 27 §10), when it has one. */
  dealerPrimaryEmail: string | null;
  /** The dealer record of the business, when it has one. */
  dealerId: string | null;
  /** spec 01 §6: the brands the business may see discounted prices of, by slug, in the brands' order. */
  approvedBrandSlugs: string[];
  /** spec 02 §3 creditLimit in cents (0 for none): billing's credit standing reads it beside the ledger. */
  creditLimitCents: number;
}

/**
 * Who a request acts as, for which business and at which prices: decided once per request from the
 * session, never from what the browser sends (CONVENTIONS: one actor per request). Services take it
 * as their first argument, so a job or a test can call them with one.
 */
export interface Actor {
  sessionId: string;
  /** The person signed in. */
  user: PortalUser;
  /** The dealer primary a rep impersonates, else the user. */
  actingUser: PortalUser;
  impersonating: boolean;
  /** The business was chosen by a sales rep in this session. */
  selected: boolean;
  /** A rep's selected business, else the user's own; with its channel and approved brands. */
  business: ActingBusiness | null;
  /** spec 01 §6: what decides the prices this actor sees. */
  pricing: PricingContext;
  /** The channel whose prices this actor sees. */
  channelSlug: string;
  /** The signed-in user's screen preferences (spec 01 §9); /api/session answers them. */
  preferences: Preferences;
}

/**
 * Who besides the person signed in hears of what they did for a business (issue 27 §10): a rep's order
 * or payment is the business's, so its dealer primary is written to (the rep gets a copy). Nobody else
 * when a person acts for their own business.
 */
export function businessAlsoMailed(actor: Actor): string[] {
  const primary = actor.impersonating
    ? actor.actingUser.email
    : actor.selected
      ? actor.business?.dealerPrimaryEmail
      : null;
  return primary && primary !== actor.user.email ? [primary] : [];
}
