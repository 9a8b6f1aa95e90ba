import { APIError } from 'better-auth/api';
import { messages } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { Refusal, refuse } from '../../refusal.ts';
import type { Limit } from '../../plugins/rate-limit.ts';
import { userByEmail } from '../users/index.ts';
import type { Auth } from './auth.ts';
import type { Audit } from './audit.ts';
import { setCookiesOf, type Client, type WithCookies } from './client.ts';
import { RATE_LIMITS } from './limits.ts';
import type { SignedInUser } from './session-read.ts';

/** Forgot, reset and change password (spec 01 §7, §8; issue 3 §3). */
export function createPasswordService(ctx: AppContext, auth: Auth, { audit, limit }: { audit: Audit; limit: Limit }) {
  /**
   * Forgot password: a code by e-mail. The same answer whether or not the account exists. The limit
   * per address is the route's (routes.ts); the one per e-mail is counted here.
   */
  async function forgotPassword(client: Client, email: string): Promise<{ ok: true }> {
    await limit(`reset-request:${email}`, RATE_LIMITS.resetRequestPerEmail, messages.attemptLimitForgot);
    await auth.api.requestPasswordResetEmailOTP({ body: { email }, headers: client.headers });
    const user = await userByEmail(ctx.db, email);
    await audit('password-reset', client, {
      userId: user?.id,
      email,
      details: { step: 'code-requested', known: !!user },
    });
    return { ok: true };
  }

  /** Reset with the e-mailed code; unlocks the account and ends every session. */
  async function resetPassword(client: Client, input: { email: string; code: string; password: string }) {
    await limit(`reset-attempt:${input.email}`, RATE_LIMITS.resetAttemptPerEmail, messages.attemptLimitForgot);
    try {
      await auth.api.resetPasswordEmailOTP({
        body: { email: input.email, otp: input.code, password: input.password },
        headers: client.headers,
      });
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
      if (error.body?.code === 'TOO_MANY_ATTEMPTS') throw new Refusal('limited', messages.attemptLimitForgot);
      if (error.body?.code === 'OTP_EXPIRED') throw refuse.invalid(messages.codeExpiredReset);
      throw refuse.invalid(messages.codeMismatch); // wrong code, or no such account: same answer
    }
    const user = await userByEmail(ctx.db, input.email);
    await audit('password-reset', client, { userId: user?.id, email: input.email, details: { step: 'done' } });
    return { ok: true as const };
  }

  /** Change password in the profile (spec 01 §8 catalogue); other sessions end, this one stays. */
  async function changePassword(
    client: Client,
    user: SignedInUser,
    input: { password: string; new_password: string },
  ): Promise<WithCookies<{ ok: true }>> {
    await limit(`change-password:${user.id}`, RATE_LIMITS.changePasswordPerUser, messages.attemptLimitChange);
    try {
      const result = await auth.api.changePassword({
        body: { currentPassword: input.password, newPassword: input.new_password, revokeOtherSessions: true },
        headers: client.headers,
        returnHeaders: true,
      });
      await audit('password-changed', client, { userId: user.id, email: user.email });
      // The other sessions ended and this one was replaced: an API client gets its new token as at sign-in.
      return {
        body: { ok: true },
        cookies: setCookiesOf(result.headers),
        authToken: result.headers.get('set-auth-token'),
      };
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
      if (error.body?.code === 'INVALID_PASSWORD') throw refuse.invalid(messages.passwordInvalid);
      throw refuse.invalid(error.body?.message ?? messages.unexpected);
    }
  }

  return { forgotPassword, resetPassword, changePassword };
}
