import { and, eq } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { messages, PASSWORD_LOCKOUT_MINUTES } from '@portal/contracts';
import type { SignInResponse } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { HttpError, tooManyRequests } from '../../plugins/errors.ts';
import { signedOutDetail } from './credentials.ts';
import { users } from '../users/schema.ts';
import { SESSION_COOKIE_PREFIX, type Auth } from './auth.ts';
import { authEvents, trustedDevices, type AUTH_EVENT_TYPES } from './schema.ts';
import { deviceLabel, trustIdFromCookieValue } from './devices.ts';
import { e164, maskPhone } from './phone.ts';
import { createLockout } from './lockout.ts';
import { createOneTimeCodes } from './one-time-codes.ts';
import { asMailboxReaderOf } from '../../adapters/mailbox-reader.ts';
import { createMemo } from '../../db/memo.ts';
import { hitRateLimit } from './rate-limit.ts';
import { RATE_LIMITS } from './limits.ts';

/** What a call hands back to the route: its answer and the cookies to set. */
export interface WithCookies<T> {
  body: T;
  cookies: string[];
  /** For API clients: the session token to send as `Authorization: Bearer …`. */
  authToken?: string | null;
}

/** Headers for auth.api: the browser's, with the client IP Fastify resolved (never the client's own claim). */
export function authHeaders(request: FastifyRequest, extraCookies: string[] = []): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set('x-portal-client-ip', request.ip);
  if (extraCookies.length) {
    // Cookies just set by an earlier call in the same request (the second-factor challenge).
    const pairs = extraCookies.map((c) => c.split(';')[0]!);
    headers.set('cookie', [headers.get('cookie'), ...pairs].filter(Boolean).join('; '));
  }
  return headers;
}

const setCookiesOf = (headers: Headers | null | undefined) => headers?.getSetCookie() ?? [];

