import { z } from 'zod';
import { messages } from './messages.ts';
import { currentPasswordField, newPasswordField } from './password.ts';
import { emailField, personNameField, phoneField } from './validation.ts';
import { portalUserSchema } from './session.ts';
import { payoutsSchema } from './rewards.ts';

/**
 * Texts of the account calls that the spec does not quote (spec 01 §1 consumers, §7 account
 * service; e-mail confirmation and e-mail change). The spec's own texts stay in messages.ts.
 */
export const ACCOUNT_TEXTS = {
  forbidden: 'Forbidden',
  emailTaken: 'An account with this e-mail address already exists.',
  sameEmail: 'This is already the e-mail address of your account.',
  notUpdatable: 'Only first_name, last_name and phone_number can be changed here',
  smsPhoneLocked:
    'This phone number receives your sign-in codes. Change it under Two-step verification: turn text messages off, then on with the new number.',
  // /register
  registerTitle: 'Create your account',
  registerLead: messages.consumerRegisterLead,
  checkEmailTitle: 'Check your e-mail',
  checkEmailBody: (email: string) =>
    `We sent a link to ${email}. Open it to confirm your e-mail address and finish setting up your account. The link works for one hour.`,
  checkEmailHint: 'Nothing there? Look in your spam folder, or send the link again.',
  resent: 'If that account still needs confirming, we sent a new link.',
  // /login?verified=1|0 (GET /api/auth/verify-email)
  emailConfirmed: 'Your e-mail address is confirmed. You can sign in now.',
  emailConfirmFailed:
    'This confirmation link is invalid or has expired. Sign in with your e-mail and password to get a new one.',
  // /profile: change e-mail
  changeEmailTitle: 'Change e-mail',
  changeEmailLead:
    'We send a link to the new address; your e-mail changes when you open it. Until then, sign in with your current e-mail.',
  changeEmailSent: (email: string) =>
    `We sent a confirmation link to ${email}. Open it within 24 hours to finish the change; you will then sign in again with the new address.`,
  // /change-email-accept and /change-email-decline
  acceptTitle: 'Confirm your new e-mail address',
  acceptLead: 'Confirm to make this address the one you sign in with. Every device will be signed out.',
  acceptButton: 'Confirm e-mail change',
  acceptedTitle: 'Your e-mail address has been changed',
  acceptedBody: (email: string) => `Sign in with ${email} from now on.`,
  declineTitle: 'Cancel the e-mail change',
  declineLead: 'Cancel the request to change the e-mail address of your account. Your e-mail stays as it is.',
  declineButton: 'Cancel e-mail change',
  declinedTitle: 'The e-mail change has been cancelled',
  declinedBody:
    'Your e-mail address stays as it is. If you did not ask for the change, change your password: someone may know it.',
} as const;

/** E-mails the account calls send (server only; the web app never imports these). */
export const ACCOUNT_MAIL = {
  alreadyRegisteredSubject: 'Someone tried to create a Dealer Portal account with your e-mail',
  alreadyRegisteredText: (loginUrl: string, forgotUrl: string) =>
    `Someone (maybe you) tried to create a Dealer Portal account with this e-mail address, but it already has an account.\n\nSign in: ${loginUrl}\nForgot your password? Reset it: ${forgotUrl}\n\nIf you have not confirmed your e-mail address yet, signing in sends you a new confirmation link. If this wasn't you, you can ignore this message.`,
  changeEmailConfirmSubject: 'Confirm your new Dealer Portal e-mail address',
  changeEmailConfirmText: (url: string) =>
    `You asked to use this address to sign in to the Dealer Portal.\n\nConfirm the change within 24 hours:\n${url}\n\nYou will then sign in again with this address. If you did not ask for this, ignore this message: nothing changes.`,
  changeEmailNoticeSubject: 'Your Dealer Portal e-mail address is about to change',
  changeEmailNoticeText: (newEmail: string, url: string) =>
    `Someone signed in to your Dealer Portal account asked to change its e-mail address to ${newEmail}.\n\nIf this wasn't you, cancel the change and then change your password:\n${url}\n\nIf it was you, there is nothing to do here: confirm the change from the message we sent to the new address.`,
} as const;

