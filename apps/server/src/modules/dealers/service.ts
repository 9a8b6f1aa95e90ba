import type { z } from 'zod';
import {
  can,
  DEALER_TEXTS,
  messages,
  type Dealer,
  type DealerList,
  type dealerUpdateSchema,
  type Installer,
  type InstallerList,
  type installerUpdateSchema,
  type UserInfo,
  type updateUserPermissionsSchema,
} from '@portal/contracts';
import type { DescribedActivityList } from '@portal/contracts/activity';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { viewerOf } from '../../plugins/actor.ts';
import { refuse } from '../../refusal.ts';
import type { ActingBusiness, Actor } from '../../actor.ts';
import { setRetired } from '../users/index.ts';
import {
  findDealer,
  findInstallerOfDealer,
  installersOfDealerByUserIds,
  listInstallersOfDealer,
  setPurchasers,
  updateDealer,
  updateInstaller,
  type DealerRow,
  type InstallerRow,
} from './repo.ts';
import * as repo from './repo.ts';

/** A dealer is always the acting business's: its partner fields are the actor's business. */
const toDealer = (dealer: DealerRow, partner: ActingBusiness): Dealer => ({
  id: dealer.id,
  dealer_id: dealer.id,
  business_partner: { id: partner.id, sapBpCode: partner.sapBpCode, companyName: partner.companyName },
  is_public_profile: dealer.isPublicProfile,
  contact_email: dealer.contactEmail,
  dealer_profile: dealer.profile as Dealer['dealer_profile'],
});

const toInstaller = (row: InstallerRow): Installer => ({
  id: row.id,
  installer_id: row.id,
  user_id: row.userId,
  dealer_id: row.dealerId,
  is_owner: row.isOwner,
  is_retired: row.isRetired,
  is_purchaser: row.isPurchaser,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.email,
});

/**
 * spec 01 §6: a dealer's staff — names, e-mails, rights, invitations, what reps did for it — is for
 * those who see My Business: owners, and sales reps acting for a business unless they are outside
 * reps. The named rule `myBusiness` of contracts/permissions.ts, which the web's profile menu asks
 * too, for the person signed in and whether the session acts for a business; the dealer is the acting one.
 */
export const seesMyBusiness = (actor: Actor) => can(viewerOf(actor), 'myBusiness');

/** 403 with `detail` unless the actor sees My Business of `dealerId` (the acting dealer). */
export function requireMyBusiness(actor: Actor, dealerId: string, detail: string) {
  // The person acted as must belong to that dealer too: the owner, or the dealer primary a rep impersonates.
  if (!seesMyBusiness(actor) || actor.actingUser.dealer_id !== dealerId) throw refuse.forbidden(detail);
}

/**
 * The dealer the actor acts for, if `dealerId` (when given) is it; otherwise 404, as if another
 * dealer did not exist. Always the acting context's — never an id from the browser alone.
 */
export function actingDealerOf(actor: Actor, dealerId?: string) {
  const actingDealerId = actor.business?.dealerId ?? null;
  if (!actingDealerId || (dealerId !== undefined && dealerId !== actingDealerId))
    throw refuse.notFound(dealerId === undefined ? DEALER_TEXTS.noBusiness : DEALER_TEXTS.dealerNotFound);
  return { dealerId: actingDealerId, business: actor.business! };
}

/**
 * Changes to the dealer are the owner's (spec 02 §6). A sales rep who impersonates the dealer
 * primary acts as that owner; an outside rep acts as themself and has no My Business (spec 01 §6).
 */
const requireManager = (actor: Actor, dealerId: string) => requireMyBusiness(actor, dealerId, DEALER_TEXTS.ownersOnly);

const pageLinks = (count: number, limit: number, offset: number) => ({
  count,
  next: offset + limit < count ? offset + limit : null,
  previous: offset > 0 ? Math.max(0, offset - limit) : null,
});

/**
 * What this service asks of modules that sit above it, passed in by app.ts: business-partners and
 * acting import this module's door, so their shapes are named here rather than imported.
 */
interface Partners {
  /** The caller's user info (business-partners), answered after a change of who may purchase. */
  userInfo(actor: Actor): Promise<UserInfo>;
}
interface ActivityLog {
  /** One page of what reps did for a business, newest first (acting's activity log). */
  ofBusiness(
    businessPartnerId: string,
    page: { limit: number; offset: number },
  ): Promise<Pick<DescribedActivityList, 'count' | 'results'>>;
}

/**
 * The dealer and its staff (spec 02 §3, §7), and what reps did for it (issue 5). Which dealer is
 * always the actor's — the user's own, or the business a sales rep selected.
 */
