import {
  can,
  DEALER_TEXTS,
  fetchesPartnerLimited,
  isCanadianCode,
  isOutsideRep,
  isSalesRep,
  type BusinessPartner,
  type BusinessPartnersResponse,
  type UserInfo,
} from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { viewerOf } from '../../plugins/actor.ts';
import { refuse } from '../../refusal.ts';
import type { Actor } from '../../actor.ts';
import { INVALID_CURSOR } from '../catalog/index.ts';
import { staffOfBusiness } from '../dealers/index.ts';
import {
  addressesOf,
  approvedBrandsOf,
  findPartner,
  listPartnerPage,
  personById,
  UUID_PATTERN,
  type PartnerRow,
} from './repo.ts';
import * as repo from './repo.ts';
import { toAddress } from './checkout-facts.ts';
import { creditStandingOf } from '../billing/index.ts';

const EMPTY_PAGE: BusinessPartnersResponse = {
  edges: [],
  totalCount: 0,
  pageInfo: { hasNextPage: false, endCursor: null },
};

/** Opaque keyset cursor: the last row's company name and id (base64url JSON). */
const encodeCursor = (row: { companyName: string; id: string }) =>
  Buffer.from(JSON.stringify([row.companyName, row.id])).toString('base64url');
function decodeCursor(cursor: string) {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      !value[0].includes('\u0000') &&
      typeof value[1] === 'string' &&
      UUID_PATTERN.test(value[1])
    )
      return { companyName: value[0], id: value[1] };
  } catch {
    // falls through to the 400 below
  }
  throw refuse.invalid(INVALID_CURSOR);
}

const toPerson = (row: { id: string; firstName: string; lastName: string; email: string } | null) =>
  row ? { id: row.id, firstName: row.firstName, lastName: row.lastName, email: row.email } : null;

