/**
 * The auth module's door: what other modules and the app may use. Its schema, repo and the files of
 * each job stay private (drizzle schema files may still name its tables for foreign keys).
 */

// Building the module (app.ts, main.ts).
export { createAuth, SESSION_COOKIE_PREFIX, type Auth } from './auth.ts';
export { createAuthService, type AuthService } from './service.ts';
export { createMfaService } from './mfa.ts';
export { authRoutes, send as sendWithCookies } from './routes.ts';
export { mfaRoutes } from './mfa-routes.ts';
export { signedInSessionRoutes } from './sessions-routes.ts';
export { getAuthSecret } from './secret.ts';
export { securesCookies } from './cookies.ts';
export { registerRefusalAudit } from './audit.ts';
export {
  currentLinkToken,
  reencryptWithCurrentSecret,
  registerPreviousSecret,
  secretKeysOf,
  verifyLinkToken,
} from './secret-rotation.ts';
export { createDatabaseRateLimitStore, createRedisRateLimitStore } from './rate-limit.ts';

// Who calls: the plain value services take, and the 401 a request without a live session gets.
export { clientOf, type Client } from './client.ts';
export { carriesSession, signedOutDetail } from './credentials.ts';
export type { SignedInUser } from './session-read.ts';

// better-auth's tables, for modules that keep their own values there (the accounts module's pending
// e-mail change) or end a user's sessions; pass a transaction to join the caller's.
export { endSessionsOf, liveSessionIds } from './sign-out.ts';
export { replaceVerification, takeVerification, unexpiredVerification } from './verifications.ts';
