import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { endpoints, messages, STAFF_SECOND_FACTOR_REQUIRED, type MfaStatus } from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs, testClient, type TestClient } from '../../../test/client.ts';
import { idOf, lastSmsCode } from '../../../test/builders.ts';
import { unusedTotp } from '../../../test/totp.ts';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../../seed/people.ts';
import { RATE_LIMITS } from './limits.ts';
import { authEvents } from './schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** A browser (Chrome on Windows) asking its two-step status and who its session is. */
const withCalls = (c: TestClient) => ({
  ...c,
  status: async () => (await c.call(endpoints.mfa.status)).json() as MfaStatus,
  sessionEmail: async () => (await c.session()).user?.email ?? null,
});
const headers = { 'user-agent': CHROME_WINDOWS };
const client = () => withCalls(testClient(t.app, headers));
const signedIn = async (email: string) => withCalls(await signedInAs(t.app, email, { headers }));

describe('MFA management (issue 3 §4)', () => {
  it('needs a session', async () => {
    const res = await client().call(endpoints.mfa.status);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: messages.signInRequired });
  });

  it('turns an authenticator app on (QR secret, code) and off again (password and code, signs out everywhere)', async () => {
    const c = await signedIn('installer@demo.test');
    expect(await c.status()).toEqual({ mfaType: 'none', phone: null, devices: [] });

    const wrongPassword = await c.call(endpoints.mfa.enableTotp, { body: { password: 'Nope!2026x' } });
    expect(wrongPassword.json()).toEqual({ detail: messages.passwordInvalid });
    const started = await c.call(endpoints.mfa.enableTotp, { body: { password: DEMO_PASSWORD } });
    const { totpURI, secret } = started.json() as { totpURI: string; secret: string };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Dealer%20Portal:installer%40demo\.test\?/);
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    expect((await c.call(endpoints.mfa.confirmTotp, { body: { code: '000000' } })).json()).toEqual({
      detail: messages.invalidCode,
    });
    expect((await c.call(endpoints.mfa.confirmTotp, { body: { code: await unusedTotp(secret) } })).statusCode).toBe(
      200,
    );
    expect((await c.status()).mfaType).toBe('totp');

    const other = client();
    expect((await other.signIn('installer@demo.test')).json()).toEqual({
      status: 'second-factor',
      method: 'totp',
      destination: null,
    });
    const signInCode = await unusedTotp(secret);
    expect((await other.call(endpoints.auth.secondFactor, { body: { code: signInCode } })).json()).toEqual({
      status: 'signed-in',
    });

    // A code is used once (ASVS 6.5.1): the one that just signed in cannot turn the app off.
    expect(
      (await c.call(endpoints.mfa.disable, { body: { password: DEMO_PASSWORD, code: signInCode } })).json(),
    ).toEqual({ detail: messages.invalidCode });
    // ASVS 7.5.1: the password again, not just the open session; a wrong one spends no code.
    const offCode = await unusedTotp(secret);
    const wrong = await c.call(endpoints.mfa.disable, { body: { password: 'Nope!2026x', code: offCode } });
    expect(wrong.json()).toEqual({ detail: messages.passwordInvalid });
    expect(await c.sessionEmail()).toBe('installer@demo.test');
    const off = await c.call(endpoints.mfa.disable, { body: { password: DEMO_PASSWORD, code: offCode } });
    expect(off.statusCode).toBe(200);
    expect(await c.sessionEmail()).toBeNull();
    expect(await other.sessionEmail()).toBeNull(); // every session ends
    expect((await client().signIn('installer@demo.test')).json()).toEqual({ status: 'signed-in' });
    // Each change of the second factor is in the audit log (ASVS 16.3.1, issue 32).
    const changes = await t.db
      .select()
      .from(authEvents)
      .where(and(eq(authEvents.type, 'mfa-changed'), eq(authEvents.userId, await idOf(t.db, 'installer@demo.test'))))
      .orderBy(authEvents.createdAt);
    expect(changes.map((e) => e.details)).toEqual([
      { step: 'totp-started' },
      { mfaType: 'totp' },
      { mfaType: 'none', was: 'totp' },
    ]);
  });

  it('limits password guesses when starting an authenticator app like a password change', async () => {
    const c = await signedIn('accountant@demo.test');
    const answers = [];
    for (let i = 0; i < RATE_LIMITS.changePasswordPerUser.limit + 1; i++)
      answers.push((await c.call(endpoints.mfa.enableTotp, { body: { password: `Nope!${i}2026x` } })).statusCode);
    expect(answers.slice(0, -1).every((s) => s === 400)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    const accountantId = await idOf(t.db, 'accountant@demo.test');
    await vi.waitFor(async () => {
      const hits = await t.db
        .select()
        .from(authEvents)
        .where(and(eq(authEvents.type, 'rate-limited'), eq(authEvents.userId, accountantId)));
      expect(hits.map((e) => e.details)).toEqual([
        { method: 'POST', route: endpoints.mfa.enableTotp.path, status: 429 },
      ]);
    });
  });

  it('turns text-message sign-in on after the phone proves itself', async () => {
    const c = await signedIn('purchaser@demo.test');
    const bad = await c.call(endpoints.mfa.enableSms, { body: { password: DEMO_PASSWORD, phone: '555-01' } });
    expect(bad.json()).toEqual({ validation: [{ field: 'phone', messages: [messages.phoneInvalid] }] });
    const sent = await c.call(endpoints.mfa.enableSms, {
      body: { password: DEMO_PASSWORD, phone: '(614) 555 - 0123' },
    });
    expect(sent.json()).toEqual({ destination: '(***) *** - **23' });
    const code = (await lastSmsCode(t.db, '+16145550123'))!;
    expect(
      (await c.call(endpoints.mfa.confirmSms, { body: { code: code === '000000' ? '111111' : '000000' } })).json(),
    ).toEqual({
      detail: messages.invalidCode,
    });
    expect((await c.call(endpoints.mfa.confirmSms, { body: { code } })).statusCode).toBe(200);
    expect(await c.status()).toMatchObject({ mfaType: 'sms', phone: '(***) *** - **23' });

    const next = client();
    expect((await next.signIn('purchaser@demo.test')).json()).toEqual({
      status: 'second-factor',
      method: 'sms',
      destination: '(***) *** - **23',
    });

    // Turning it off needs a fresh code to the phone.
    await c.call(endpoints.mfa.sendDisableCode);
    const offCode = (await lastSmsCode(t.db, '+16145550123'))!;
    expect((await c.call(endpoints.mfa.disable, { body: { password: DEMO_PASSWORD, code: offCode } })).statusCode).toBe(
      200,
    );
    expect((await client().signIn('purchaser@demo.test')).json()).toEqual({ status: 'signed-in' });
  });

  it('lists remembered devices by name, follows them across sign-ins, and forgets one', async () => {
    const c = client();
    await c.signIn('totp@demo.test', DEMO_PASSWORD, true);
    await c.call(endpoints.auth.secondFactor, {
      body: { code: await unusedTotp(DEMO_TOTP_SECRET), trustDevice: true },
    });
    const [device] = (await c.status()).devices;
    expect(device).toMatchObject({
      label: 'Chrome on Windows',
      current: true,
      ipAddress: c.remoteAddress,
    });

    await c.call(endpoints.auth.signOut);
    expect((await c.signIn('totp@demo.test')).json()).toEqual({ status: 'signed-in' }); // trusted: no code
    const after = (await c.status()).devices;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ label: 'Chrome on Windows', current: true });
    expect(after[0]!.id).not.toBe(device!.id); // better-auth rotated it; the name followed

    expect((await c.call(endpoints.mfa.forgetDevice, { params: { id: after[0]!.id } })).statusCode).toBe(200);
    expect((await c.status()).devices).toEqual([]);
    expect((await c.call(endpoints.mfa.forgetDevice, { params: { id: after[0]!.id } })).statusCode).toBe(404);
    await c.call(endpoints.auth.signOut);
    expect((await c.signIn('totp@demo.test')).json()).toMatchObject({ status: 'second-factor' });
  });

  it('"remember this device" without "remember me" keeps the session a browser session', async () => {
    const c = client();
    await c.signIn('totp@demo.test', DEMO_PASSWORD, false);
    const res = await c.call(endpoints.auth.secondFactor, {
      body: {
        code: await unusedTotp(DEMO_TOTP_SECRET),
        trustDevice: true,
      },
    });
    const setCookies = [res.headers['set-cookie']].flat() as string[];
    const sessionCookie = setCookies.find((line) => line.startsWith('portal.session_token='))!;
    expect(sessionCookie).not.toMatch(/Max-Age/i);
    expect(setCookies.some((line) => line.startsWith('portal.dont_remember='))).toBe(false);
    expect(c.jar.has('portal.dont_remember')).toBe(true);
    // Later calls do not stretch it to 365 days either.
    const later = await c.call(endpoints.session.get);
    const refreshed = ([later.headers['set-cookie']].flat() as (string | undefined)[]).filter(Boolean) as string[];
    expect(refreshed.filter((line) => /Max-Age=31536000/.test(line))).toEqual([]);
  });
});

