import { APIError } from 'better-auth/api';
import { messages, PASSWORD_LOCKOUT_MINUTES } from '@portal/contracts';
import type { SignInResponse } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { asMailboxReaderOf } from '../../adapters/mailbox-reader.ts';
import { Refusal, refuse } from '../../refusal.ts';
import type { Limit } from '../../plugins/rate-limit.ts';
import { userByEmail, userById } from '../users/index.ts';
import type { Auth } from './auth.ts';
import type { Audit } from './audit.ts';
import { setCookiesOf, withCookies, type Client, type WithCookies } from './client.ts';
import { authCookieValue, setsAuthCookie } from './cookies.ts';
import { deviceUsed, rememberDevice } from './devices.ts';
import { RATE_LIMITS } from './limits.ts';
import { createLockout } from './lockout.ts';
import { createOneTimeCodes } from './one-time-codes.ts';
import { e164, maskPhone } from './phone.ts';
import { createSessionRotation } from './session-rotation.ts';

/**
 * spec 01 §4, §8: password sign-in with its lockout (lockout.ts), and the second factor that may
 * follow. The limit per address is the route's (routes.ts); the ones per user are counted here.
 */
export interface SignInOptions {
  audit: Audit;
  limit: Limit;
  /** ASVS 6.3.3: whether this user must set up a second factor before anything else (modules/acting). */
  mustEnrolSecondFactor: (userId: string) => Promise<boolean>;
}

