import { z } from 'zod';
import { CONTACT_ROLES, DEALER_PROFILE_COUNTRIES, INSTALLERS_FETCH_LIMIT, TABLE_PAGE_SIZE } from './constants.ts';
import { messages } from './messages.ts';
import { websiteField } from './dealer-requests.ts';
import { emailField, optionalText, phoneDigits, requiredText } from './validation.ts';

/** Texts of the dealer calls the spec shows none for (ours). */
export const DEALER_TEXTS = {
  dealerNotFound: 'Dealer not found.',
  installerNotFound: 'Installer not found.',
  invitationNotFound: 'Invitation not found.',
  noBusiness: 'No business is selected.',
  partnerNotFound: 'Business partner not found.',
  ownersOnly: 'Only the dealer’s owner can manage the dealer.',
  ownerCannotRetire: 'The owner can not be retired.',
  ownerKeepsPurchasing: 'The owner always has purchasing rights.',
  unknownContactRole: 'Choose contact roles from the list',
  sameUserTwice: 'A user can not be both added and removed.',
} as const;

/** List page (spec 01 §3 "list page state", §7 `GET {list path}`): limit and offset in, count, next, previous, results out. */
export const listPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int(),
    next: z.number().int().nullable(),
    previous: z.number().int().nullable(),
    results: z.array(item),
  });

const offsetField = z.coerce.number({ error: messages.mustBeNumber }).int(messages.mustBeWholeNumber).min(0).default(0);

/** spec 02 §3 dealer profile; phone countries USCA, CA, AU, MX (the dealer-profile variant of §5). */
export const dealerProfileSchema = z.object({
  displayName: z.string(),
  phone: z.string(),
  phoneCountry: z.enum(DEALER_PROFILE_COUNTRIES),
  website: z.string(),
  contactRoles: z.array(z.enum(CONTACT_ROLES)),
  city: z.string(),
  countryArea: z.string(),
});
export type DealerProfile = z.infer<typeof dealerProfileSchema>;

/** spec 02 §3 Dealer: dealer_id, dealer_profile, is_public_profile, contact_email (payouts arrive with rewards). */
export const dealerSchema = z.object({
  id: z.string(),
  dealer_id: z.string(),
  business_partner: z.object({ id: z.string(), sapBpCode: z.string(), companyName: z.string() }),
  is_public_profile: z.boolean(),
  contact_email: z.string(),
  dealer_profile: dealerProfileSchema,
});
export type Dealer = z.infer<typeof dealerSchema>;
export const dealerListSchema = listPageSchema(dealerSchema);
export type DealerList = z.infer<typeof dealerListSchema>;

export const dealerIdParamsSchema = z.object({ id: z.uuid(DEALER_TEXTS.dealerNotFound) });
export const installerIdParamsSchema = z.object({ id: z.uuid(DEALER_TEXTS.installerNotFound) });
export const invitationIdParamsSchema = z.object({ id: z.uuid(DEALER_TEXTS.invitationNotFound) });

