import { z } from 'zod';
import { messages } from './messages.ts';
import { newPasswordField } from './password.ts';
import { emailField, personNameField } from './validation.ts';

/** spec 01 §3: the two kinds of account tokens sent by e-mail. */
export const TOKEN_TYPES = ['accept_decline_invitation', 'complete_registration'] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

export const INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'revoked'] as const;

/** POST /api/user/invite (spec 02 §7): e-mail lowercased, user_type installer. */
export const inviteRequestSchema = z.object({
  email: emailField(),
  user_type: z.literal('installer', { error: messages.invalidRequest }),
});
export type InviteRequest = z.input<typeof inviteRequestSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  user_type: z.string(),
  status: z.enum(INVITATION_STATUSES),
  dealer_id: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** GET /api/user/token (spec 01 §7: optional dealer_id, answers results): pending invitations. */
export const invitationListQuerySchema = z.object({ dealer_id: z.string().optional() });
export const invitationListSchema = z.object({ results: z.array(invitationSchema) });

/** The token in a link's query (`?token=`); a missing one is as invalid as a bad one. */
export const tokenQuerySchema = z.object({
  token: z.string({ error: messages.invalidJwt }).min(1, messages.invalidJwt),
});

/** GET /api/user/token-info: what a link's token is for, so its page can say who invited whom. */
export const tokenInfoSchema = z.object({
  token_type: z.enum(TOKEN_TYPES),
  email: z.string(),
  dealer_name: z.string().nullable(),
  invited_by: z.string().nullable(),
  expires_at: z.string(),
});
export type TokenInfo = z.infer<typeof tokenInfoSchema>;

/**
 * POST /api/user/set-password?token= (spec 01 §7: password, confirm_password; no auth). An
 * invitation creates the account, so it also asks the person's name (ours: the invite has only
 * the e-mail); a registration to complete already has one.
 */
export const setPasswordRequestSchema = z
  .object({
    password: newPasswordField(),
    confirm_password: z.string({ error: messages.requiredField }).min(1, messages.requiredField),
    first_name: personNameField().optional(),
    last_name: personNameField().optional(),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: messages.passwordsDoNotMatch,
    path: ['confirm_password'],
  });
export type SetPasswordRequest = z.input<typeof setPasswordRequestSchema>;

export const INVITATION_TEXTS = {
  accountExists: 'An account with this e-mail already exists.',
  notAllowed: 'Only the dealer’s owner can invite installers.',
  namesRequired: 'Please enter your first and last name.',
} as const;
