import { randomUUID } from 'node:crypto';
import {
  DEALER_REQUEST_TEXTS,
  isCanadianCode,
  PERMISSION_GROUPS,
  type ApproveDealerRequestResponse,
  type DealerRequest,
  type DealerRequestList,
  type DealerRequestStatus,
  type DealerRequestValues,
} from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { publicUrlOf } from '../../config.ts';
import { refuse } from '../../refusal.ts';
import type { RateLimitRule } from '../../plugins/rate-limit.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Actor } from '../../actor.ts';
import { createBusinessPartner, partnerByCode, setDealerPrimary } from '../business-partners/index.ts';
import { addInstaller, createDealer } from '../dealers/index.ts';
import type { InvitationService } from '../invitations/index.ts';
import { createPortalUser, userIdByEmail } from '../users/index.ts';
import { approvedToApplicant, declinedToApplicant, newRequestToSales, receivedToApplicant } from './mails.ts';
import {
  brandIdsBySlugs,
  channelExists,
  claimForReview,
  findDealerRequest,
  hasPendingRequestFor,
  insertDealerRequest,
  listChannels,
  listDealerRequests,
  lockEmail,
  setCreatedPartner,
  type DealerRequestDetailRow,
  type DealerRequestRow,
} from './repo.ts';

/** A public form: enough for a shop that retries, far too few to flood the review queue. */
export const DEALER_REQUEST_RATE_LIMITS = {
  submitPerIp: { limit: 5, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

const SAP_BP_CODE_UNIQUE = 'business_partners_sap_bp_code_unique';
const USERS_EMAIL_UNIQUE = 'users_email_unique';

const toDealerRequest = (row: DealerRequestDetailRow): DealerRequest => ({
  id: row.id,
  status: row.status,
  companyName: row.companyName,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phone: row.phone,
  phoneCountry: row.phoneCountry,
  website: row.website,
  streetAddress1: row.streetAddress1,
  streetAddress2: row.streetAddress2,
  city: row.city,
  countryArea: row.countryArea,
  postalCode: row.postalCode,
  country: row.country,
  yearsInBusiness: row.yearsInBusiness,
  installerCount: row.installerCount,
  brandsOfInterest: row.brandsOfInterest,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
  reviewNote: row.reviewNote,
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
  reviewedBy: row.reviewedByName,
  businessPartner:
    row.businessPartnerId && row.sapBpCode ? { id: row.businessPartnerId, sapBpCode: row.sapBpCode } : null,
  hasAccount: row.hasAccount,
});

/**
 * /dealer-request: a public application for a dealer account and its review by an admin (issue 5 §7).
 * The routes let only admins review (`reviewDealerRequests`); the reviewer is the actor.
 */
export function createDealerRequestService(ctx: AppContext, invitations: InvitationService) {
  const origin = publicUrlOf(ctx.config);

  async function submit(input: DealerRequestValues) {
    const known = await brandIdsBySlugs(ctx.db, input.brandsOfInterest);
    if (known.length !== input.brandsOfInterest.length) throw refuse.invalid(DEALER_REQUEST_TEXTS.unknownBrand);

    // Stored and both e-mails queued together, or nothing (the outbox joins the transaction).
    const id = await ctx.db.transaction(async (tx) => {
      await lockEmail(tx, input.email);
      if (await hasPendingRequestFor(tx, input.email)) throw refuse.conflict(DEALER_REQUEST_TEXTS.duplicatePending);
      const requestId = await insertDealerRequest(tx, {
        companyName: input.companyName,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        phoneCountry: input.phoneCountry,
        website: input.website || null,
        streetAddress1: input.streetAddress1,
        streetAddress2: input.streetAddress2 ?? '',
        city: input.city,
        countryArea: input.countryArea,
        postalCode: input.postalCode,
        country: input.country,
        yearsInBusiness: input.yearsInBusiness,
        installerCount: input.installerCount,
        brandsOfInterest: input.brandsOfInterest,
        message: input.message ?? '',
      });
      await ctx.mailer.send(newRequestToSales(origin, ctx.config.SALES_INBOX, input, requestId), tx);
      await ctx.mailer.send(receivedToApplicant(input, requestId), tx);
      return requestId;
    });
    return { id, status: 'pending' as const };
  }

  async function list(query: {
    status: DealerRequestStatus;
    page: number;
    pageSize: number;
  }): Promise<DealerRequestList> {
    const [{ rows, counts }, channels] = await Promise.all([
      listDealerRequests(ctx.db, query.status, query.page, query.pageSize),
      listChannels(ctx.db),
    ]);
    return {
      results: rows.map(toDealerRequest),
      totalCount: counts[query.status],
      page: query.page,
      pageSize: query.pageSize,
      counts,
      channels,
    };
  }

  async function getOne(id: string) {
    const row = await findDealerRequest(ctx.db, id);
    if (!row) throw refuse.notFound(DEALER_REQUEST_TEXTS.notFound);
    return row;
  }

  /** A pending request, or 409 with its status. */
  async function pendingOne(id: string) {
    const current = await getOne(id);
    if (current.status !== 'pending') throw refuse.conflict(DEALER_REQUEST_TEXTS.alreadyReviewed(current.status));
    return current;
  }

  const detail = async (id: string): Promise<DealerRequest> => toDealerRequest(await getOne(id));

  /**
   * In one transaction, each module writing its own tables: the business partner (addresses,
   * channel, approved brands), its dealer, and the applicant as the dealer's owner and the business's
   * dealer primary, whose invitation (a complete_registration link) is queued with it. The request
   * is claimed first, so a second approval finds it reviewed.
   */
  async function approve(
    admin: Actor,
    id: string,
    input: { sapBpCode: string; channel: string },
  ): Promise<ApproveDealerRequestResponse> {
    const current = await pendingOne(id);
    // spec 01 §4: a Canadian business's code starts with N, every other one's with C.
    if (isCanadianCode(input.sapBpCode) !== (current.country === 'CA'))
      throw refuse.invalid(DEALER_REQUEST_TEXTS.sapBpCodeCountry(current.country));
    if (!(await channelExists(ctx.db, input.channel))) throw refuse.invalid(DEALER_REQUEST_TEXTS.unknownChannel);
    const brandRows = await brandIdsBySlugs(ctx.db, current.brandsOfInterest);

    try {
      const created = await ctx.db.transaction(async (tx) => {
        const req = await claimForReview(tx, id, { status: 'approved', reviewedByUserId: admin.user.id });
        if (!req) throw refuse.conflict(DEALER_REQUEST_TEXTS.alreadyReviewed('reviewed'));
        if (await userIdByEmail(tx, req.email)) throw refuse.conflict(DEALER_REQUEST_TEXTS.accountExists);
        if (await partnerByCode(tx, input.sapBpCode))
          throw refuse.conflict(DEALER_REQUEST_TEXTS.sapBpCodeTaken(input.sapBpCode));

        const partner = await createBusinessPartner(tx, {
          sapBpCode: input.sapBpCode,
          companyName: req.companyName,
          channelSlug: input.channel,
          country: req.country,
          phone: req.phone,
          email: req.email,
          address: addressOf(req),
          approvedBrandIds: brandRows.map((b) => b.id),
        });
        const dealerId = await createDealer(tx, {
          businessPartnerId: partner.id,
          contactEmail: req.email,
          profile: dealerProfileOf(req),
        });
        // The owner exists now (so reps can act for the business); the e-mailed link sets the password.
        const userId = randomUUID();
        await createPortalUser(tx, {
          id: userId,
          email: req.email,
          emailVerified: false, // the link proves the address when the password is set
          firstName: req.firstName,
          lastName: req.lastName,
          phoneNumber: req.phone.length > 9 ? req.phone : null, // spec 01 §5
          businessPartnerId: partner.id,
          type: 'dealer',
          isOwner: true,
          group: PERMISSION_GROUPS.dealerPrimary,
        });
        await addInstaller(tx, { userId, dealerId, isOwner: true });
        await setDealerPrimary(tx, partner.id, userId);
        await setCreatedPartner(tx, id, partner.id);

        const token = await invitations.registrationToken(userId);
        await ctx.mailer.send(approvedToApplicant(origin, req, input.sapBpCode, token), tx);
        return { partner, dealerId };
      });
      return {
        request: toDealerRequest(await getOne(id)),
        businessPartner: created.partner,
        dealerId: created.dealerId,
        invitationSentTo: current.email,
      };
    } catch (error) {
      // A concurrent approval or registration won the race for the code or the e-mail.
      if (isUniqueViolation(error, SAP_BP_CODE_UNIQUE))
        throw refuse.conflict(DEALER_REQUEST_TEXTS.sapBpCodeTaken(input.sapBpCode));
      if (isUniqueViolation(error, USERS_EMAIL_UNIQUE)) throw refuse.conflict(DEALER_REQUEST_TEXTS.accountExists);
      throw error;
    }
  }

  /** Declined with an internal note; the applicant gets a short notice (the note stays with us). */
  async function decline(admin: Actor, id: string, note: string): Promise<DealerRequest> {
    const current = await pendingOne(id);
    await ctx.db.transaction(async (tx) => {
      const claimed = await claimForReview(tx, id, {
        status: 'declined',
        reviewNote: note,
        reviewedByUserId: admin.user.id,
      });
      if (!claimed) throw refuse.conflict(DEALER_REQUEST_TEXTS.alreadyReviewed('reviewed'));
      await ctx.mailer.send(declinedToApplicant(ctx.config.SALES_INBOX, current), tx);
    });
    return toDealerRequest(await getOne(id));
  }

  return { submit, list, detail, approve, decline };
}

export type DealerRequestService = ReturnType<typeof createDealerRequestService>;

/** Like every seeded business: its one address is its SHIPPING and its BILLING address. */
const addressOf = (req: DealerRequestRow) => ({
  name: req.companyName,
  streetAddress1: req.streetAddress1,
  streetAddress2: req.streetAddress2,
  city: req.city,
  countryArea: req.countryArea,
  postalCode: req.postalCode,
  country: req.country,
  phone: req.phone,
});

/** The dealer's first profile, from the request (the owner publishes it from /my-business). */
const dealerProfileOf = (req: DealerRequestRow) => ({
  displayName: req.companyName,
  phone: req.phone,
  phoneCountry: req.phoneCountry as 'USCA' | 'CA' | 'AU' | 'MX',
  website: req.website ?? '',
  contactRoles: ['owner'],
  city: req.city,
  countryArea: req.countryArea,
});