const confirmField = () => z.string({ error: messages.requiredField }).min(1, messages.requiredField);

/** POST /api/user/register: a consumer (B2C) creates an account (spec 01 §1). */
export const registerRequestSchema = z
  .object({
    first_name: personNameField(),
    last_name: personNameField(),
    email: emailField(),
    password: newPasswordField(),
    confirm_password: confirmField(),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: messages.passwordsDoNotMatch,
    path: ['confirm_password'],
  });
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** POST /api/user/email-resend (spec 01 §7, no auth): the sign-up e-mail again. */
export const emailResendRequestSchema = z.object({ email: emailField() });
export type EmailResendRequest = z.input<typeof emailResendRequestSchema>;

/** GET /api/auth/verify-email: the link of the sign-up e-mail; a missing token is a bad link, not a 400. */
export const verifyEmailQuerySchema = z.object({
  token: z.string().optional(),
  callbackURL: z.string().optional(),
});

/** POST /api/user/change-email: the signed-in user asks for a new sign-in e-mail. */
export const changeEmailRequestSchema = z.object({
  new_email: emailField(),
  password: currentPasswordField(),
});
export type ChangeEmailRequest = z.input<typeof changeEmailRequestSchema>;

/** POST /api/user/change-email/accept and /decline: the token of the e-mailed link. */
export const changeEmailTokenRequestSchema = z.object({
  token: z.string({ error: messages.invalidJwt }).trim().min(1, messages.invalidJwt),
});
export type ChangeEmailTokenRequest = z.input<typeof changeEmailTokenRequestSchema>;
export const changeEmailAcceptedSchema = z.object({ ok: z.literal(true), email: z.string() });
export type ChangeEmailAccepted = z.infer<typeof changeEmailAcceptedSchema>;

/** GET and PATCH /api/user/{id}: the user of the account service (spec 01 §3 logged-in and auth user). */
export const accountUserSchema = portalUserSchema.extend({
  /** Identity id (spec 01 §3 `sub`): the same as `id` here. */
  sub: z.string(),
  phone_number: z.string().nullable(),
  subscriber_id: z.string().nullable(),
  email_verified: z.boolean(),
  /**
   * spec 01 §3 auth user, spec 02 §6: the payouts (Stripe onboarding) state, as GET /api/payouts answers it. The link
   * and the login link are the user's own credentials: an admin reading another user gets only whether it is complete.
   */
  ...payoutsSchema.shape,
});
export type AccountUser = z.infer<typeof accountUserSchema>;

/** Path parameter of /api/user/{id}; a missing id is answered with the spec's detail, not a field error. */
export const userIdParamsSchema = z.object({ id: z.string() });

/** spec 01 §7 PATCH user/{id} with updates: the fields a person may change about themselves. */
export const userUpdatesSchema = z.strictObject(
  {
    first_name: personNameField().optional(),
    last_name: personNameField().optional(),
    /** spec 01 §5: exactly ten digits (stored only when longer than 9 characters); null removes it. */
    phone_number: phoneField().nullable().optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? ACCOUNT_TEXTS.notUpdatable : undefined) },
);
export const updateUserRequestSchema = z.object({ updates: userUpdatesSchema });
export type UpdateUserRequest = z.input<typeof updateUserRequestSchema>;

/** GET /api/get-user-drone-profile (spec 01 §3 drone profile, §7). */
export const droneProfileResponseSchema = z.object({
  droneProfile: z.object({ droneUserId: z.string() }),
  permissionGroups: z.array(z.object({ name: z.string() })),
});
export type DroneProfileResponse = z.infer<typeof droneProfileResponseSchema>;
