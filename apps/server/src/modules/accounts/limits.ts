import type { RateLimitRule } from '../../plugins/rate-limit.ts';

const FIFTEEN_MINUTES = 15 * 60_000;

/** Limits of the account calls, counted in the shared rate-limit store like the identity ones. */
export const ACCOUNT_RATE_LIMITS = {
  registerPerIp: { limit: 10, windowMs: 60 * 60_000 },
  emailResendPerEmail: { limit: 5, windowMs: FIFTEEN_MINUTES },
  // A sign-up page behind one shop address may resend a few links; this only stops a sweep.
  emailResendPerIp: { limit: 30, windowMs: FIFTEEN_MINUTES },
  // Each try checks the password: the same budget as a password change.
  changeEmailPerUser: { limit: 5, windowMs: FIFTEEN_MINUTES },
} satisfies Record<string, RateLimitRule>;
