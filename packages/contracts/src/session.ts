import { z } from 'zod';
import type { PortalUser } from './permissions.ts';
import { PRODUCTS_PER_PAGE, SITES } from './constants.ts';
import { messages } from './messages.ts';

export const portalUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  image: z.string().nullable(),
  is_retired: z.boolean(),
  access_type: z.string().nullable(),
  user_type: z.array(z.object({ type: z.string(), is_owner: z.boolean() })),
  permissionGroups: z.array(z.string()),
  dealer_id: z.string().nullable(),
  installer: z.object({ is_owner: z.boolean(), is_purchaser: z.boolean() }).nullable(),
}) satisfies z.ZodType<PortalUser>;

/** Per-user preferences (spec 01 §9: the search page size is stored per user). */
export const preferencesSchema = z.object({
  searchPageSize: z.literal(PRODUCTS_PER_PAGE).nullable(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** GET /api/session: who is signed in and what they act for (decided on the server). */
export const sessionSchema = z.object({
  user: portalUserSchema.nullable(),
  /** The business the session acts for: a rep's selection, else the user's own (spec 01 §4). */
  selectedBusiness: z
    .object({
      sapBpCode: z.string(),
      companyName: z.string(),
      /** Slugs of the business's approved brands (spec 01 §6: browsing carries "approved only"). */
      approvedBrands: z.array(z.string()),
    })
    .nullable(),
  /** The dealer primary a sales rep impersonates through the selected business. */
  impersonatedUser: z
    .object({ id: z.string(), first_name: z.string(), last_name: z.string(), email: z.string() })
    .nullable(),
  site: z.enum(SITES),
  otherSiteUrl: z.string(),
  /** ASVS 6.3.3: an admin or sales rep who must set up two-step verification before anything else. */
  mustEnrolSecondFactor: z.boolean().optional(),
  /** Null for a visitor: their choices live in this browser only. */
  preferences: preferencesSchema.nullable(),
});
export type Session = z.infer<typeof sessionSchema>;

/** POST /api/select-business: a sales rep picks the business to act for, by its code. */
export const selectBusinessRequestSchema = z.object({
  sapBpCode: z.string().trim().min(1, messages.requiredField).max(20),
});