export function createAuthService(ctx: AppContext, auth: Auth, log: FastifyBaseLogger) {
  const lockout = createLockout(ctx.db);
  const oneTimeCodes = createOneTimeCodes(ctx.db);
  const audit = (
    type: (typeof AUTH_EVENT_TYPES)[number],
    request: FastifyRequest,
    fields: { userId?: string | null; email?: string; details?: Record<string, unknown> },
  ) =>
    ctx.db.insert(authEvents).values({
      type,
      userId: fields.userId ?? null,
      email: fields.email ?? null,
      ipAddress: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      details: fields.details ?? null,
    });

  async function limit(key: string, rule: (typeof RATE_LIMITS)[keyof typeof RATE_LIMITS], detail: string) {
    // A rate-limit store outage (Redis down) must not lock everyone out: fail open, loudly. The
    // per-account lockout lives in the database and still stops password guessing.
    const result = await hitRateLimit(ctx.db, key, rule).catch((error: unknown) => {
      log.error({ err: error, key }, 'rate-limit store unavailable: request allowed');
      return { allowed: true, retryAfterMs: 0 };
    });
    if (!result.allowed) throw tooManyRequests(detail, result.retryAfterMs);
  }

  /** spec 01 §4, §8: password sign-in, lockout (lockout.ts), and the start of the second factor. */
  async function signIn(
    request: FastifyRequest,
    input: { email: string; password: string; rememberMe: boolean },
  ): Promise<WithCookies<SignInResponse>> {
    const email = input.email.trim().toLowerCase();
    await limit(`sign-in:ip:${request.ip}`, RATE_LIMITS.signInPerIp, messages.attemptLimitForgot);
    const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
    const attempt = await lockout.attempt(email, user?.signInEpoch ?? 0, request.ip).catch(async (error: unknown) => {
      await audit('sign-in-failed', request, { userId: user?.id, email, details: { reason: 'locked' } });
      throw error;
    });
    let result;
    try {
      // Demo mailbox: the set-up e-mail sent again here is readable by this browser, since better-auth
      // sends it only once the password is right.
      result = await asMailboxReaderOf([email], () =>
        auth.api.signInEmail({
          body: { email, password: input.password, rememberMe: input.rememberMe },
          headers: authHeaders(request),
          returnHeaders: true,
        }),
      );
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
      if (error.body?.code === 'EMAIL_NOT_VERIFIED') {
        await attempt.succeeded(); // the password was right (better-auth checks it first)
        await audit('sign-in-failed', request, { userId: user?.id, email, details: { reason: 'unconfirmed' } });
        throw new HttpError(403, messages.accountSetupIncomplete);
      }
      if (error.body?.code === 'INVALID_EMAIL_OR_PASSWORD') {
        const locked = attempt.failed();
        await audit(locked ? 'locked' : 'sign-in-failed', request, {
          userId: user?.id,
          email,
          details: locked ? { by: locked.lock } : { reason: user ? 'password' : 'unknown-email' },
        });
        if (locked?.lock === 'account' && user) await tellOwnerOfPause(user.email);
        throw locked?.error ?? new HttpError(401, messages.invalidPasswordEmail);
      }
      throw new HttpError(error.statusCode >= 500 ? 500 : 400, error.body?.message ?? messages.unexpected);
    }

    await attempt.succeeded();
    const cookies = setCookiesOf(result.headers);
    if (!('twoFactorRedirect' in result.response)) {
      if (user?.twoFactorEnabled) await deviceUsed(request, user.id, cookies);
      await audit('sign-in', request, { userId: user?.id, email, details: { rememberMe: input.rememberMe } });
      return { body: { status: 'signed-in' }, cookies, authToken: result.headers.get('set-auth-token') };
    }
    // spec 01 §4: an MFA challenge. The user's preferred type decides which one.
    if (user?.mfaType === 'sms' && user.phoneNumber) {
      await limit(`code-send:${user.id}`, RATE_LIMITS.codeSendPerUser, messages.attemptLimitForgot);
      await asMailboxReaderOf([e164(user.phoneNumber)], () =>
        auth.api.sendTwoFactorOTP({ body: {}, headers: authHeaders(request, cookies) }),
      );
      await audit('second-factor-sent', request, { userId: user.id, email, details: { method: 'sms' } });
      return { body: { status: 'second-factor', method: 'sms', destination: maskPhone(user.phoneNumber) }, cookies };
    }
    return { body: { status: 'second-factor', method: 'totp', destination: null }, cookies };
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
    request: FastifyRequest,
    input: { code: string; trustDevice: boolean },
  ): Promise<WithCookies<{ status: 'signed-in' }>> {
    const challenge = await twoFactorChallengeUser(request);
    await limit(`code:${challenge.id}`, RATE_LIMITS.codePerUser, messages.attemptLimitForgot);
    const call = challenge.mfaType === 'sms' ? auth.api.verifyTwoFactorOTP : auth.api.verifyTOTP;
    // ASVS 6.5.1: a TOTP code signs in once, on any instance (better-auth's SMS codes are deleted when used).
    const code = challenge.mfaType === 'sms' ? null : await oneTimeCodes.claim(challenge.id, input.code);
    if (code && !code.claimed) {
      await audit('second-factor-failed', request, {
        userId: challenge.id,
        email: challenge.email,
        details: { code: 'CODE_ALREADY_USED' },
      });
      throw new HttpError(400, messages.invalidCode);
    }
    try {
      const result = await call({ body: input, headers: authHeaders(request), returnHeaders: true }).catch(
        async (error: unknown) => {
          await code?.release(); // a wrong code is not spent: the right one may still be typed
          throw error;
        },
      );
      let cookies = setCookiesOf(result.headers);
      if (input.trustDevice) {
        await rememberDevice(request, challenge.id, cookies);
        // better-auth expires the "don't remember me" marker when a device is trusted, which would
        // turn a browser session into a 365-day one; the user's "remember me" choice stands.
        if (parseCookie(request.headers.cookie, `${SESSION_COOKIE_PREFIX}.dont_remember`)) {
          cookies = cookies.filter((c) => !c.startsWith(`${SESSION_COOKIE_PREFIX}.dont_remember=`));
        }
      }
      await audit('sign-in', request, {
        userId: challenge.id,
        email: challenge.email,
        details: { method: challenge.mfaType, trustDevice: input.trustDevice },
      });
      return { body: { status: 'signed-in' }, cookies, authToken: result.headers.get('set-auth-token') };
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
      await audit('second-factor-failed', request, {
        userId: challenge.id,
        email: challenge.email,
        details: { code: error.body?.code },
      });
      if (error.statusCode === 429 || error.body?.code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') {
        throw new HttpError(429, messages.attemptLimitForgot);
      }
      if (error.body?.code === 'OTP_HAS_EXPIRED' || error.body?.code === 'INVALID_TWO_FACTOR_COOKIE') {
        throw new HttpError(401, messages.codeExpired);
      }
      throw new HttpError(400, messages.invalidCode);
    }
  }

  /** Names a newly trusted browser (better-auth keeps the trust; we keep what to show). */
  async function rememberDevice(request: FastifyRequest, userId: string, cookies: string[]) {
    const id = trustIdFromCookieValue(cookieValue(cookies, `${SESSION_COOKIE_PREFIX}.trust_device`));
    if (!id) return;
    await ctx.db
      .insert(trustedDevices)
      .values({ id, userId, label: deviceLabel(request.headers['user-agent']), ipAddress: request.ip })
      .onConflictDoNothing();
  }

  /** A trusted browser skipped the second factor: better-auth rotated its id; the name follows it. */
  async function deviceUsed(request: FastifyRequest, userId: string, cookies: string[]) {
    const before = trustIdFromCookieValue(parseCookie(request.headers.cookie, `${SESSION_COOKIE_PREFIX}.trust_device`));
    const after = trustIdFromCookieValue(cookieValue(cookies, `${SESSION_COOKIE_PREFIX}.trust_device`));
    if (!before || !after) return;
    const moved = await ctx.db
      .update(trustedDevices)
      .set({ id: after, lastUsedAt: new Date(), ipAddress: request.ip })
      .where(and(eq(trustedDevices.id, before), eq(trustedDevices.userId, userId)))
      .returning({ id: trustedDevices.id });
    if (moved.length === 0) await rememberDevice(request, userId, cookies);
  }

  /** Sends a new SMS code for the challenge in progress. */
  async function resendCode(request: FastifyRequest): Promise<WithCookies<{ ok: true }>> {
    const challenge = await twoFactorChallengeUser(request);
    if (challenge.mfaType !== 'sms') throw new HttpError(400, messages.invalidRequest);
    await limit(`code-send:${challenge.id}`, RATE_LIMITS.codeSendPerUser, messages.attemptLimitForgot);
    // The challenge cookie proves the password step: the new code is readable by this browser (demo mailbox).
    const result = await asMailboxReaderOf([challenge.phoneNumber ? e164(challenge.phoneNumber) : null], () =>
      auth.api.sendTwoFactorOTP({ body: {}, headers: authHeaders(request), returnHeaders: true }),
    );
    await audit('second-factor-sent', request, {
      userId: challenge.id,
      email: challenge.email,
      details: { method: 'sms', resend: true },
    });
    return { body: { ok: true }, cookies: setCookiesOf(result.headers) };
  }

  /** The user of the second-factor challenge cookie, or 401 when there is none (or it expired). */
  async function twoFactorChallengeUser(request: FastifyRequest) {
    // The cookie is `<identifier>.<signature>`; better-auth checks the signature when it verifies
    // the code. Here it only tells whose challenge this is (method and per-user limits).
    const cookie = parseCookie(request.headers.cookie, `${SESSION_COOKIE_PREFIX}.two_factor`);
    const identifier = cookie?.slice(0, cookie.lastIndexOf('.'));
    if (!identifier) throw new HttpError(401, messages.codeExpired);
    const context = await auth.$context;
    const challenge = await context.internalAdapter.findVerificationValue(identifier);
    const userId = challenge?.value;
    if (!userId || challenge.expiresAt < new Date()) throw new HttpError(401, messages.codeExpired);
    const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new HttpError(401, messages.codeExpired);
    return user;
  }

  /** Forgot password: a code by e-mail. The same answer whether or not the account exists. */
  async function forgotPassword(request: FastifyRequest, email: string): Promise<{ ok: true }> {
    await limit(`reset-request:ip:${request.ip}`, RATE_LIMITS.resetRequestPerIp, messages.attemptLimitForgot);
    await limit(`reset-request:${email}`, RATE_LIMITS.resetRequestPerEmail, messages.attemptLimitForgot);
    await auth.api.requestPasswordResetEmailOTP({ body: { email }, headers: authHeaders(request) });
    const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await audit('password-reset', request, {
      userId: user?.id,
      email,
      details: { step: 'code-requested', known: !!user },
    });
    return { ok: true };
  }

  /** Reset with the e-mailed code; unlocks the account and ends every session. */
  async function resetPassword(request: FastifyRequest, input: { email: string; code: string; password: string }) {
    await limit(`reset-attempt:${input.email}`, RATE_LIMITS.resetAttemptPerEmail, messages.attemptLimitForgot);
    try {
      await auth.api.resetPasswordEmailOTP({
        body: { email: input.email, otp: input.code, password: input.password },
        headers: authHeaders(request),
      });
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
      if (error.body?.code === 'TOO_MANY_ATTEMPTS') throw new HttpError(429, messages.attemptLimitForgot);
      if (error.body?.code === 'OTP_EXPIRED') throw new HttpError(400, messages.codeExpiredReset);
      throw new HttpError(400, messages.codeMismatch); // wrong code, or no such account: same answer
    }
    const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
    await audit('password-reset', request, { userId: user?.id, email: input.email, details: { step: 'done' } });
    return { ok: true as const };
  }

  /** Change password in the profile (spec 01 §8 catalogue); other sessions end, this one stays. */
  async function changePassword(
    request: FastifyRequest,
    input: { password: string; new_password: string },
  ): Promise<WithCookies<{ ok: true }>> {
    const { session } = await requireSession(request);
    await limit(`change-password:${session.user.id}`, RATE_LIMITS.changePasswordPerUser, messages.attemptLimitChange);
    try {
      const result = await auth.api.changePassword({
        body: { currentPassword: input.password, newPassword: input.new_password, revokeOtherSessions: true },
        headers: authHeaders(request),
        returnHeaders: true,
      });
      await audit('password-changed', request, { userId: session.user.id, email: session.user.email });
      // The other sessions ended and this one was replaced: an API client gets its new token as at sign-in.
      return {
        body: { ok: true },
        cookies: setCookiesOf(result.headers),
        authToken: result.headers.get('set-auth-token'),
      };
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
      if (error.body?.code === 'INVALID_PASSWORD') throw new HttpError(400, messages.passwordInvalid);
      throw new HttpError(400, error.body?.message ?? messages.unexpected);
    }
  }

  /**
   * The signed-in session, or 401: 'Please sign in to continue.' when the request carries no session
   * at all, the spec's "credentials need to be refreshed" (the client logs out) when it carries one
   * that ended (spec 01 §8).
   */
  async function requireSession(request: FastifyRequest) {
    const { session, cookies } = await currentSession(request);
    if (!session) throw new HttpError(401, signedOutDetail(request));
    return { session, cookies };
  }

  /** Ends every session of the user, this one included (profile: sign out everywhere). */
  async function signOutEverywhere(request: FastifyRequest): Promise<WithCookies<{ ok: true }>> {
    const { session } = await requireSession(request);
    await auth.api.revokeSessions({ headers: authHeaders(request) });
    await audit('sign-out', request, {
      userId: session.user.id,
      email: session.user.email,
      details: { everywhere: true },
    });
    const result = await auth.api.signOut({ headers: authHeaders(request), returnHeaders: true }).catch(() => null);
    return { body: { ok: true }, cookies: setCookiesOf(result?.headers) };
  }

  async function signOut(request: FastifyRequest): Promise<WithCookies<{ ok: true }>> {
    const session = await auth.api.getSession({ headers: authHeaders(request) });
    const result = await auth.api.signOut({ headers: authHeaders(request), returnHeaders: true });
    if (session) await audit('sign-out', request, { userId: session.user.id, email: session.user.email });
    return { body: { ok: true }, cookies: setCookiesOf(result.headers) };
  }

  const readSessionNow = (request: FastifyRequest) =>
    auth.api
      .getSession({ headers: authHeaders(request), returnHeaders: true })
      .then((result) => ({ session: result.response, cookies: setCookiesOf(result.headers) }));
  type SessionRead = Awaited<ReturnType<typeof readSessionNow>>;
  const sessionMemo = createMemo<SessionRead>(ctx.database.changes, { kind: 'identity', size: 10_000 });
  /**
   * A session read is kept for its credentials (the same cookie or bearer token) until a change to the
   * user or the session is noticed, at most IDENTITY_CACHE_MS and never past the session's end. Reads
   * that find no session, or that refresh the cookie, are not kept.
   */
  function readSession(request: FastifyRequest) {
    const { cookie, authorization } = request.headers;
    if (!cookie && !authorization) return readSessionNow(request);
    return sessionMemo.get(`${authorization ?? ''}\n${cookie ?? ''}`, () => readSessionNow(request), {
      maxAgeMs: ctx.config.IDENTITY_CACHE_MS,
      keep: (read) => read.session !== null && read.cookies.length === 0,
      goodUntil: (read) => new Date(read.session!.session.expiresAt).getTime(),
      subjectOf: (read) => read.session?.user.id,
    });
  }
  const sessionsRead = new WeakMap<FastifyRequest, ReturnType<typeof readSession>>();

  /**
   * The session of a request, with refreshed cookies when better-auth extends it. Read once per
   * request: the route, the acting context and the audit hook share the answer.
   */
  function currentSession(request: FastifyRequest) {
    let read = sessionsRead.get(request);
    if (!read) {
      read = readSession(request);
      // A failed read is not kept: a later caller in the same request asks again.
      read.catch(() => sessionsRead.delete(request));
      sessionsRead.set(request, read);
    }
    return read;
  }

  return {
    signIn,
    verifySecondFactor,
    resendCode,
    signOut,
    currentSession,
    requireSession,
    forgotPassword,
    resetPassword,
    changePassword,
    signOutEverywhere,
    audit,
    limit,
  };
}

/** The value a Set-Cookie list gives a cookie. */
function cookieValue(setCookies: string[], name: string): string | undefined {
  const line = setCookies.find((c) => c.startsWith(`${name}=`));
  return line?.split(';')[0]!.slice(name.length + 1);
}

export function parseCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export type AuthService = ReturnType<typeof createAuthService>;
