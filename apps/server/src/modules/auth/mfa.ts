import { createHash, randomInt } from 'node:crypto';
import { and, eq, gt, like } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import type { FastifyRequest } from 'fastify';
import { messages, type MfaStatus } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../plugins/errors.ts';
import { users } from '../users/schema.ts';
import { SESSION_COOKIE_PREFIX, type Auth } from './auth.ts';
import { sessions, trustedDevices, twoFactors, verifications } from './schema.ts';
import { authHeaders, parseCookie, type AuthService, type WithCookies } from './service.ts';
import { e164, maskPhone } from './phone.ts';
import { trustIdFromCookieValue } from './devices.ts';
import { RATE_LIMITS } from './limits.ts';
import { createOneTimeCodes } from './one-time-codes.ts';

const PHONE_CODE_MINUTES = 10;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const expiredSessionCookie = `${SESSION_COOKIE_PREFIX}.session_token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`;

/**
 * MFA management in /profile (issue 3 §4, spec 01 §4): enable TOTP or SMS, disable (verify a
 * code, set none, forget every trusted device, log out), list and forget remembered devices.
 */
export function createMfaService(ctx: AppContext, auth: Auth, base: AuthService) {
  // ASVS 6.5.1: a TOTP code is used once, here as at sign-in (one-time-codes.ts).
  const oneTimeCodes = createOneTimeCodes(ctx.db);
  const codeUsed = () => new HttpError(400, messages.invalidCode);
  const userOf = async (id: string) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
  const currentTrustId = (request: FastifyRequest) =>
    trustIdFromCookieValue(parseCookie(request.headers.cookie, `${SESSION_COOKIE_PREFIX}.trust_device`));

  async function status(request: FastifyRequest): Promise<MfaStatus> {
    const { session } = await base.requireSession(request);
    const user = await userOf(session.user.id);
    const rows = await ctx.db
      .select({ trust: verifications, device: trustedDevices })
      .from(verifications)
      .leftJoin(trustedDevices, eq(trustedDevices.id, verifications.identifier))
      .where(
        and(
          eq(verifications.value, user.id),
          like(verifications.identifier, 'trust-device-%'),
          gt(verifications.expiresAt, new Date()),
        ),
      );
    const current = currentTrustId(request);
    return {
      mfaType: user.mfaType,
      phone: user.phoneNumber ? maskPhone(user.phoneNumber) : null,
      devices: rows
        .map(({ trust, device }) => ({
          id: trust.identifier,
          label: device?.label ?? 'A browser',
          ipAddress: device?.ipAddress ?? null,
          createdAt: (device?.createdAt ?? trust.createdAt).toISOString(),
          lastUsedAt: (device?.lastUsedAt ?? trust.createdAt).toISOString(),
          expiresAt: trust.expiresAt.toISOString(),
          current: trust.identifier === current,
        }))
        .sort((a, b) => b.lastUsedAt.localeCompare(a.lastUsedAt)),
    };
  }

  /** Step 1 of an authenticator app: a new secret, shown as a QR code and a manual key. */
  async function enableTotp(request: FastifyRequest, password: string) {
    const { session } = await base.requireSession(request);
    // The password is checked here: guessing it is limited as a password change is.
    await base.limit(
      `password-check:${session.user.id}`,
      RATE_LIMITS.changePasswordPerUser,
      messages.attemptLimitChange,
    );
    try {
      const result = await auth.api.enableTwoFactor({
        body: { password, method: 'totp' },
        headers: authHeaders(request),
      });
      if (!('totpURI' in result)) throw new HttpError(400, messages.invalidRequest);
      const secret = new URL(result.totpURI).searchParams.get('secret') ?? '';
      await base.audit('mfa-changed', request, { userId: session.user.id, details: { step: 'totp-started' } });
      return { totpURI: result.totpURI, secret };
    } catch (error) {
      throw mapApiError(error);
    }
  }

  /** Step 2: a code from the app proves it is set up; TOTP becomes the preferred type. */
  async function confirmTotp(request: FastifyRequest, code: string): Promise<WithCookies<{ ok: true }>> {
    const { session } = await base.requireSession(request);
    await base.limit(`code:${session.user.id}`, RATE_LIMITS.codePerUser, messages.attemptLimitForgot);
    try {
      const result = await oneTimeCodes.once(session.user.id, code, codeUsed, () =>
        auth.api.verifyTOTP({ body: { code }, headers: authHeaders(request), returnHeaders: true }),
      );
      await ctx.db.update(users).set({ mfaType: 'totp', twoFactorEnabled: true }).where(eq(users.id, session.user.id));
      await base.audit('mfa-changed', request, { userId: session.user.id, details: { mfaType: 'totp' } });
      return { body: { ok: true }, cookies: result.headers.getSetCookie() };
    } catch (error) {
      throw mapApiError(error);
    }
  }

  /** SMS step 1: password, and a code to the new phone to prove it is theirs. */
  async function enableSms(request: FastifyRequest, input: { password: string; phone: string }) {
    const { session } = await base.requireSession(request);
    await base.limit(`code-send:${session.user.id}`, RATE_LIMITS.codeSendPerUser, messages.attemptLimitForgot);
    try {
      await auth.api.verifyPassword({ body: { password: input.password }, headers: authHeaders(request) });
    } catch (error) {
      throw mapApiError(error);
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const identifier = `phone-verify-${session.user.id}`;
    await ctx.db.delete(verifications).where(eq(verifications.identifier, identifier));
    await ctx.db.insert(verifications).values({
      id: crypto.randomUUID(),
      identifier,
      value: JSON.stringify({ hash: sha256(code), phone: input.phone }),
      expiresAt: new Date(Date.now() + PHONE_CODE_MINUTES * 60_000),
    });
    await ctx.sms.send({
      to: e164(input.phone),
      body: `${code} is your Dealer Portal code to turn on text-message sign-in. It expires in ${PHONE_CODE_MINUTES} minutes.`,
    });
    return { destination: maskPhone(input.phone) };
  }

  /** SMS step 2: the code from the phone; SMS becomes the preferred type. */
  async function confirmSms(request: FastifyRequest, code: string) {
    const { session } = await base.requireSession(request);
    await base.limit(`code:${session.user.id}`, RATE_LIMITS.codePerUser, messages.attemptLimitForgot);
    const identifier = `phone-verify-${session.user.id}`;
    const [row] = await ctx.db.select().from(verifications).where(eq(verifications.identifier, identifier));
    if (!row || row.expiresAt < new Date()) throw new HttpError(400, messages.codeExpiredReset);
    const pending = JSON.parse(row.value) as { hash: string; phone: string };
    if (pending.hash !== sha256(code)) throw new HttpError(400, messages.invalidCode);
    await ctx.db.transaction(async (tx) => {
      await tx.delete(verifications).where(eq(verifications.identifier, identifier));
      await tx
        .update(users)
        .set({ phoneNumber: pending.phone, mfaType: 'sms', twoFactorEnabled: true })
        .where(eq(users.id, session.user.id));
    });
    await base.audit('mfa-changed', request, { userId: session.user.id, details: { mfaType: 'sms' } });
    return { ok: true as const };
  }

  /** Before disabling SMS sign-in: a code to the phone on file. */
  async function sendDisableCode(request: FastifyRequest) {
    const { session } = await base.requireSession(request);
    const user = await userOf(session.user.id);
    if (user.mfaType !== 'sms' || !user.phoneNumber) throw new HttpError(400, messages.invalidRequest);
    await base.limit(`code-send:${user.id}`, RATE_LIMITS.codeSendPerUser, messages.attemptLimitForgot);
    await auth.api.sendTwoFactorOTP({ body: {}, headers: authHeaders(request) });
    return { destination: maskPhone(user.phoneNumber) };
  }

  /** spec 01 §4: verify code, set none, remove all trusted devices, then log out (every session). */
  async function disable(request: FastifyRequest, code: string): Promise<WithCookies<{ ok: true }>> {
    const { session } = await base.requireSession(request);
    const user = await userOf(session.user.id);
    if (user.mfaType === 'none') throw new HttpError(400, messages.invalidRequest);
    await base.limit(`code:${user.id}`, RATE_LIMITS.codePerUser, messages.attemptLimitForgot);
    try {
      if (user.mfaType === 'sms') await auth.api.verifyTwoFactorOTP({ body: { code }, headers: authHeaders(request) });
      else
        await oneTimeCodes.once(user.id, code, codeUsed, () =>
          auth.api.verifyTOTP({ body: { code }, headers: authHeaders(request) }),
        );
    } catch (error) {
      throw mapApiError(error);
    }
    await ctx.db.transaction(async (tx) => {
      await tx.update(users).set({ mfaType: 'none', twoFactorEnabled: false }).where(eq(users.id, user.id));
      await tx.delete(twoFactors).where(eq(twoFactors.userId, user.id));
      await tx
        .delete(verifications)
        .where(and(eq(verifications.value, user.id), like(verifications.identifier, 'trust-device-%')));
      await tx.delete(trustedDevices).where(eq(trustedDevices.userId, user.id));
      await tx.delete(sessions).where(eq(sessions.userId, user.id));
    });
    await base.audit('mfa-changed', request, { userId: user.id, details: { mfaType: 'none', was: user.mfaType } });
    return { body: { ok: true }, cookies: [expiredSessionCookie] };
  }

  async function forgetDevice(request: FastifyRequest, id: string) {
    const { session } = await base.requireSession(request);
    const removed = await ctx.db
      .delete(verifications)
      .where(and(eq(verifications.identifier, id), eq(verifications.value, session.user.id)))
      .returning({ id: verifications.id });
    if (removed.length === 0) throw new HttpError(404, messages.notFound);
    await ctx.db
      .delete(trustedDevices)
      .where(and(eq(trustedDevices.id, id), eq(trustedDevices.userId, session.user.id)));
    await base.audit('mfa-changed', request, { userId: session.user.id, details: { forgotDevice: id } });
    return { ok: true as const };
  }

  return { status, enableTotp, confirmTotp, enableSms, confirmSms, sendDisableCode, disable, forgetDevice };
}

function mapApiError(error: unknown): unknown {
  if (!(error instanceof APIError)) return error;
  const code = error.body?.code;
  if (code === 'INVALID_PASSWORD') return new HttpError(400, messages.passwordInvalid);
  if (code === 'TOTP_ALREADY_ENABLED') return new HttpError(409, 'Authenticator app sign-in is already on.');
  if (code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE' || error.statusCode === 429)
    return new HttpError(429, messages.attemptLimitForgot);
  if (code === 'OTP_HAS_EXPIRED') return new HttpError(400, messages.codeExpiredReset);
  return new HttpError(400, messages.invalidCode);
}

export type MfaService = ReturnType<typeof createMfaService>;