export function createSignInService(
  ctx: AppContext,
  auth: Auth,
  { audit, limit, mustEnrolSecondFactor }: SignInOptions,
) {
  const lockout = createLockout(ctx.db);
  const oneTimeCodes = createOneTimeCodes(ctx.db);
  const { endEarlierSession } = createSessionRotation(auth);

  async function signIn(
    client: Client,
    input: { email: string; password: string; rememberMe: boolean },
  ): Promise<WithCookies<SignInResponse>> {
    const email = input.email.trim().toLowerCase();
    const user = await userByEmail(ctx.db, email);
    const attempt = await lockout.attempt(email, user?.signInEpoch ?? 0, client.ip).catch(async (error: unknown) => {
      await audit('sign-in-failed', client, { userId: user?.id, email, details: { reason: 'locked' } });
      throw error;
    });
    let result;
    try {
      // Demo mailbox: the set-up e-mail sent again here is readable by this browser, since better-auth
      // sends it only once the password is right.
      result = await asMailboxReaderOf([email], () =>
        auth.api.signInEmail({
          body: { email, password: input.password, rememberMe: input.rememberMe },
          headers: client.headers,
          returnHeaders: true,
        }),
      );
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
      if (error.body?.code === 'EMAIL_NOT_VERIFIED') {
        await attempt.succeeded(); // the password was right (better-auth checks it first)
        await audit('sign-in-failed', client, { userId: user?.id, email, details: { reason: 'unconfirmed' } });
        throw refuse.forbidden(messages.accountSetupIncomplete);
      }
      if (error.body?.code === 'INVALID_EMAIL_OR_PASSWORD') {
        const locked = attempt.failed();
        await audit(locked ? 'locked' : 'sign-in-failed', client, {
          userId: user?.id,
          email,
          details: locked ? { by: locked.lock } : { reason: user ? 'password' : 'unknown-email' },
        });
        if (locked?.lock === 'account' && user) await tellOwnerOfPause(user.email);
        throw locked?.error ?? refuse.unauthenticated(messages.invalidPasswordEmail);
      }
      // better-auth itself failed: no refusal but a fault, logged and answered 500 by plugins/errors.ts.
      if (error.statusCode >= 500) throw error;
      throw refuse.invalid(error.body?.message ?? messages.unexpected);
    }

    await attempt.succeeded();
    if (user) await rehashIfOlder(user.id, input.password);
    // ASVS 7.2.4: the password was right; a session this browser had before (anyone's) ends here.
    await endEarlierSession(client);
    const cookies = setCookiesOf(result.headers);
    if (!('twoFactorRedirect' in result.response)) {
      if (user?.twoFactorEnabled) await deviceUsed(ctx.db, client, user.id, cookies);
      await audit('sign-in', client, { userId: user?.id, email, details: { rememberMe: input.rememberMe } });
      const enrol = user ? await mustEnrolSecondFactor(user.id) : false;
      return {
        body: { status: enrol ? 'enrol-second-factor' : 'signed-in' },
        cookies,
        authToken: result.headers.get('set-auth-token'),
      };
    }
    // spec 01 §4: an MFA challenge. The user's preferred type decides which one.
    if (user?.mfaType === 'sms' && user.phoneNumber) {
      await limit(`code-send:${user.id}`, RATE_LIMITS.codeSendPerUser, messages.attemptLimitForgot);
      await asMailboxReaderOf([e164(user.phoneNumber)], () =>
        auth.api.sendTwoFactorOTP({ body: {}, headers: withCookies(client, cookies).headers }),
      );
      await audit('second-factor-sent', client, { userId: user.id, email, details: { method: 'sms' } });
      return { body: { status: 'second-factor', method: 'sms', destination: maskPhone(user.phoneNumber) }, cookies };
    }
    return { body: { status: 'second-factor', method: 'totp', destination: null }, cookies };
  }

  /** ASVS 11.4.2: a hash below the current scrypt cost is made again from the password just proven right. */
  async function rehashIfOlder(userId: string, password: string) {
    const context = await auth.$context;
    const credential = await context.internalAdapter.findCredentialAccount(userId);
    if (!credential?.password || ctx.passwords.isCurrent(credential.password)) return;
    await context.internalAdapter.updatePassword(userId, await ctx.passwords.hash(password));
  }

  /** NIST SP 800-63B §5.2.2: the owner hears that password sign-in was paused, and how to get back in. */
  async function tellOwnerOfPause(email: string) {
    await ctx.mailer.send({
      to: email,
      subject: 'Password sign-in to your Dealer Portal account is paused',
      text: `Someone tried to sign in to your Dealer Portal account with a wrong password many times in a row, so signing in with a password is paused for ${PASSWORD_LOCKOUT_MINUTES} minutes.\n\nIf this was you, reset your password on the Forgot Password page to sign in straight away. If it was not you, your account is safe: no one signed in. Resetting your password is still a good idea.`,
    });
  }

  /** The second step: a TOTP or SMS code, optionally remembering this device. */
  async function verifySecondFactor(
    client: Client,
    input: { code: string; trustDevice: boolean },
  ): Promise<WithCookies<{ status: 'signed-in' }>> {
    const challenge = await twoFactorChallengeUser(client);
    await limit(`code:${challenge.id}`, RATE_LIMITS.codePerUser, messages.attemptLimitForgot);
    const call = challenge.mfaType === 'sms' ? auth.api.verifyTwoFactorOTP : auth.api.verifyTOTP;
    // ASVS 6.5.1: a TOTP code signs in once, on any instance (better-auth's SMS codes are deleted when used).
    const code = challenge.mfaType === 'sms' ? null : await oneTimeCodes.claim(challenge.id, input.code);
    if (code && !code.claimed) {
      await audit('second-factor-failed', client, {
        userId: challenge.id,
        email: challenge.email,
        details: { code: 'CODE_ALREADY_USED' },
      });
      throw refuse.invalid(messages.invalidCode);
    }
    try {
      const result = await call({ body: input, headers: client.headers, returnHeaders: true }).catch(
        async (error: unknown) => {
          await code?.release(); // a wrong code is not spent: the right one may still be typed
          throw error;
        },
      );
      let cookies = setCookiesOf(result.headers);
      if (input.trustDevice) {
        await rememberDevice(ctx.db, client, challenge.id, cookies);
        // better-auth expires the "don't remember me" marker when a device is trusted, which would
        // turn a browser session into a 365-day one; the user's "remember me" choice stands.
        if (authCookieValue(client.cookies, 'dont_remember')) {
          cookies = cookies.filter((c) => !setsAuthCookie(c, 'dont_remember'));
        }
      }
      await audit('sign-in', client, {
        userId: challenge.id,
        email: challenge.email,
        details: { method: challenge.mfaType, trustDevice: input.trustDevice },
      });
      return { body: { status: 'signed-in' }, cookies, authToken: result.headers.get('set-auth-token') };
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
      await audit('second-factor-failed', client, {
        userId: challenge.id,
        email: challenge.email,
        details: { code: error.body?.code },
      });
      if (error.statusCode === 429 || error.body?.code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') {
        throw new Refusal('limited', messages.attemptLimitForgot);
      }
      if (error.body?.code === 'OTP_HAS_EXPIRED' || error.body?.code === 'INVALID_TWO_FACTOR_COOKIE') {
        throw refuse.unauthenticated(messages.codeExpired);
      }
      throw refuse.invalid(messages.invalidCode);
    }
  }

  /** Sends a new SMS code for the challenge in progress. */
  async function resendCode(client: Client): Promise<WithCookies<{ ok: true }>> {
    const challenge = await twoFactorChallengeUser(client);
    if (challenge.mfaType !== 'sms') throw refuse.invalid(messages.invalidRequest);
    await limit(`code-send:${challenge.id}`, RATE_LIMITS.codeSendPerUser, messages.attemptLimitForgot);
    // The challenge cookie proves the password step: the new code is readable by this browser (demo mailbox).
    const result = await asMailboxReaderOf([challenge.phoneNumber ? e164(challenge.phoneNumber) : null], () =>
      auth.api.sendTwoFactorOTP({ body: {}, headers: client.headers, returnHeaders: true }),
    );
    await audit('second-factor-sent', client, {
      userId: challenge.id,
      email: challenge.email,
      details: { method: 'sms', resend: true },
    });
    return { body: { ok: true }, cookies: setCookiesOf(result.headers) };
  }

  /** The user of the second-factor challenge cookie, or 401 when there is none (or it expired). */
  async function twoFactorChallengeUser(client: Client) {
    // The cookie is `<identifier>.<signature>`; better-auth checks the signature when it verifies
    // the code. Here it only tells whose challenge this is (method and per-user limits).
    const cookie = authCookieValue(client.cookies, 'two_factor');
    const identifier = cookie?.slice(0, cookie.lastIndexOf('.'));
    if (!identifier) throw refuse.unauthenticated(messages.codeExpired);
    const context = await auth.$context;
    const challenge = await context.internalAdapter.findVerificationValue(identifier);
    const userId = challenge?.value;
    if (!userId || challenge.expiresAt < new Date()) throw refuse.unauthenticated(messages.codeExpired);
    const user = await userById(ctx.db, userId);
    if (!user) throw refuse.unauthenticated(messages.codeExpired);
    return user;
  }

  return { signIn, verifySecondFactor, resendCode, twoFactorChallengeUser };
}
