import { createHash, randomInt } from 'node:crypto';
import { APIError } from 'better-auth/api';
import { messages, type MfaStatus } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { Refusal, refuse } from '../../refusal.ts';
import type { Limit } from '../../plugins/rate-limit.ts';
import { setSecondFactor, userById } from '../users/index.ts';
import type { Auth } from './auth.ts';
import type { Audit } from './audit.ts';
import type { Client, WithCookies } from './client.ts';
import { EXPIRED_SESSION_COOKIES } from './cookies.ts';
import { trustIdOf } from './devices.ts';
import { RATE_LIMITS } from './limits.ts';
import { createOneTimeCodes } from './one-time-codes.ts';
import { e164, maskPhone } from './phone.ts';
import {
  forgetTrustedDevice,
  replaceVerification,
  trustedDevicesOf,
  turnOffSecondFactor,
  unexpiredVerification,
  useTextMessages,
} from './repo.ts';

const PHONE_CODE_MINUTES = 10;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const phoneCodeIdentifier = (userId: string) => `phone-verify-${userId}`;

/**
 * MFA management in /profile (issue 3 §4, spec 01 §4) for the signed-in user `userId`: enable TOTP or
 * SMS, disable (verify a code, set none, forget every trusted device, log out), list and forget
 * remembered devices.
 */
