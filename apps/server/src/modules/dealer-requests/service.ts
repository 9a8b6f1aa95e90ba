import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  COUNTRY_NAMES,
  DEALER_REQUEST_TEXTS,
  formatPhone,
  isAdmin,
  isCanadianCode,
  messages,
  PERMISSION_GROUPS,
  PHONE_COUNTRY_CODES,
  type ApproveDealerRequestResponse,
  type DealerRequest,
  type DealerRequestList,
  type DealerRequestStatus,
  type DealerRequestValues,
} from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { publicUrlOf } from '../../config.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { RateLimitRule } from '../auth/rate-limit.ts';
import type { AuthService } from '../auth/service.ts';
import { isUniqueViolation } from '../accounts/repo.ts';
import type { InvitationService } from '../invitations/service.ts';
import { loadPortalUser } from '../users/service.ts';
import { permissionGroups, userPermissionGroups, users, userTypes } from '../users/schema.ts';
import {
  businessPartnerAddresses,
  businessPartnerApprovedBrands,
  businessPartners,
} from '../business-partners/schema.ts';
import { dealers, installers } from '../dealers/schema.ts';
import { dealerRequests } from './schema.ts';
import {
  brandIdsBySlugs,
  channelExists,
  findDealerRequest,
  hasPendingRequestFor,
  listChannels,
  listDealerRequests,
  lockEmail,
  type DealerRequestDetailRow,
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

const phoneText = (country: string, phone: string) =>
  `${PHONE_COUNTRY_CODES[country as keyof typeof PHONE_COUNTRY_CODES] ?? '+1'} ${formatPhone(phone)}`;

/** /dealer-request: a public application for a dealer account and its review by an admin (issue 5 §7). */
export function createDealerRequestService(ctx: AppContext, auth: AuthService, invitations: InvitationService) {
  const origin = publicUrlOf(ctx.config);

  /** The signed-in admin (access_type firstech_admin), 401 without a session, 403 for anyone else. */
  async function requireAdmin(request: FastifyRequest) {
    const { session } = await auth.requireSession(request);
    const user = await loadPortalUser(ctx.db, session.user.id);
    if (!user || !isAdmin(user)) throw new HttpError(403, DEALER_REQUEST_TEXTS.notAllowed);
    return user;
  }

  async function submit(request: FastifyRequest, input: DealerRequestValues) {
    await auth.limit(
      `dealer-request:ip:${request.ip}`,
      DEALER_REQUEST_RATE_LIMITS.submitPerIp,
      messages.attemptLimitForgot,
    );
    const known = await brandIdsBySlugs(ctx.db, input.brandsOfInterest);
    if (known.length !== input.brandsOfInterest.length) throw new HttpError(400, DEALER_REQUEST_TEXTS.unknownBrand);

    // Stored and both e-mails queued together, or nothing (the outbox joins the transaction).
    const id = await ctx.db.transaction(async (tx) => {
      await lockEmail(tx, input.email);
      if (await hasPendingRequestFor(tx, input.email)) throw new HttpError(409, DEALER_REQUEST_TEXTS.duplicatePending);
      const [row] = await tx
        .insert(dealerRequests)
        .values({
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
        })
        .returning({ id: dealerRequests.id });
      const requestId = row!.id;
      const reference = requestId.slice(0, 8).toUpperCase();
      await ctx.mailer.send(
        {
          to: ctx.config.SALES_INBOX,
          replyTo: input.email,
          subject: `[Dealer request] ${input.companyName} — ${input.city}, ${input.countryArea}`,
          text: [
            `${input.firstName} ${input.lastName} <${input.email}> asks for a dealer account.`,
            '',
            `Company: ${input.companyName}`,
            `Phone: ${phoneText(input.phoneCountry, input.phone)}`,
            input.website ? `Website: ${input.website}` : null,
            `Address: ${[input.streetAddress1, input.streetAddress2].filter(Boolean).join(', ')}, ${input.city}, ${input.countryArea} ${input.postalCode}, ${COUNTRY_NAMES[input.country]}`,
            `Years in business: ${input.yearsInBusiness}`,
            `Installers: ${input.installerCount}`,
            `Brands of interest: ${input.brandsOfInterest.join(', ')}`,
            `Reference: ${reference}`,
            '',
            input.message || '(no message)',
            '',
            `Review it: ${origin}/admin/dealer-requests?id=${requestId}`,
          ]
            .filter((line) => line !== null)
            .join('\n'),
        },
        tx,
      );
      await ctx.mailer.send(
        {
          to: input.email,
          subject: 'We received your dealer request',
          text: [
            `Hello ${input.firstName},`,
            '',
            `Thank you for applying for a dealer account for ${input.companyName}. Your reference is ${reference}.`,
            '',
            'Our sales team reviews every request, usually within two business days. Once your account is approved, you will receive an e-mail with a link to set your password and sign in as the owner of your business.',
            '',
            'Questions in the meantime? Reply to this e-mail or call us.',
          ].join('\n'),
        },
        tx,
      );
      return requestId;
    });
    return { id, status: 'pending' as const };
  }

  async function list(
    request: FastifyRequest,
    query: { status: DealerRequestStatus; page: number; pageSize: number },
  ): Promise<DealerRequestList> {
    await requireAdmin(request);
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
    if (!row) throw new HttpError(404, DEALER_REQUEST_TEXTS.notFound);
    return row;
  }

  async function detail(request: FastifyRequest, id: string): Promise<DealerRequest> {
    await requireAdmin(request);
    return toDealerRequest(await getOne(id));
  }

  /**
   * In one transaction: the business partner (addresses, channel, approved brands), the dealer,
   * and the applicant as its owner and dealer primary, whose invitation (a complete_registration
   * link) is queued with it. The request is claimed first, so a second approval finds it reviewed.
   */
  async function approve(
    request: FastifyRequest,
    id: string,
    input: { sapBpCode: string; channel: string },
  ): Promise<ApproveDealerRequestResponse> {
    const admin = await requireAdmin(request);
    const current = await getOne(id);
    if (current.status !== 'pending') throw new HttpError(409, DEALER_REQUEST_TEXTS.alreadyReviewed(current.status));
    // spec 01 §4: a Canadian business's code starts with N, every other one's with C.
    if (isCanadianCode(input.sapBpCode) !== (current.country === 'CA'))
      throw new HttpError(400, DEALER_REQUEST_TEXTS.sapBpCodeCountry(current.country));
    if (!(await channelExists(ctx.db, input.channel))) throw new HttpError(400, DEALER_REQUEST_TEXTS.unknownChannel);
    const brandRows = await brandIdsBySlugs(ctx.db, current.brandsOfInterest);
    const [ownerGroup] = await ctx.db
      .select({ id: permissionGroups.id })
      .from(permissionGroups)
      .where(eq(permissionGroups.name, PERMISSION_GROUPS.dealerPrimary));
    const userId = randomUUID();

    try {
      const created = await ctx.db.transaction(async (tx) => {
        const claimed = await tx
          .update(dealerRequests)
          .set({ status: 'approved', reviewedByUserId: admin.id, reviewedAt: new Date() })
          .where(and(eq(dealerRequests.id, id), eq(dealerRequests.status, 'pending')))
          .returning();
        const req = claimed[0];
        if (!req) throw new HttpError(409, DEALER_REQUEST_TEXTS.alreadyReviewed('reviewed'));
        const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, req.email));
        if (taken) throw new HttpError(409, DEALER_REQUEST_TEXTS.accountExists);
        const [codeTaken] = await tx
          .select({ id: businessPartners.id })
          .from(businessPartners)
          .where(eq(businessPartners.sapBpCode, input.sapBpCode));
        if (codeTaken) throw new HttpError(409, DEALER_REQUEST_TEXTS.sapBpCodeTaken(input.sapBpCode));

        const [partner] = await tx
          .insert(businessPartners)
          .values({
            sapBpCode: input.sapBpCode,
            companyName: req.companyName,
            channelSlug: input.channel,
            country: req.country,
            phone: req.phone,
            email: req.email,
          })
          .returning();
        const address = {
          businessPartnerId: partner!.id,
          name: req.companyName,
          streetAddress1: req.streetAddress1,
          streetAddress2: req.streetAddress2,
          city: req.city,
          countryArea: req.countryArea,
          postalCode: req.postalCode,
          country: req.country,
          phone: req.phone,
        };
        // Like every seeded business: one SHIPPING and one BILLING address, each the default of its kind.
        await tx.insert(businessPartnerAddresses).values([
          { ...address, type: 'SHIPPING', isDefaultShipping: true },
          { ...address, type: 'BILLING', isDefaultBilling: true },
        ]);
        if (brandRows.length > 0)
          await tx
            .insert(businessPartnerApprovedBrands)
            .values(brandRows.map((b) => ({ businessPartnerId: partner!.id, brandId: b.id })));
        const [dealer] = await tx
          .insert(dealers)
          .values({
            businessPartnerId: partner!.id,
            isPublicProfile: false, // the owner publishes the profile from /my-business
            contactEmail: req.email,
            profile: {
              displayName: req.companyName,
              phone: req.phone,
              phoneCountry: req.phoneCountry as 'USCA' | 'CA' | 'AU' | 'MX',
              website: req.website ?? '',
              contactRoles: ['owner'],
              city: req.city,
              countryArea: req.countryArea,
            },
          })
          .returning({ id: dealers.id });
        // The owner exists now (so reps can act for the business); the e-mailed link sets the password.
        await tx.insert(users).values({
          id: userId,
          name: `${req.firstName} ${req.lastName}`,
          email: req.email,
          emailVerified: false, // the link proves the address when the password is set
          firstName: req.firstName,
          lastName: req.lastName,
          phoneNumber: req.phone.length > 9 ? req.phone : null, // spec 01 §5
          businessPartnerId: partner!.id,
        });
        await tx.insert(userTypes).values({ userId, type: 'dealer', isOwner: true });
        await tx.insert(userPermissionGroups).values({ userId, groupId: ownerGroup!.id });
        await tx.insert(installers).values({ userId, dealerId: dealer!.id, isOwner: true });
        await tx
          .update(businessPartners)
          .set({ dealerPrimaryUserId: userId })
          .where(eq(businessPartners.id, partner!.id));
        await tx.update(dealerRequests).set({ businessPartnerId: partner!.id }).where(eq(dealerRequests.id, id));

        const token = await invitations.registrationToken(userId);
        await ctx.mailer.send(
          {
            to: req.email,
            subject: `Your dealer account for ${req.companyName} is approved`,
            text: [
              `Hello ${req.firstName},`,
              '',
              `Good news: ${req.companyName} is now a dealer on the Dealer Portal (account ${input.sapBpCode}). You are its owner: you can order for the business, invite your installers and manage your dealer profile.`,
              '',
              `Set your password to sign in:\n${origin}/set-password?token=${token}`,
              '',
              'The link works once and expires in 3 days. If it has expired, use "Forgot password" on the sign-in page.',
            ].join('\n'),
          },
          tx,
        );
        return { partner: partner!, dealerId: dealer!.id };
      });
      return {
        request: toDealerRequest(await getOne(id)),
        businessPartner: {
          id: created.partner.id,
          sapBpCode: created.partner.sapBpCode,
          companyName: created.partner.companyName,
        },
        dealerId: created.dealerId,
        invitationSentTo: current.email,
      };
    } catch (error) {
      // A concurrent approval or registration won the race for the code or the e-mail.
      if (isUniqueViolation(error, SAP_BP_CODE_UNIQUE))
        throw new HttpError(409, DEALER_REQUEST_TEXTS.sapBpCodeTaken(input.sapBpCode));
      if (isUniqueViolation(error, USERS_EMAIL_UNIQUE)) throw new HttpError(409, DEALER_REQUEST_TEXTS.accountExists);
      throw error;
    }
  }

  /** Declined with an internal note; the applicant gets a short notice (the note stays with us). */
  async function decline(request: FastifyRequest, id: string, note: string): Promise<DealerRequest> {
    const admin = await requireAdmin(request);
    const current = await getOne(id);
    if (current.status !== 'pending') throw new HttpError(409, DEALER_REQUEST_TEXTS.alreadyReviewed(current.status));
    await ctx.db.transaction(async (tx) => {
      const claimed = await tx
        .update(dealerRequests)
        .set({ status: 'declined', reviewNote: note, reviewedByUserId: admin.id, reviewedAt: new Date() })
        .where(and(eq(dealerRequests.id, id), eq(dealerRequests.status, 'pending')))
        .returning({ email: dealerRequests.email });
      if (!claimed[0]) throw new HttpError(409, DEALER_REQUEST_TEXTS.alreadyReviewed('reviewed'));
      await ctx.mailer.send(
        {
          to: current.email,
          subject: 'Your dealer request',
          text: [
            `Hello ${current.firstName},`,
            '',
            `Thank you for your interest in becoming a dealer. We are unable to approve the request for ${current.companyName} at this time.`,
            '',
            'Questions? Reply to this e-mail and our sales team will get back to you.',
          ].join('\n'),
          replyTo: ctx.config.SALES_INBOX,
        },
        tx,
      );
    });
    return toDealerRequest(await getOne(id));
  }

  return { submit, list, detail, approve, decline };
}

export type DealerRequestService = ReturnType<typeof createDealerRequestService>;
