import { z } from 'zod';
import type { PortalUser } from './permissions.ts';
import { SITES } from './constants.ts';

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

/** GET /api/session: who is signed in and what they act for (decided on the server). */
export const sessionSchema = z.object({
  user: portalUserSchema.nullable(),
  selectedBusiness: z.object({ sapBpCode: z.string(), companyName: z.string() }).nullable(),
  site: z.enum(SITES),
  otherSiteUrl: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;
