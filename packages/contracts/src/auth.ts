import { z } from 'zod';
import { messages } from './messages.ts';
import { currentPasswordField } from './password.ts';

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
]);
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
