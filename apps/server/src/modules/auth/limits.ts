import type { RateLimitRule } from '../../plugins/rate-limit.ts';

const FIFTEEN_MINUTES = 15 * 60_000;

/** The limits of the identity calls (issue 3 §2), counted in the shared rate-limit store. */
export const RATE_LIMITS = {
  // A shop's staff share one address: generous per address; the per-account lockout stops guessing.
  signInPerIp: { limit: 100, windowMs: FIFTEEN_MINUTES },
  codePerUser: { limit: 10, windowMs: FIFTEEN_MINUTES },
  codeSendPerUser: { limit: 5, windowMs: FIFTEEN_MINUTES },
  resetRequestPerEmail: { limit: 5, windowMs: FIFTEEN_MINUTES },
  resetRequestPerIp: { limit: 30, windowMs: FIFTEEN_MINUTES },
  resetAttemptPerEmail: { limit: 10, windowMs: FIFTEEN_MINUTES },
  changePasswordPerUser: { limit: 5, windowMs: FIFTEEN_MINUTES },
} satisfies Record<string, RateLimitRule>;
