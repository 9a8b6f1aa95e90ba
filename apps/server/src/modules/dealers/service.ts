import { signedIn } from '../../plugins/actor.ts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  DEALER_TEXTS,
  messages,
  profileMenuFor,
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
import { HttpError } from '../../plugins/errors.ts';
import type { Actor as Acting } from '../acting/index.ts';
import { describeActivity } from '../acting/activity.ts';
import type { BusinessPartnerService } from '../business-partners/service.ts';
import {
  findDealer,
  findInstallerOfDealer,
  installersOfDealerByUserIds,
  listImpersonationEvents,
  listInstallersOfDealer,
  setPurchasers,
  updateDealer,
  updateInstaller,
  type DealerRow,
  type InstallerRow,
} from './repo.ts';

const toDealer = ({ dealer, partner }: DealerRow): Dealer => ({
  id: dealer.id,
  dealer_id: dealer.id,
  business_partner: partner,
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
 * reps. Asked of the very rule the web's profile menu asks (`profileMenuFor`), for the person signed
 * in and whether the session acts for a business, as the shell does; the dealer is the acting one.
 */
export const seesMyBusiness = (current: Acting) => profileMenuFor(current.user, current.business !== null).myBusiness;

/** 403 with `detail` unless the session sees My Business of `dealerId` (the acting dealer). */
export function requireMyBusiness(current: Acting, dealerId: string, detail: string) {
  // The person acted as must belong to that dealer too: the owner, or the dealer primary a rep impersonates.
  if (!seesMyBusiness(current) || current.actingUser.dealer_id !== dealerId) throw new HttpError(403, detail);
}

const pageLinks = (count: number, limit: number, offset: number) => ({
  count,
  next: offset + limit < count ? offset + limit : null,
  previous: offset > 0 ? Math.max(0, offset - limit) : null,
});

/**
 * The dealer and its staff (spec 02 §3, §7). Which dealer is always the acting context's — the
 * user's own, or the business a sales rep selected — never an id from the browser alone: an id of
 * another dealer answers 404, as if it did not exist.
 */
export function createDealerService(ctx: AppContext, partners: BusinessPartnerService) {
  /** The dealer the session acts for, if this is it; otherwise 404. */
  async function actingDealer(request: FastifyRequest, dealerId?: string) {
    const current = signedIn(request);
    const actingDealerId = current.business?.dealerId ?? null;
    if (!actingDealerId || (dealerId !== undefined && dealerId !== actingDealerId))
      throw new HttpError(404, dealerId === undefined ? DEALER_TEXTS.noBusiness : DEALER_TEXTS.dealerNotFound);
    return { current, dealerId: actingDealerId };
  }

  /**
   * Changes to the dealer are the owner's (spec 02 §6). A sales rep who impersonates the dealer
   * primary acts as that owner; an outside rep acts as themself and has no My Business (spec 01 §6).
   */
  const requireManager = (current: Acting, dealerId: string) =>
    requireMyBusiness(current, dealerId, DEALER_TEXTS.ownersOnly);

  /** GET /api/dealers: the acting dealer (none for a rep without a business, an admin or a consumer). */
  async function listDealers(request: FastifyRequest): Promise<DealerList> {
    const current = signedIn(request);
    const dealerId = current.business?.dealerId;
    const row = dealerId ? await findDealer(ctx.db, dealerId) : null;
    const results = row ? [toDealer(row)] : [];
    return { count: results.length, next: null, previous: null, results };
  }

  async function getDealer(request: FastifyRequest, id: string): Promise<Dealer> {
    const { dealerId } = await actingDealer(request, id);
    const row = await findDealer(ctx.db, dealerId);
    if (!row) throw new HttpError(404, DEALER_TEXTS.dealerNotFound);
    return toDealer(row);
  }

  async function listInstallers(
    request: FastifyRequest,
    id: string,
    query: { limit: number; offset: number },
  ): Promise<InstallerList> {
    const { current, dealerId } = await actingDealer(request, id);
    // issue 14: colleagues' names, e-mails and rights only for those who manage them.
    requireMyBusiness(current, dealerId, messages.staffOwnersOnly);
    const { rows, count } = await listInstallersOfDealer(ctx.db, dealerId, query.limit, query.offset);
    return { ...pageLinks(count, query.limit, query.offset), results: rows.map(toInstaller) };
  }

  /** PATCH /api/installer/{id}: purchasing rights and retirement; the owner stays an active purchaser. */
  async function patchInstaller(
    request: FastifyRequest,
    installerId: string,
    changes: z.output<typeof installerUpdateSchema>,
  ): Promise<Installer> {
    const current = signedIn(request);
    const dealerId = current.business?.dealerId;
    const installer = dealerId ? await findInstallerOfDealer(ctx.db, dealerId, installerId) : null;
    if (!dealerId || !installer) throw new HttpError(404, DEALER_TEXTS.installerNotFound);
    requireManager(current, dealerId);
    const isTheOwner = installer.isOwner || installer.userId === current.actingUser.id;
    if (isTheOwner && changes.is_retired === true) throw new HttpError(400, DEALER_TEXTS.ownerCannotRetire);
    if (isTheOwner && changes.is_purchaser === false) throw new HttpError(400, DEALER_TEXTS.ownerKeepsPurchasing);
    await updateInstaller(ctx.db, installer, { isPurchaser: changes.is_purchaser, isRetired: changes.is_retired });
    return toInstaller((await findInstallerOfDealer(ctx.db, dealerId, installerId))!);
  }

  /** PATCH /api/dealer/{id}: public flag, contact e-mail (lowercased) and profile fields, merged. */
  async function patchDealer(
    request: FastifyRequest,
    id: string,
    changes: z.output<typeof dealerUpdateSchema>,
  ): Promise<Dealer> {
    const { current, dealerId } = await actingDealer(request, id);
    requireManager(current, dealerId);
    const row = await findDealer(ctx.db, dealerId);
    if (!row) throw new HttpError(404, DEALER_TEXTS.dealerNotFound);
    const profileChanges = Object.fromEntries(
      Object.entries(changes.dealer_profile ?? {}).filter(([, value]) => value !== undefined),
    );
    await updateDealer(ctx.db, dealerId, {
      isPublicProfile: changes.is_public_profile,
      contactEmail: changes.contact_email,
      profile: changes.dealer_profile ? { ...row.dealer.profile, ...profileChanges } : undefined,
    });
    return toDealer((await findDealer(ctx.db, dealerId))!);
  }

  /**
   * POST /api/update-user-permissions (spec 02 §4): purchasing rights of the acting dealer's
   * installers, in one transaction; answers the refreshed user info. Every id must be a member of
   * this dealer's staff; the owner's rights can not be removed.
   */
  async function updateUserPermissions(
    request: FastifyRequest,
    input: z.output<typeof updateUserPermissionsSchema>,
  ): Promise<UserInfo> {
    const { current, dealerId } = await actingDealer(request);
    requireManager(current, dealerId);
    const ids = [...new Set([...input.addUsersId, ...input.removeUsersId])];
    const staff = await installersOfDealerByUserIds(ctx.db, dealerId, ids);
    if (staff.length !== ids.length) throw new HttpError(404, DEALER_TEXTS.installerNotFound);
    const removed = new Set(input.removeUsersId);
    if (staff.some((s) => s.isOwner && removed.has(s.userId)))
      throw new HttpError(400, DEALER_TEXTS.ownerKeepsPurchasing);
    await setPurchasers(ctx.db, dealerId, input.addUsersId, input.removeUsersId);
    return partners.userInfoFor(current);
  }

  /** GET /api/my-business/activity: what was done for the business while impersonating (issue 5). */
  async function activity(
    request: FastifyRequest,
    query: { limit: number; offset: number },
  ): Promise<DescribedActivityList> {
    const { current, dealerId } = await actingDealer(request);
    requireManager(current, dealerId);
    const { rows, count } = await listImpersonationEvents(ctx.db, current.business!.id, query.limit, query.offset);
    const person = (p: { id: string; firstName: string; lastName: string; email: string }) => ({
      id: p.id,
      first_name: p.firstName,
      last_name: p.lastName,
      email: p.email,
    });
    return {
      ...pageLinks(count, query.limit, query.offset),
      results: rows.map(({ event, actor, impersonated }) => ({
        id: event.id,
        kind: event.kind,
        method: event.method,
        path: event.path,
        status: event.status,
        description: describeActivity(event),
        created_at: event.createdAt.toISOString(),
        actor: person(actor),
        impersonated: impersonated ? person(impersonated) : null,
      })),
    };
  }

  return { listDealers, getDealer, listInstallers, patchInstaller, patchDealer, updateUserPermissions, activity };
}

export type DealerService = ReturnType<typeof createDealerService>;