describe('a second factor for admins and sales reps (issue 32, ASVS 6.3.3)', () => {
  it('with STAFF_SECOND_FACTOR=required, a rep without one sets it up at sign-in and may do nothing else first', async () => {
    const required = await t.anotherInstance({ STAFF_SECOND_FACTOR: 'required' });
    const rep = testClient(required, headers);
    expect((await rep.signIn('outsiderep@demo.test')).json()).toEqual({ status: 'enrol-second-factor' });
    const before = await rep.call(endpoints.session.selectBusiness, { body: { sapBpCode: 'C100310' } });
    expect(before.statusCode).toBe(403);
    expect(before.json()).toEqual({ detail: STAFF_SECOND_FACTOR_REQUIRED });
    expect(await rep.session()).toMatchObject({ user: { email: 'outsiderep@demo.test' }, mustEnrolSecondFactor: true });
    // A dealer's own staff are not held to it.
    expect((await testClient(required).signIn('owner@demo.test')).json()).toEqual({ status: 'signed-in' });

    const { secret } = (await rep.call(endpoints.mfa.enableTotp, { body: { password: DEMO_PASSWORD } })).json() as {
      secret: string;
    };
    expect((await rep.call(endpoints.mfa.confirmTotp, { body: { code: await unusedTotp(secret) } })).statusCode).toBe(
      200,
    );
    expect((await rep.call(endpoints.session.selectBusiness, { body: { sapBpCode: 'C100310' } })).statusCode).toBe(200);
    expect((await rep.session()).mustEnrolSecondFactor).toBeUndefined();
    expect((await testClient(required).signIn('outsiderep@demo.test')).json()).toMatchObject({
      status: 'second-factor',
    });
  });
});
