import { z } from 'zod';
import { messages } from './messages.ts';
import { currentPasswordField, newPasswordField } from './password.ts';

/** spec 01 §4: the second-factor type of a user. */
export const MFA_TYPES = ['none', 'sms', 'totp'] as const;
export type MfaType = (typeof MFA_TYPES)[number];

/** POST /api/auth/sign-in. Login needs username and password: 'Please complete all fields'. */
export const signInRequestSchema = z.object({
  email: z.string({ error: messages.completeAllFields }).trim().min(1, messages.completeAllFields),
  password: z.string({ error: messages.completeAllFields }).min(1, messages.completeAllFields),
  rememberMe: z.boolean().default(false),
});
export type SignInRequest = z.input<typeof signInRequestSchema>;

/** Either signed in, or a second factor is needed (spec 01 §4: an MFA challenge is returned). */
export const signInResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('signed-in') }),
  z.object({ status: z.literal('second-factor'), method: z.enum(['sms', 'totp']), destination: z.string().nullable() }),
  // ASVS 6.3.3: an admin or sales rep without a second factor, where one is required: signed in to set one up only.
  z.object({ status: z.literal('enrol-second-factor') }),
]);

/** The 403 of any other call while such a user has not set up a second factor. */
export const STAFF_SECOND_FACTOR_REQUIRED =
  'Admins and sales reps sign in with two-step verification. Set it up to continue.';
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** POST /api/auth/second-factor: the code, and whether to remember this device. */
export const secondFactorRequestSchema = z.object({
  code: z
    .string({ error: messages.requiredField })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
  trustDevice: z.boolean().default(false),
});
export type SecondFactorRequest = z.input<typeof secondFactorRequestSchema>;

export const okSchema = z.object({ ok: z.literal(true) });

export { currentPasswordField };

/** POST /api/auth/forgot-password (spec 01 §8: InvalidParameter is 'Invalid Request'). */
export const forgotPasswordRequestSchema = z.object({
  email: z
    .string({ error: messages.requiredField })
    .trim()
    .min(1, messages.requiredField)
    .pipe(z.email(messages.invalidRequest))
    .transform((v) => v.toLowerCase()),
});
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

const withConfirmation = <T extends z.ZodRawShape>(shape: T, password: keyof T & string, confirm: keyof T & string) =>
  z.object(shape).refine((v) => v[password as keyof typeof v] === v[confirm as keyof typeof v], {
    message: messages.passwordsDoNotMatch,
    path: [confirm],
  });

/** POST /api/auth/reset-password: the emailed code and the new password. */
export const resetPasswordRequestSchema = withConfirmation(
  {
    email: forgotPasswordRequestSchema.shape.email,
    code: z
      .string({ error: messages.requiredField })
      .trim()
      .regex(/^\d{6}$/, messages.codeMismatch),
    password: newPasswordField(),
    confirmPassword: z.string({ error: messages.requiredField }).min(1, messages.requiredField),
  },
  'password',
  'confirmPassword',
);
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** POST /api/change-password (spec 01 §7: password, new_password, confirm_new_password, access_token). */
export const changePasswordRequestSchema = withConfirmation(
  {
    password: currentPasswordField(),
    new_password: newPasswordField(),
    confirm_new_password: z.string({ error: messages.requiredField }).min(1, messages.requiredField),
    /** Kept for API clients of the original contract; the session decides who is asking. */
    access_token: z.string().optional(),
  },
  'new_password',
  'confirm_new_password',
);
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;