export function createDealerService(ctx: AppContext, partners: Partners, activityLog: ActivityLog) {
  /** GET /api/dealers: the acting dealer (none for a rep without a business, an admin or a consumer). */
  async function listDealers(actor: Actor): Promise<DealerList> {
    const dealerId = actor.business?.dealerId;
    const row = dealerId ? await findDealer(ctx.db, dealerId) : null;
    const results = row ? [toDealer(row, actor.business!)] : [];
    return { count: results.length, next: null, previous: null, results };
  }

  async function getDealer(actor: Actor, id: string): Promise<Dealer> {
    const { dealerId, business } = actingDealerOf(actor, id);
    const row = await findDealer(ctx.db, dealerId);
    if (!row) throw refuse.notFound(DEALER_TEXTS.dealerNotFound);
    return toDealer(row, business);
  }

  async function listInstallers(
    actor: Actor,
    id: string,
    page: { limit: number; offset: number },
  ): Promise<InstallerList> {
    const { dealerId } = actingDealerOf(actor, id);
    // issue 14: colleagues' names, e-mails and rights only for those who manage them.
    requireMyBusiness(actor, dealerId, messages.staffOwnersOnly);
    const { rows, count } = await listInstallersOfDealer(ctx.db, dealerId, page.limit, page.offset);
    return { ...pageLinks(count, page.limit, page.offset), results: rows.map(toInstaller) };
  }

  /** PATCH /api/installer/{id}: purchasing rights and retirement; the owner stays an active purchaser. */
  async function patchInstaller(
    actor: Actor,
    installerId: string,
    changes: z.output<typeof installerUpdateSchema>,
  ): Promise<Installer> {
    const dealerId = actor.business?.dealerId;
    const installer = dealerId ? await findInstallerOfDealer(ctx.db, dealerId, installerId) : null;
    if (!dealerId || !installer) throw refuse.notFound(DEALER_TEXTS.installerNotFound);
    requireManager(actor, dealerId);
    const isTheOwner = installer.isOwner || installer.userId === actor.actingUser.id;
    if (isTheOwner && changes.is_retired === true) throw refuse.invalid(DEALER_TEXTS.ownerCannotRetire);
    if (isTheOwner && changes.is_purchaser === false) throw refuse.invalid(DEALER_TEXTS.ownerKeepsPurchasing);
    await ctx.db.transaction(async (tx) => {
      await updateInstaller(tx, installer.id, { isPurchaser: changes.is_purchaser, isRetired: changes.is_retired });
      // Retirement lives on the installer record and on the user (prices, spec 01 §6): both change together.
      if (changes.is_retired !== undefined) await setRetired(tx, installer.userId, changes.is_retired);
    });
    return toInstaller((await findInstallerOfDealer(ctx.db, dealerId, installerId))!);
  }

  /** PATCH /api/dealer/{id}: public flag, contact e-mail (lowercased) and profile fields, merged. */
  async function patchDealer(actor: Actor, id: string, changes: z.output<typeof dealerUpdateSchema>): Promise<Dealer> {
    const { dealerId, business } = actingDealerOf(actor, id);
    requireManager(actor, dealerId);
    const row = await findDealer(ctx.db, dealerId);
    if (!row) throw refuse.notFound(DEALER_TEXTS.dealerNotFound);
    const profileChanges = Object.fromEntries(
      Object.entries(changes.dealer_profile ?? {}).filter(([, value]) => value !== undefined),
    );
    await updateDealer(ctx.db, dealerId, {
      isPublicProfile: changes.is_public_profile,
      contactEmail: changes.contact_email,
      profile: changes.dealer_profile ? { ...row.profile, ...profileChanges } : undefined,
    });
    return toDealer((await findDealer(ctx.db, dealerId))!, business);
  }

  /**
   * POST /api/update-user-permissions (spec 02 §4): purchasing rights of the acting dealer's
   * installers, in one transaction; answers the refreshed user info. Every id must be a member of
   * this dealer's staff; the owner's rights can not be removed.
   */
  async function updateUserPermissions(
    actor: Actor,
    input: z.output<typeof updateUserPermissionsSchema>,
  ): Promise<UserInfo> {
    const { dealerId } = actingDealerOf(actor);
    requireManager(actor, dealerId);
    const ids = [...new Set([...input.addUsersId, ...input.removeUsersId])];
    const staff = await installersOfDealerByUserIds(ctx.db, dealerId, ids);
    if (staff.length !== ids.length) throw refuse.notFound(DEALER_TEXTS.installerNotFound);
    const removed = new Set(input.removeUsersId);
    if (staff.some((s) => s.isOwner && removed.has(s.userId))) throw refuse.invalid(DEALER_TEXTS.ownerKeepsPurchasing);
    await setPurchasers(ctx.db, dealerId, input.addUsersId, input.removeUsersId);
    return partners.userInfo(actor);
  }

  /** GET /api/my-business/activity: what was done for the business while impersonating (issue 5). */
  async function activity(actor: Actor, page: { limit: number; offset: number }): Promise<DescribedActivityList> {
    const { dealerId, business } = actingDealerOf(actor);
    requireManager(actor, dealerId);
    const { count, results } = await activityLog.ofBusiness(business.id, page);
    return { ...pageLinks(count, page.limit, page.offset), results };
  }

  return { listDealers, getDealer, listInstallers, patchInstaller, patchDealer, updateUserPermissions, activity };
}

export type DealerService = ReturnType<typeof createDealerService>;

// ---- Writes other modules make in their own transaction (issue 16) --------------------------------

/** A business's new dealer record (an approved dealer request); its owner publishes the profile from /my-business. */
export function createDealer(tx: Tx, dealer: Parameters<typeof repo.createDealer>[1]): Promise<string> {
  return repo.createDealer(tx, dealer);
}

/** A user joins a dealer's staff: the owner when a dealer request is approved, an installer when invited. */
export function addInstaller(tx: Tx, installer: { userId: string; dealerId: string; isOwner: boolean }): Promise<void> {
  return repo.addInstaller(tx, installer);
}