/** Business partners, partner details and user info (spec 01 §3, §4, §7; spec 02 §3, §7). */
export function createBusinessPartnerService(ctx: AppContext) {
  /**
   * POST /api/business-partners. Sales reps page through every partner (the select-business
   * modal); everyone else sees their own business only. can:true answers the acting business if
   * it is Canadian (spec 01 §4: the wrong-site check), else nothing.
   */
  async function list(
    actor: Actor,
    input: { limit: number; endCursor?: string | undefined; can?: boolean | undefined },
  ): Promise<BusinessPartnersResponse> {
    const after = input.endCursor ? decodeCursor(input.endCursor) : null;
    const own = actor.business;
    if (input.can) {
      if (!own || !isCanadianCode(own.sapBpCode)) return EMPTY_PAGE;
      return page({ after, limit: input.limit, onlyId: own.id });
    }
    if (isSalesRep(actor.user)) return page({ after, limit: input.limit });
    if (!own) return EMPTY_PAGE;
    return page({ after, limit: input.limit, onlyId: own.id });
  }

  async function page(options: Parameters<typeof listPartnerPage>[1]): Promise<BusinessPartnersResponse> {
    const { rows, totalCount } = await listPartnerPage(ctx.db, options);
    const hasNextPage = rows.length > options.limit;
    const shown = rows.slice(0, options.limit);
    const last = shown.at(-1);
    return {
      edges: shown.map((row) => ({
        node: {
          id: row.id,
          sapBpCode: row.sapBpCode,
          companyName: row.companyName,
          channel: { slug: row.channelSlug },
          city: row.city,
          countryArea: row.countryArea,
          // spec 01 §3: the select-business modal's option.
          name: row.companyName,
          value: row.sapBpCode,
        },
      })),
      totalCount,
      pageInfo: { hasNextPage, endCursor: last ? encodeCursor(last) : null },
    };
  }

  /**
   * The partner a session may read: the business it acts for, or — for a sales rep — any partner
   * (a rep reads a partner before selecting it). Anything else is 404, as if it did not exist.
   */
  async function readablePartner(actor: Actor, idOrCode: string): Promise<PartnerRow> {
    const partner = await findPartner(ctx.db, idOrCode);
    if (!partner || (actor.business?.id !== partner.id && !isSalesRep(actor.user)))
      throw refuse.notFound(DEALER_TEXTS.partnerNotFound);
    return partner;
  }

  /** GET /api/business-partners/{id}: limited leaves out money and invoices (spec 01 §6). */
  async function detail(actor: Actor, idOrCode: string, askedLimited: boolean): Promise<BusinessPartner> {
    const partner = await readablePartner(actor, idOrCode);
    // spec 01 §6: a user whose only group is Installer gets the limited partner, asked for or not.
    const limited = askedLimited || fetchesPartnerLimited(actor.user);
    const [addresses, approvedBrands, balances] = await Promise.all([
      addressesOf(ctx.db, partner.id),
      approvedBrandsOf(ctx.db, partner.id),
      limited ? null : creditStandingOf(ctx.db, partner),
    ]);
    const defaultShipping = addresses.find((a) => a.isDefaultShipping);
    const defaultBilling = addresses.find((a) => a.isDefaultBilling);
    // Balances come from the invoices (the ledger), so they agree with invoices.totalCount (issue 15 §5).
    const money = balances
      ? {
          accountBalance: balances.accountBalanceCents,
          creditLimit: balances.creditLimitCents,
          pastDueInvoices: balances.pastDueCents,
          invoices: { totalCount: balances.invoiceCount },
        }
      : {};
    return {
      id: partner.id,
      sapBpCode: partner.sapBpCode,
      companyName: partner.companyName,
      channel: { slug: partner.channelSlug },
      ...money,
      approvedBrands,
      dealerPrimary: partner.dealerPrimaryUserId
        ? { droneProfile: { droneUserId: partner.dealerPrimaryUserId } }
        : null,
      // spec 02 §3: the partner's addresses are its SHIPPING ones; billing is the default billing address.
      addresses: addresses.filter((a) => a.type === 'SHIPPING').map(toAddress),
      defaultShippingAddress: defaultShipping ? toAddress(defaultShipping) : null,
      defaultBillingAddress: defaultBilling ? toAddress(defaultBilling) : null,
      accountInformation: {
        paymentTerms: partner.paymentTerms,
        phone: partner.phone,
        email: partner.email,
        country: partner.country,
      },
    };
  }

  /** User info of a partner (spec 01 §3): approved brands, shipping address, staff, reps. */
  async function userInfoOf(
    partner: Pick<PartnerRow, 'id' | 'insideSalesRepUserId' | 'outsideSalesRepUserId'>,
    userId: string,
    seesStaff: boolean,
  ): Promise<UserInfo> {
    const [approvedBrands, addresses, staff, insideSalesRep, outsideSalesRep] = await Promise.all([
      approvedBrandsOf(ctx.db, partner.id),
      addressesOf(ctx.db, partner.id),
      staffOfBusiness(ctx.db, partner.id),
      personById(ctx.db, partner.insideSalesRepUserId),
      personById(ctx.db, partner.outsideSalesRepUserId),
    ]);
    const defaultShipping = addresses.find((a) => a.isDefaultShipping);
    return {
      id: userId,
      approvedBrands,
      defaultShippingAddress: defaultShipping ? toAddress(defaultShipping) : null,
      // The staff list is for those who see My Business (spec 01 §6, issue 14 §6); others see themselves.
      employees: staff
        .filter((s) => seesStaff || s.id === userId)
        .map((s) => ({
          id: s.id,
          firstName: s.firstName,
          lastName: s.lastName,
          email: s.email,
          // spec 01 §6: purchasing rights = a non-retired owner or purchaser.
          isProductPurchaser: !s.isRetired && (s.isOwner || s.isPurchaser),
        })),
      insideSalesRep: toPerson(insideSalesRep),
      outsideSalesRep: toPerson(outsideSalesRep),
    };
  }

  /**
   * GET /api/users-info-saleor: user info of the business the actor acts for. spec 01 §4: an
   * outside rep loads user info for any partner by bpId; others may name only their acting business.
   */
  async function userInfo(actor: Actor, bpId?: string): Promise<UserInfo> {
    // spec 01 §4: an outside rep loads the user info of the partner they pick, for its brands and
    // address; its staff only for those who see My Business (spec 01 §6: not outside reps).
    const seesStaff = can(viewerOf(actor), 'myBusiness');
    if (bpId) {
      const partner = await findPartner(ctx.db, bpId);
      if (!partner || (actor.business?.id !== partner.id && !isOutsideRep(actor.user)))
        throw refuse.notFound(DEALER_TEXTS.partnerNotFound);
      return userInfoOf(partner, actor.actingUser.id, seesStaff);
    }
    if (!actor.business) throw refuse.notFound(DEALER_TEXTS.noBusiness);
    const partner = await findPartner(ctx.db, actor.business.id);
    return userInfoOf(partner!, actor.actingUser.id, seesStaff);
  }

  return { list, detail, userInfo };
}

export type BusinessPartnerService = ReturnType<typeof createBusinessPartnerService>;

// ---- Writes other modules make in their own transaction (issue 16) --------------------------------

export type { NewBusinessPartner } from './repo.ts';

/** A new business with its addresses and approved brands (an approved dealer request), in the caller's transaction. */
export function createBusinessPartner(tx: Tx, partner: repo.NewBusinessPartner) {
  return repo.createBusinessPartner(tx, partner);
}

/** spec 01 §4: the user a sales rep impersonates when acting for the business. */
export function setDealerPrimary(tx: Tx, partnerId: string, userId: string): Promise<void> {
  return repo.setDealerPrimary(tx, partnerId, userId);
}

/** spec 01 §4: a registering consumer's own business partner (msrp prices), coded with the next free `B2C-` number. */
export function createB2cPartner(tx: Tx, companyName: string) {
  return repo.createB2cPartner(tx, companyName);
}
