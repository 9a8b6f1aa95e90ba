import { z } from 'zod';
import { DEALER_PROFILE_COUNTRIES, TABLE_PAGE_SIZE, TABLE_PAGE_SIZES } from './constants.ts';
import { messages } from './messages.ts';
import { COUNTRY_NAMES, POSTAL_CODE_PATTERNS, REGIONS_BY_COUNTRY, type CountryCode } from './regions.ts';
import { emailField, optionalText, personNameField, phoneField, requiredText } from './validation.ts';

/** spec 01 §5: +1 (US and CA), +61 (AU), +52 (MX); AU and MX only in the dealer profile variant (this one). */
export const PHONE_COUNTRY_CODES: Record<(typeof DEALER_PROFILE_COUNTRIES)[number], string> = {
  USCA: '+1',
  CA: '+1',
  AU: '+61',
  MX: '+52',
};
export const PHONE_COUNTRY_LABELS: Record<(typeof DEALER_PROFILE_COUNTRIES)[number], string> = {
  USCA: 'US +1',
  CA: 'CA +1',
  AU: 'AU +61',
  MX: 'MX +52',
};

/** Texts of /dealer-request and its admin review (ours: the spec shows none). */
export const DEALER_REQUEST_TEXTS = {
  postalCodeInvalid: 'Postal code invalid',
  regionInvalid: 'Choose a state or province of the selected country',
  chooseBrand: 'Choose at least one brand',
  unknownBrand: 'Choose brands from the list',
  duplicatePending:
    'We already have a dealer request for this e-mail address that is being reviewed. We will contact you soon.',
  notAllowed: 'Dealer requests are only available to administrators.',
  notFound: 'Dealer request not found.',
  alreadyReviewed: (status: string) => `This dealer request has already been ${status}.`,
  sapBpCodeInvalid: 'SAP BP code must be C and six digits (N and six digits for a Canadian business)',
  sapBpCodeCountry: (country: string) =>
    country === 'CA'
      ? 'A Canadian business needs an SAP BP code starting with N.'
      : 'Only a Canadian business gets an SAP BP code starting with N; use C.',
  sapBpCodeTaken: (code: string) => `SAP BP code ${code} is already in use.`,
  unknownChannel: 'Choose a channel from the list',
  accountExists: 'An account with this e-mail already exists.',
} as const;

/** One answer, required, then number, whole number and maximum (spec 01 §5 messages). */
const wholeNumberField = (max: number) =>
  z.union([z.string(), z.number()], { error: messages.requiredField }).transform((value, ctx) => {
    const text = String(value).trim();
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (!text) return fail(messages.requiredField);
    const n = Number(text);
    if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(text) || !Number.isFinite(n)) return fail(messages.mustBeNumber);
    if (!Number.isInteger(n) || n < 0) return fail(messages.mustBeWholeNumber);
    if (n > max) return fail(messages.lessThan(max + 1));
    return n;
  });

/** spec 01 §5: a URL must start with http or https. */
export const websiteField = () =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (/^https?:\/\/\S+$/i.test(v) && URL.canParse(v)), messages.urlInvalid)
    .pipe(z.string().max(255, messages.maxChars(256)))
    .optional();

export const DEALER_REQUEST_LIMITS = { maxYears: 99, maxInstallers: 999, maxBrands: 20 } as const;

/** POST /api/dealer-requests (public): an application for a new dealer account. */
export const dealerRequestInputSchema = z
  .object({
    companyName: requiredText(120),
    firstName: personNameField(),
    lastName: personNameField(),
    email: emailField(),
    phoneCountry: z.enum(DEALER_PROFILE_COUNTRIES, { error: messages.requiredField }).default('USCA'),
    phone: phoneField(),
    website: websiteField(),
    streetAddress1: requiredText(120),
    streetAddress2: optionalText(120),
    city: requiredText(80),
    country: z.enum(Object.keys(COUNTRY_NAMES) as [CountryCode, ...CountryCode[]], { error: messages.requiredField }),
    countryArea: z.string({ error: messages.requiredField }).trim().min(1, messages.requiredField),
    postalCode: z
      .string({ error: messages.requiredField })
      .trim()
      .min(1, messages.requiredField)
      .transform((v) => v.toUpperCase()),
    yearsInBusiness: wholeNumberField(DEALER_REQUEST_LIMITS.maxYears),
    installerCount: wholeNumberField(DEALER_REQUEST_LIMITS.maxInstallers),
    brandsOfInterest: z
      .array(z.string().max(80), { error: DEALER_REQUEST_TEXTS.chooseBrand })
      .min(1, DEALER_REQUEST_TEXTS.chooseBrand)
      .max(DEALER_REQUEST_LIMITS.maxBrands)
      .transform((slugs) => [...new Set(slugs)]),
    message: optionalText(2000),
  })
  .superRefine((value, ctx) => {
    // spec 02 §5: the states and provinces of the chosen country.
    if (value.countryArea && !REGIONS_BY_COUNTRY[value.country].some((r) => r.code === value.countryArea))
      ctx.addIssue({ code: 'custom', path: ['countryArea'], message: DEALER_REQUEST_TEXTS.regionInvalid });
    if (value.postalCode && !POSTAL_CODE_PATTERNS[value.country].test(value.postalCode))
      ctx.addIssue({ code: 'custom', path: ['postalCode'], message: DEALER_REQUEST_TEXTS.postalCodeInvalid });
  });