export function createMfaService(ctx: AppContext, auth: Auth, { audit, limit }: { audit: Audit; limit: Limit }) {
  // ASVS 6.5.1: a TOTP code is used once, here as at sign-in (one-time-codes.ts).
  const oneTimeCodes = createOneTimeCodes(ctx.db);
  const codeUsed = () => refuse.invalid(messages.invalidCode);
  const userOf = async (id: string) => (await userById(ctx.db, id))!;

  async function status(client: Client, userId: string): Promise<MfaStatus> {
    const user = await userOf(userId);
    const rows = await trustedDevicesOf(ctx.db, user.id);
    const current = trustIdOf(client);
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
  async function enableTotp(client: Client, userId: string, password: string) {
    // The password is checked here: guessing it is limited as a password change is.
    await limit(`password-check:${userId}`, RATE_LIMITS.changePasswordPerUser, messages.attemptLimitChange);
    try {
      const result = await auth.api.enableTwoFactor({
        body: { password, method: 'totp' },
        headers: client.headers,
      });
      if (!('totpURI' in result)) throw refuse.invalid(messages.invalidRequest);
      const secret = new URL(result.totpURI).searchParams.get('secret') ?? '';
      await audit('mfa-changed', client, { userId, details: { step: 'totp-started' } });
      return { totpURI: result.totpURI, secret };
    } catch (error) {
      throw mapApiError(error);
    }
  }

  /** Step 2: a code from the app proves it is set up; TOTP becomes the preferred type. */
  async function confirmTotp(client: Client, userId: string, code: string): Promise<WithCookies<{ ok: true }>> {
    await limit(`code:${userId}`, RATE_LIMITS.codePerUser, messages.attemptLimitForgot);
    try {
      const result = await oneTimeCodes.once(userId, code, codeUsed, () =>
        auth.api.verifyTOTP({ body: { code }, headers: client.headers, returnHeaders: true }),
      );
      await setSecondFactor(ctx.db, userId, { mfaType: 'totp' });
      await audit('mfa-changed', client, { userId, details: { mfaType: 'totp' } });
      return { body: { ok: true }, cookies: result.headers.getSetCookie() };
    } catch (error) {
      throw mapApiError(error);
    }
  }

  /** The signed-in user's password, asked again before a change of second factor (ASVS 7.5.1). */
  async function passwordAgain(client: Client, password: string) {
    try {
      await auth.api.verifyPassword({ body: { password }, headers: client.headers });
    } catch (error) {
      throw mapApiError(error);
    }
  }

  /** SMS step 1: password, and a code to the new phone to prove it is theirs. */
  async function enableSms(client: Client, userId: string, input: { password: string; phone: string }) {
    await limit(`code-send:${userId}`, RATE_LIMITS.codeSendPerUser, messages.attemptLimitForgot);
    await passwordAgain(client, input.password);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await replaceVerification(
      ctx.db,
      phoneCodeIdentifier(userId),
      JSON.stringify({ hash: sha256(code), phone: input.phone }),
      new Date(Date.now() + PHONE_CODE_MINUTES * 60_000),
    );
    await ctx.sms.send({
      to: e164(input.phone),
      body: `${code} is your Dealer Portal code to turn on text-message sign-in. It expires in ${PHONE_CODE_MINUTES} minutes.`,
    });
    return { destination: maskPhone(input.phone) };
  }

  /** SMS step 2: the code from the phone; SMS becomes the preferred type. */
  async function confirmSms(client: Client, userId: string, code: string) {
    await limit(`code:${userId}`, RATE_LIMITS.codePerUser, messages.attemptLimitForgot);
    const identifier = phoneCodeIdentifier(userId);
    const row = await unexpiredVerification(ctx.db, identifier);
    if (!row) throw refuse.invalid(messages.codeExpiredReset);
    const pending = JSON.parse(row.value) as { hash: string; phone: string };
    if (pending.hash !== sha256(code)) throw refuse.invalid(messages.invalidCode);
    await useTextMessages(ctx.db, userId, pending.phone, identifier);
    await audit('mfa-changed', client, { userId, details: { mfaType: 'sms' } });
    return { ok: true as const };
  }

  /** Before disabling SMS sign-in: a code to the phone on file. */
  async function sendDisableCode(client: Client, userId: string) {
    const user = await userOf(userId);
    if (user.mfaType !== 'sms' || !user.phoneNumber) throw refuse.invalid(messages.invalidRequest);
    await limit(`code-send:${user.id}`, RATE_LIMITS.codeSendPerUser, messages.attemptLimitForgot);
    await auth.api.sendTwoFactorOTP({ body: {}, headers: client.headers });
    return { destination: maskPhone(user.phoneNumber) };
  }

  /**
   * spec 01 §4: verify code, set none, remove all trusted devices, then log out (every session). The
   * password first (ASVS 7.5.1: a session left open is not enough), its guesses limited as a password change's.
   */
  async function disable(
    client: Client,
    userId: string,
    { password, code }: { password: string; code: string },
  ): Promise<WithCookies<{ ok: true }>> {
    const user = await userOf(userId);
    if (user.mfaType === 'none') throw refuse.invalid(messages.invalidRequest);
    await limit(`password-check:${userId}`, RATE_LIMITS.changePasswordPerUser, messages.attemptLimitChange);
    await passwordAgain(client, password);
    await limit(`code:${user.id}`, RATE_LIMITS.codePerUser, messages.attemptLimitForgot);
    try {
      if (user.mfaType === 'sms') await auth.api.verifyTwoFactorOTP({ body: { code }, headers: client.headers });
      else
        await oneTimeCodes.once(user.id, code, codeUsed, () =>
          auth.api.verifyTOTP({ body: { code }, headers: client.headers }),
        );
    } catch (error) {
      throw mapApiError(error);
    }
    await turnOffSecondFactor(ctx.db, user.id);
    await audit('mfa-changed', client, { userId: user.id, details: { mfaType: 'none', was: user.mfaType } });
    return { body: { ok: true }, cookies: EXPIRED_SESSION_COOKIES };
  }

  async function forgetDevice(client: Client, userId: string, id: string) {
    if (!(await forgetTrustedDevice(ctx.db, userId, id))) throw refuse.notFound(messages.notFound);
    await audit('mfa-changed', client, { userId, details: { forgotDevice: id } });
    return { ok: true as const };
  }

  return { status, enableTotp, confirmTotp, enableSms, confirmSms, sendDisableCode, disable, forgetDevice };
}

function mapApiError(error: unknown): unknown {
  if (!(error instanceof APIError)) return error;
  const code = error.body?.code;
  if (code === 'INVALID_PASSWORD') return refuse.invalid(messages.passwordInvalid);
  if (code === 'TOTP_ALREADY_ENABLED') return refuse.conflict('Authenticator app sign-in is already on.');
  if (code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE' || error.statusCode === 429)
    return new Refusal('limited', messages.attemptLimitForgot);
  if (code === 'OTP_HAS_EXPIRED') return refuse.invalid(messages.codeExpiredReset);
  return refuse.invalid(messages.invalidCode);
}

export type MfaService = ReturnType<typeof createMfaService>;