/** spec 02 §3 Installer: a member of the dealer's staff, with the user's name and e-mail. */
export const installerSchema = z.object({
  id: z.string(),
  installer_id: z.string(),
  user_id: z.string(),
  dealer_id: z.string(),
  is_owner: z.boolean(),
  is_retired: z.boolean(),
  is_purchaser: z.boolean(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type Installer = z.infer<typeof installerSchema>;
export const installerListSchema = listPageSchema(installerSchema);
export type InstallerList = z.infer<typeof installerListSchema>;

/** spec 02 §9: installers fetched with limit 80, offset 0. */
export const installersQuerySchema = z.object({
  limit: z.coerce
    .number({ error: messages.mustBeNumber })
    .int(messages.mustBeWholeNumber)
    .min(1, messages.moreThan(0))
    .max(INSTALLERS_FETCH_LIMIT, messages.lessThan(INSTALLERS_FETCH_LIMIT + 1))
    .default(INSTALLERS_FETCH_LIMIT),
  offset: offsetField,
});
export type InstallersQuery = z.input<typeof installersQuerySchema>;

/** Control characters (NUL above all, which PostgreSQL text and jsonb refuse) are dropped from free text. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;
const withoutControls = <T extends z.ZodType<unknown, string>>(field: T) =>
  z
    .string({ error: messages.requiredField })
    .transform((v) => v.replace(CONTROL_CHARACTERS, ''))
    .pipe(field);

const hasSomeUpdate = (value: object) => Object.values(value).some((v) => v !== undefined);

/** PATCH /api/installer/{id} (spec 02 §7): purchasing rights and retirement. */
export const installerUpdateSchema = z
  .object(
    { is_purchaser: z.boolean().optional(), is_retired: z.boolean().optional() },
    { error: messages.updatesRequired },
  )
  .strict()
  .refine(hasSomeUpdate, messages.updatesRequired);
export type InstallerUpdate = z.input<typeof installerUpdateSchema>;

/** spec 01 §5: a phone is stored only when longer than 9 characters; an empty one clears it. */
const profilePhoneField = z
  .string()
  .transform(phoneDigits)
  .pipe(z.string().regex(/^(\d{10})?$/, messages.phoneInvalid));

/** PATCH /api/dealer/{id} (spec 02 §3, §5): each profile field may be sent alone. */
export const dealerProfileUpdateSchema = z
  .object({
    displayName: withoutControls(requiredText(120)),
    phone: profilePhoneField,
    phoneCountry: z.enum(DEALER_PROFILE_COUNTRIES, { error: messages.requiredField }),
    website: websiteField(),
    contactRoles: z
      .array(z.enum(CONTACT_ROLES, { error: DEALER_TEXTS.unknownContactRole }))
      .max(CONTACT_ROLES.length)
      .transform((roles) => [...new Set(roles)]),
    city: withoutControls(optionalText(80).unwrap()),
    countryArea: withoutControls(optionalText(80).unwrap()),
  })
  .partial()
  .strict();

export const dealerUpdateSchema = z
  .object(
    {
      is_public_profile: z.boolean().optional(),
      // spec 02 §5: the dealer contact e-mail is lowercased.
      contact_email: emailField().optional(),
      dealer_profile: dealerProfileUpdateSchema.optional(),
    },
    { error: messages.updatesRequired },
  )
  .strict()
  .refine(hasSomeUpdate, messages.updatesRequired);
export type DealerUpdate = z.input<typeof dealerUpdateSchema>;

const userIdList = z
  .array(z.string().regex(/^[\w-]{1,64}$/, DEALER_TEXTS.installerNotFound))
  .max(200)
  .default([]);

/** POST /api/update-user-permissions (spec 01 §7, spec 02 §7): purchasing rights per installer (user ids). */
export const updateUserPermissionsSchema = z
  .object({ removeUsersId: userIdList, addUsersId: userIdList }, { error: messages.updatesRequired })
  .superRefine((value, ctx) => {
    if (value.removeUsersId.length + value.addUsersId.length === 0)
      ctx.addIssue({ code: 'custom', message: messages.updatesRequired, path: ['addUsersId'] });
    const removed = new Set(value.removeUsersId);
    if (value.addUsersId.some((id) => removed.has(id)))
      ctx.addIssue({ code: 'custom', message: DEALER_TEXTS.sameUserTwice, path: ['addUsersId'] });
  });
export type UpdateUserPermissions = z.input<typeof updateUserPermissionsSchema>;

/** GET /api/my-business/activity: what was done for the business while impersonating (issue 5). */
export const activityQuerySchema = z.object({
  limit: z.coerce
    .number({ error: messages.mustBeNumber })
    .int(messages.mustBeWholeNumber)
    .min(1, messages.moreThan(0))
    .max(100, messages.lessThan(101))
    .default(TABLE_PAGE_SIZE),
  offset: offsetField,
});
const personRefSchema = z.object({ id: z.string(), first_name: z.string(), last_name: z.string(), email: z.string() });
export const activityEventSchema = z.object({
  id: z.string(),
  /** 'business-selected', 'business-cleared' or 'request'. */
  kind: z.string(),
  method: z.string().nullable(),
  path: z.string().nullable(),
  status: z.number().int().nullable(),
  created_at: z.string(),
  actor: personRefSchema,
  impersonated: personRefSchema.nullable(),
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;
export const activityListSchema = listPageSchema(activityEventSchema);
export type ActivityList = z.infer<typeof activityListSchema>;