export type DealerRequestInput = z.input<typeof dealerRequestInputSchema>;
export type DealerRequestValues = z.output<typeof dealerRequestInputSchema>;

export const dealerRequestCreatedSchema = z.object({ id: z.string(), status: z.literal('pending') });
export type DealerRequestCreated = z.infer<typeof dealerRequestCreatedSchema>;

export const DEALER_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;
export type DealerRequestStatus = (typeof DEALER_REQUEST_STATUSES)[number];

/** A request as the admin review shows it. */
export const dealerRequestSchema = z.object({
  id: z.string(),
  status: z.enum(DEALER_REQUEST_STATUSES),
  companyName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  phoneCountry: z.string(),
  website: z.string().nullable(),
  streetAddress1: z.string(),
  streetAddress2: z.string(),
  city: z.string(),
  countryArea: z.string(),
  postalCode: z.string(),
  country: z.string(),
  yearsInBusiness: z.number().int().nullable(),
  installerCount: z.number().int().nullable(),
  brandsOfInterest: z.array(z.string()),
  message: z.string(),
  createdAt: z.string(),
  reviewNote: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  businessPartner: z.object({ id: z.string(), sapBpCode: z.string() }).nullable(),
  /** The applicant's e-mail already has a portal account (approval would be refused). */
  hasAccount: z.boolean(),
});
export type DealerRequest = z.infer<typeof dealerRequestSchema>;

export const dealerRequestListQuerySchema = z.object({
  status: z.enum(DEALER_REQUEST_STATUSES).default('pending'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (TABLE_PAGE_SIZES as readonly number[]).includes(n), 'Page size must be 10, 30, 60 or 100')
    .default(TABLE_PAGE_SIZE),
});
export type DealerRequestListQuery = z.input<typeof dealerRequestListQuerySchema>;

export const dealerRequestListSchema = z.object({
  results: z.array(dealerRequestSchema),
  totalCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  counts: z.object({ pending: z.number().int(), approved: z.number().int(), declined: z.number().int() }),
  /** What an approval may choose. */
  channels: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type DealerRequestList = z.infer<typeof dealerRequestListSchema>;

export const dealerRequestIdParamsSchema = z.object({ id: z.uuid(DEALER_REQUEST_TEXTS.notFound) });

/** spec 01 §4: C and six digits for a US business, N and six digits for a Canadian one. */
export const approveDealerRequestSchema = z.object({
  sapBpCode: z
    .string({ error: messages.requiredField })
    .trim()
    .toUpperCase()
    .min(1, messages.requiredField)
    .pipe(z.string().regex(/^[CN]\d{6}$/, DEALER_REQUEST_TEXTS.sapBpCodeInvalid)),
  channel: z.string({ error: messages.requiredField }).trim().min(1, messages.requiredField),
});
export type ApproveDealerRequest = z.input<typeof approveDealerRequestSchema>;

export const approveDealerRequestResponseSchema = z.object({
  request: dealerRequestSchema,
  businessPartner: z.object({ id: z.string(), sapBpCode: z.string(), companyName: z.string() }),
  dealerId: z.string(),
  /** The owner's invitation (a complete_registration link) went to this address. */
  invitationSentTo: z.string(),
});
export type ApproveDealerRequestResponse = z.infer<typeof approveDealerRequestResponseSchema>;

export const declineDealerRequestSchema = z.object({ note: requiredText(1000) });
export type DeclineDealerRequest = z.input<typeof declineDealerRequestSchema>;
