import type { AppContext } from '../../context.ts';
import type { Limit } from '../../plugins/rate-limit.ts';
import type { Auth } from './auth.ts';
import { createAudit } from './audit.ts';
import { createPasswordService } from './passwords.ts';
import { createSessionReader } from './session-read.ts';
import { createSessionRotation } from './session-rotation.ts';
import { createSignInService, type SignInOptions } from './sign-in.ts';
import { createSignedInSessions } from './signed-in-sessions.ts';
import { createSignOutService } from './sign-out.ts';

/**
 * The identity calls, each job in its own file: sign-in and the second factor (sign-in.ts),
 * passwords (passwords.ts), ending sessions (sign-out.ts), the audit log (audit.ts), and reading the
 * session of a request (session-read.ts), new tokens for it (session-rotation.ts). `limit` counts in the app's one rate-limit store
 * (plugins/rate-limit.ts).
 */
export function createAuthService(
  ctx: AppContext,
  auth: Auth,
  limit: Limit,
  staff: Pick<SignInOptions, 'mustEnrolSecondFactor'> = { mustEnrolSecondFactor: async () => false },
) {
  const audit = createAudit(ctx.db);
  return {
    ...createSessionReader(ctx, auth),
    ...createSessionRotation(auth),
    ...createSignInService(ctx, auth, { audit, limit, ...staff }),
    ...createPasswordService(ctx, auth, { audit, limit }),
    ...createSignOutService(auth, { audit }),
    ...createSignedInSessions(ctx, { audit }),
    audit,
    limit,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
