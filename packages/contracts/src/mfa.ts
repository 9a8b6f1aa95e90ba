import { z } from 'zod';
import { messages } from './messages.ts';
import { currentPasswordField } from './password.ts';
import { phoneField } from './validation.ts';
import { MFA_TYPES } from './auth.ts';

const code = () =>
  z
    .string({ error: messages.requiredField })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code');

/** A browser the user told us to remember (spec 01 §4 remembered devices). */
export const trustedDeviceSchema = z.object({
  id: z.string(),
  label: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  current: z.boolean(),
});
export type TrustedDevice = z.infer<typeof trustedDeviceSchema>;

/** GET /api/mfa: the second factor of the signed-in user and their remembered devices. */
export const mfaStatusSchema = z.object({
  mfaType: z.enum(MFA_TYPES),
  phone: z.string().nullable(),
  devices: z.array(trustedDeviceSchema),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

export const enableTotpRequestSchema = z.object({ password: currentPasswordField() });
export const enableTotpResponseSchema = z.object({ totpURI: z.string(), secret: z.string() });
export type EnableTotpResponse = z.infer<typeof enableTotpResponseSchema>;

export const enableSmsRequestSchema = z.object({ password: currentPasswordField(), phone: phoneField() });
export type EnableSmsRequest = z.input<typeof enableSmsRequestSchema>;
export const codeSentResponseSchema = z.object({ destination: z.string() });

export const confirmCodeRequestSchema = z.object({ code: code() });
export type ConfirmCodeRequest = z.input<typeof confirmCodeRequestSchema>;

/** ASVS 7.5.1: turning the second factor off asks the password again, beside a code of that factor. */
export const disableMfaRequestSchema = z.object({ password: currentPasswordField(), code: code() });
export type DisableMfaRequest = z.input<typeof disableMfaRequestSchema>;

export const deviceParamsSchema = z.object({
  id: z.string().regex(/^trust-device-[\w-]{32}$/, messages.invalidRequest),
});
