import { z } from 'zod';
import { BUSINESS_PARTNER_PAGE_SIZE } from './constants.ts';
import { namedSlugSchema } from './catalog.ts';

/** spec 01 §4, §5: a partner code starting with N is Canadian; B2C when missing or starting with B2C. */
export const isCanadianCode = (code: string | null | undefined) => !!code && code.toUpperCase().startsWith('N');
export const isB2CCode = (code: string | null | undefined) => !code || code.toUpperCase().startsWith('B2C');

/**
 * POST /api/business-partners (spec 01 §7, spec 02 §7): limit (100 per page), endCursor to page on,
 * or can:true for the Canada check (the caller's own Canadian partners only).
 */
export const businessPartnersRequestSchema = z.object({
  limit: z.coerce.number().int().min(1).max(BUSINESS_PARTNER_PAGE_SIZE).default(BUSINESS_PARTNER_PAGE_SIZE),
  endCursor: z.string().max(200).optional(),
  can: z.boolean().optional(),
});
export type BusinessPartnersRequest = z.input<typeof businessPartnersRequestSchema>;

/** A partner as the select-business modal lists it. */
export const businessPartnerNodeSchema = z.object({
  id: z.string(),
  sapBpCode: z.string(),
  companyName: z.string(),
  channel: z.object({ slug: z.string() }),
  city: z.string().nullable(),
  countryArea: z.string().nullable(),
});
export type BusinessPartnerNode = z.infer<typeof businessPartnerNodeSchema>;

/** spec 01 §3 "Business option in the modal: name and value (the code)", sent with each node. */
export const businessOptionFieldsSchema = z.object({ name: z.string(), value: z.string() });

/** spec 01 §3 connection results. */
export const businessPartnersResponseSchema = z.object({
  edges: z.array(z.object({ node: businessPartnerNodeSchema.extend(businessOptionFieldsSchema.shape) })),
  totalCount: z.number().int(),
  pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() }),
});
export type BusinessPartnersResponse = z.infer<typeof businessPartnersResponseSchema>;

export const addressSchema = z.object({
  id: z.string(),
  businessPartnerAddressType: z.enum(['SHIPPING', 'BILLING']),
  name: z.string(),
  streetAddress1: z.string(),
  streetAddress2: z.string(),
  city: z.string(),
  countryArea: z.string(),
  postalCode: z.string(),
  country: z.string(),
  phone: z.string().nullable(),
});
export type Address = z.infer<typeof addressSchema>;

const money = z.number().int(); // cents

/**
 * GET /api/business-partners/{id} (spec 01 §3, spec 02 §3). With limited=true (a user whose only
 * group is Installer) the money fields are left out. accountBalance, pastDueInvoices and
 * invoices.totalCount are derived from the partner's invoices (the ledger), never stored figures;
 * creditLimit is the partner's term. Money in integer cents (docs/decisions.md, issue 15 §5, §7).
 */
export const businessPartnerSchema = z.object({
  id: z.string(),
  sapBpCode: z.string(),
  companyName: z.string(),
  channel: z.object({ slug: z.string() }),
  accountBalance: money.optional(),
  creditLimit: money.optional(),
  pastDueInvoices: money.optional(),
  invoices: z.object({ totalCount: z.number().int() }).optional(),
  approvedBrands: z.array(namedSlugSchema),
  dealerPrimary: z.object({ droneProfile: z.object({ droneUserId: z.string() }) }).nullable(),
  addresses: z.array(addressSchema),
  defaultShippingAddress: addressSchema.nullable(),
  defaultBillingAddress: addressSchema.nullable(),
  accountInformation: z.object({
    paymentTerms: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    country: z.string(),
  }),
});
export type BusinessPartner = z.infer<typeof businessPartnerSchema>;
export const businessPartnerQuerySchema = z.object({
  limited: z.enum(['true', 'false']).optional(),
});

/** GET /api/users-info-saleor (spec 01 §3 user info), optionally for a partner (bpId). */
export const usersInfoQuerySchema = z.object({ bpId: z.string().max(60).optional() });
const personSchema = z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() });
export const userInfoSchema = z.object({
  id: z.string(),
  approvedBrands: z.array(namedSlugSchema),
  defaultShippingAddress: addressSchema.nullable(),
  employees: z.array(personSchema.extend({ isProductPurchaser: z.boolean() })),
  insideSalesRep: personSchema.nullable(),
  outsideSalesRep: personSchema.nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;
