import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import {
  endpoints,
  MAX_FAILED_SIGN_INS,
  MAX_FAILED_SIGN_INS_PER_ACCOUNT,
  messages,
  PASSWORD_LOCKOUT_MINUTES,
} from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { call, injectionOf, signedInAs, testClient, unchecked } from '../../../test/client.ts';
import { idOf, lastMailTo, lastSmsCode, restoreDemoPassword } from '../../../test/builders.ts';
import { totp } from '../../../test/totp.ts';
import { DEMO_PASSWORD, DEMO_PEOPLE, DEMO_TOTP_SECRET } from '../../seed/people.ts';
import { users } from '../users/schema.ts';
import { appSecrets, authEvents, rateLimits, usedOneTimeCodes } from './schema.ts';
import { RATE_LIMITS } from './limits.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const client = () => testClient(t.app);

/**
 * The authenticator's code for a test that is not about reuse: the codes earlier tests of this file
 * used in this 30 s step are forgotten first, so no test waits for the next step.
 */
async function freshTotp() {
  await t.db.delete(usedOneTimeCodes);
  return totp(DEMO_TOTP_SECRET);
}

describe('password sign-in (spec 01 §4, §8)', () => {
  const withoutMfa = DEMO_PEOPLE.filter((p) => !p.mfa);

  it.each(withoutMfa.map((p) => [p.email, p.groups] as const))(
    '%s signs in and the session knows them',
    async (email, groups) => {
      const c = client();
      const res = await c.signIn(email.toUpperCase()); // e-mail is case-insensitive
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'signed-in' });
      expect(c.jar.has('portal.session_token')).toBe(true);
      const session = await c.session();
      expect(session.user?.email).toBe(email);
      expect(session.user?.permissionGroups).toEqual([...groups].sort());
    },
  );

  it('signing in again ends the session the browser had: its old cookie gets 401 (ASVS 7.2.4)', async () => {
    const c = client();
    await c.signIn('installer@demo.test');
    const asBefore = c.jar.header();
    expect((await c.signIn('owner@demo.test')).json()).toEqual({ status: 'signed-in' });
    const old = await t.app.inject({
      ...injectionOf(endpoints.session.savePreferences, { body: { searchPageSize: null } }),
      headers: { cookie: asBefore },
    });
    expect(old.statusCode).toBe(401);
    expect((await c.session()).user?.email).toBe('owner@demo.test');
  });

  it('without "remember me" the cookie ends with the browser; with it, it lasts 365 days', async () => {
    const forget = await client().signIn('installer@demo.test', DEMO_PASSWORD, false);
    const sessionCookie = (r: typeof forget) =>
      ([r.headers['set-cookie']].flat() as string[]).find((c) => c.startsWith('portal.session_token='))!;
    expect(sessionCookie(forget)).not.toMatch(/Max-Age/i);
    expect(sessionCookie(forget)).toMatch(/HttpOnly/);
    expect(sessionCookie(forget)).toMatch(/SameSite=Lax/);
    const remember = await client().signIn('installer@demo.test', DEMO_PASSWORD, true);
    expect(sessionCookie(remember)).toMatch(/Max-Age=31536000/);
  });

  it('a wrong password or an unknown e-mail give the same answer', async () => {
    const wrong = await client().signIn('owner@demo.test', 'Wrong!2026');
    const unknown = await client().signIn('nobody@demo.test', 'Wrong!2026');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: messages.invalidPasswordEmail });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ detail: messages.invalidPasswordEmail });
  });

  it.each([
    [{ email: '', password: 'x' }, 'email'],
    [{ email: 'a@b.c', password: '' }, 'password'],
    [{ password: 'x' }, 'email'],
  ])('missing fields answer "Please complete all fields" (%j)', async (payload, field) => {
    const res = await call(t.app, endpoints.auth.signIn, { body: unchecked(payload) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ validation: [{ field, messages: [messages.completeAllFields] }] });
  });

  it('an unconfirmed account resends the sign-up e-mail and says so', async () => {
    await t.db.update(users).set({ emailVerified: false }).where(eq(users.email, 'accountant@demo.test'));
    const res = await client().signIn('accountant@demo.test');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: messages.accountSetupIncomplete });
    const mail = await lastMailTo(t.db, 'accountant@demo.test');
    expect(mail?.subject).toBe('Finish setting up your Dealer Portal account');
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.email, 'accountant@demo.test'));
  });

  it('signing out ends the session', async () => {
    const c = await signedInAs(t.app, 'purchaser@demo.test');
    expect((await c.session()).user?.email).toBe('purchaser@demo.test');
    expect((await c.signOut()).statusCode).toBe(200);
    expect((await c.session()).user).toBeNull();
  });
});

describe('lockout (issue 3 §2, issue 14 §4: NIST SP 800-63B §5.2.2)', () => {
  const attempt = (remoteAddress: string, email: string, password = DEMO_PASSWORD) =>
    call(t.app, endpoints.auth.signIn, { body: { email, password }, remoteAddress });
  const answerOf = (res: Awaited<ReturnType<typeof attempt>>) => ({
    status: res.statusCode,
    body: res.json() as unknown,
    retryAfter: res.headers['retry-after'] ?? null,
  });

  it(`the ${MAX_FAILED_SIGN_INS}th wrong password in a row locks that address out for ${PASSWORD_LOCKOUT_MINUTES} minutes, the right one too`, async () => {
    const here = '10.77.0.1';
    for (let i = 1; i < MAX_FAILED_SIGN_INS; i++) {
      expect((await attempt(here, 'retired@demo.test', `Wrong!${i}aa`)).json()).toEqual({
        detail: messages.invalidPasswordEmail,
      });
    }
    const locking = await attempt(here, 'retired@demo.test', 'Wrong!lastA');
    expect(locking.statusCode).toBe(429);
    expect(locking.json()).toEqual({ detail: messages.accountLocked });
    const retryAfter = Number(locking.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan((PASSWORD_LOCKOUT_MINUTES - 1) * 60);
    expect(retryAfter).toBeLessThanOrEqual(PASSWORD_LOCKOUT_MINUTES * 60);
    // While locked the password is not even checked: the right one gets the same answer (no oracle).
    const right = await attempt(here, 'retired@demo.test');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(locking.json());
    // The same lockout: its Retry-After counts down from the same moment (a busy machine may cross a second).
    expect(retryAfter - Number(right.headers['retry-after'])).toBeLessThanOrEqual(2);

    const userId = await idOf(t.db, 'retired@demo.test');
    const events = await t.db
      .select()
      .from(authEvents)
      .where(and(eq(authEvents.userId, userId), eq(authEvents.type, 'locked')));
    expect(events).toHaveLength(1);

    // Fifteen minutes later the right password works again and clears the count.
    await t.db
      .update(rateLimits)
      .set({ windowStart: Date.now() - PASSWORD_LOCKOUT_MINUTES * 60_000 - 1 })
      .where(like(rateLimits.key, 'sign-in-fail:%retired@demo.test%'));
    expect((await attempt(here, 'retired@demo.test')).json()).toEqual({ status: 'signed-in' });
    const left = await t.db.select().from(rateLimits).where(like(rateLimits.key, 'sign-in-fail:%retired@demo.test%'));
    expect(left).toEqual([]);
  });

  it('a stranger elsewhere cannot lock the owner out', async () => {
    for (let i = 0; i < MAX_FAILED_SIGN_INS + 2; i++) await attempt('10.77.1.1', 'admin@demo.test', `Wrong!${i}aa`);
    expect((await attempt('10.77.1.1', 'admin@demo.test')).statusCode).toBe(429);
    expect((await attempt('10.77.1.2', 'admin@demo.test')).json()).toEqual({ status: 'signed-in' });
  });

  it('a locked, a real and an unknown account answer a stranger alike', async () => {
    const hammer = async (address: string, email: string) => {
      const answers = [];
      for (let i = 0; i < MAX_FAILED_SIGN_INS + 2; i++)
        answers.push(answerOf(await attempt(address, email, 'Wrong!x1a')));
      // Retry-After counts down in whole seconds: equal within a second or two.
      return answers.map((a) => ({
        ...a,
        retryAfter: a.retryAfter === null ? null : Math.round(Number(a.retryAfter) / 10),
      }));
    };
    const real = await hammer('10.77.2.1', 'installer@demo.test');
    const unknown = await hammer('10.77.2.2', 'nobody-here@demo.test');
    expect(unknown).toEqual(real);
    expect(real.slice(0, MAX_FAILED_SIGN_INS - 1).every((a) => a.status === 401)).toBe(true);
    expect(real.slice(MAX_FAILED_SIGN_INS - 1).every((a) => a.status === 429)).toBe(true);
    expect(real.at(-1)!.body).toEqual({ detail: messages.accountLocked });
  });

  it(`${MAX_FAILED_SIGN_INS_PER_ACCOUNT} wrong passwords in a row from anywhere pause password sign-in and tell the owner`, async () => {
    const email = 'accountant@demo.test';
    // Many addresses have tried before: the account's count stands one short of the limit.
    const key = `sign-in-fail:0:${email}`;
    const almost = { count: MAX_FAILED_SIGN_INS_PER_ACCOUNT - 1, windowStart: Date.now() };
    await t.db
      .insert(rateLimits)
      .values({ key, ...almost })
      .onConflictDoUpdate({ target: rateLimits.key, set: almost });
    const pausing = await attempt('10.77.3.1', email, 'Wrong!x1a');
    expect(pausing.statusCode).toBe(429);
    expect(pausing.json()).toEqual({ detail: messages.accountLocked });
    expect((await attempt('10.77.3.2', email)).statusCode).toBe(429); // from a fresh address too
    const mail = await lastMailTo(t.db, email);
    expect(mail?.subject).toBe('Password sign-in to your Dealer Portal account is paused');
    // A password reset unlocks it from everywhere (a new epoch of counts).
    await t.db
      .update(users)
      .set({ signInEpoch: sql`${users.signInEpoch} + 1` })
      .where(eq(users.email, email));
    expect((await attempt('10.77.3.1', email)).json()).toEqual({ status: 'signed-in' });
  });

  it('a right password resets the count of wrong ones', async () => {
    const c = client();
    for (let i = 1; i < MAX_FAILED_SIGN_INS; i++) await c.signIn('consumer@demo.test', `Wrong!${i}aa`);
    expect((await c.signIn('consumer@demo.test')).json()).toEqual({ status: 'signed-in' });
    expect((await c.signIn('consumer@demo.test', 'Wrong!xaa')).json()).toEqual({
      detail: messages.invalidPasswordEmail,
    });
  });

  it('limits sign-in attempts per address, counted in the database shared by all instances', async () => {
    const c = client();
    const first = await c.signIn('nobody@demo.test', 'Wrong!2026');
    expect(first.statusCode).toBe(401);
    // Another instance has counted the rest of the window's attempts from this address.
    const [row] = await t.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, 'sign-in:ip:%'))
      .orderBy(desc(rateLimits.windowStart));
    await t.db.update(rateLimits).set({ count: RATE_LIMITS.signInPerIp.limit }).where(eq(rateLimits.key, row!.key));
    const blocked = await c.signIn('owner@demo.test');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: messages.attemptLimitForgot });
    // The hit is audited (ASVS 16.3.3), after the answer.
    await vi.waitFor(async () => {
      const [hit] = await t.db
        .select()
        .from(authEvents)
        .where(and(eq(authEvents.type, 'rate-limited'), eq(authEvents.ipAddress, c.remoteAddress)));
      expect(hit?.details).toMatchObject({ route: endpoints.auth.signIn.path, status: 429 });
    });
    // A new window starts over.
    await t.db
      .update(rateLimits)
      .set({ windowStart: Date.now() - RATE_LIMITS.signInPerIp.windowMs - 1 })
      .where(eq(rateLimits.key, row!.key));
    expect((await c.signIn('owner@demo.test')).statusCode).toBe(200);
  });
});

describe('second factor (spec 01 §4)', () => {
  it('TOTP: sign-in asks for the authenticator code, and the demo secret signs in', async () => {
    const c = client();
    const first = await c.signIn('totp@demo.test');
    expect(first.json()).toEqual({ status: 'second-factor', method: 'totp', destination: null });
    expect((await c.session()).user).toBeNull();
    const res = await c.secondFactor(await freshTotp());
    expect(res.json()).toEqual({ status: 'signed-in' });
    expect((await c.session()).user?.email).toBe('totp@demo.test');
  });

  it('TOTP: a code signs in once, even on another instance within its 30 s step (ASVS 6.5.1)', async () => {
    const other = await t.anotherInstance();
    const code = await freshTotp();
    const first = client();
    await first.signIn('totp@demo.test');
    expect((await first.secondFactor(code)).json()).toEqual({ status: 'signed-in' });
    const again = testClient(other);
    await again.signIn('totp@demo.test');
    const replay = await again.secondFactor(code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ detail: messages.invalidCode });
    expect((await again.session()).user).toBeNull();
  });

  it('TOTP: two sign-ins racing with one code end with one session', async () => {
    const code = await freshTotp();
    const [a, b] = [client(), client()];
    await a.signIn('totp@demo.test');
    await b.signIn('totp@demo.test');
    const answers = await Promise.all([a.secondFactor(code), b.secondFactor(code)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('TOTP: a wrong code does not spend the right one', async () => {
    const c = client();
    await c.signIn('totp@demo.test');
    const code = await freshTotp();
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    expect((await c.secondFactor(wrong)).statusCode).toBe(400);
    expect((await c.secondFactor(wrong)).statusCode).toBe(400);
    expect((await c.secondFactor(code)).json()).toEqual({ status: 'signed-in' });
  });

  it('SMS: a code signs in once', async () => {
    const c = client();
    await c.signIn('sms@demo.test');
    const code = await lastSmsCode(t.db, '+15550100001');
    expect((await c.secondFactor(code!)).json()).toEqual({ status: 'signed-in' });
    const again = client();
    await again.signIn('sms@demo.test'); // a new challenge sends a new code; the old one is spent
    expect((await again.secondFactor(code!)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await again.session()).user).toBeNull();
  });

  it('TOTP: a wrong code says so and does not sign in', async () => {
    const c = client();
    await c.signIn('totp@demo.test');
    const wrong = String((Number(totp(DEMO_TOTP_SECRET)) + 1) % 1_000_000).padStart(6, '0');
    const res = await c.secondFactor(wrong);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: messages.invalidCode });
    expect((await c.session()).user).toBeNull();
  });

  it('SMS: the code goes to the phone on file and signs in', async () => {
    const c = client();
    const first = await c.signIn('sms@demo.test');
    expect(first.json()).toEqual({ status: 'second-factor', method: 'sms', destination: '(***) *** - **01' });
    const code = await lastSmsCode(t.db, '+15550100001');
    expect(code).toMatch(/^\d{6}$/);
    expect((await c.secondFactor(code!)).json()).toEqual({ status: 'signed-in' });
    expect((await c.session()).user?.email).toBe('sms@demo.test');
  });

  it('a code without a sign-in in progress is refused', async () => {
    const res = await client().secondFactor('123456');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: messages.codeExpired });
  });

  it('"remember this device" skips the second factor next time', async () => {
    const c = client();
    await c.signIn('totp@demo.test');
    await c.secondFactor(await freshTotp(), true);
    expect(c.jar.has('portal.trust_device')).toBe(true);
    await c.signOut();
    expect((await c.signIn('totp@demo.test')).json()).toEqual({ status: 'signed-in' });

    const other = client(); // another browser has no trusted-device cookie
    expect((await other.signIn('totp@demo.test')).json()).toMatchObject({ status: 'second-factor' });
  });

  it('records sign-ins and failures in the audit log', async () => {
    const c = client();
    const adminId = await idOf(t.db, 'admin@demo.test');
    await t.db.delete(authEvents).where(eq(authEvents.userId, adminId));
    await c.signIn('admin@demo.test', 'Wrong!2026');
    await c.signIn('admin@demo.test');
    const events = await t.db
      .select()
      .from(authEvents)
      .where(eq(authEvents.userId, adminId))
      .orderBy(authEvents.createdAt);
    expect(events.map((e) => e.type)).toEqual(['sign-in-failed', 'sign-in']);
    expect(events[0]!.ipAddress).toBe(c.remoteAddress);
  });
});

describe('refusals in the audit log (ASVS 16.3.2, issue 32)', () => {
  it('records a 403 with who asked, and a 401 to an ended session; not a signed-out visitor’s 401', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    expect((await owner.call(endpoints.dealerRequests.list)).statusCode).toBe(403);
    const ended = { headers: { cookie: 'portal.session_token=ended.session' } };
    expect((await call(t.app, endpoints.dealerRequests.list, ended)).statusCode).toBe(401);
    expect((await client().call(endpoints.dealerRequests.list)).statusCode).toBe(401);
    const ownerId = await idOf(t.db, 'owner@demo.test');
    const route = endpoints.dealerRequests.list.path;
    await vi.waitFor(async () => {
      const denied = await t.db
        .select()
        .from(authEvents)
        .where(and(eq(authEvents.type, 'denied'), sql`${authEvents.details}->>'route' = ${route}`));
      expect(denied.map((e) => [e.userId, (e.details as { status: number }).status]).sort()).toEqual(
        [
          [ownerId, 403],
          [null, 401],
        ].sort(),
      );
    });
  });
});

describe('bearer tokens for API clients (issue 3 §9)', () => {
  it('sign-in hands out a token that works as Authorization: Bearer, without cookies', async () => {
    const res = await call(t.app, endpoints.auth.signIn, {
      body: { email: 'owner@demo.test', password: DEMO_PASSWORD },
      remoteAddress: '10.9.9.9',
    });
    const token = res.headers['set-auth-token'] as string;
    expect(token).toBeTruthy();
    const session = await call(t.app, endpoints.session.get, { headers: { authorization: `Bearer ${token}` } });
    expect((session.json() as { user: { email: string } }).user.email).toBe('owner@demo.test');
    const wrong = await call(t.app, endpoints.session.get, { headers: { authorization: 'Bearer not-a-token' } });
    expect(wrong.json()).toMatchObject({ user: null });
  });
});

describe('the session token stays out of a browser’s scripts (ASVS 3.3.4)', () => {
  it('a browser’s sign-in gets the HttpOnly cookie and no set-auth-token header', async () => {
    const res = await call(t.app, endpoints.auth.signIn, {
      body: { email: 'owner@demo.test', password: DEMO_PASSWORD },
      headers: { 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'same-origin' },
      remoteAddress: '10.9.9.11',
    });
    expect(res.json()).toEqual({ status: 'signed-in' });
    expect(res.headers['set-auth-token']).toBeUndefined();
    expect(String(res.headers['set-cookie'])).toMatch(/portal\.session_token=.*HttpOnly/);
  });
});

describe('password change for an API client (issue 14 §8)', () => {
  it('hands the new session token in set-auth-token, as sign-in does', async () => {
    const signIn = await call(t.app, endpoints.auth.signIn, {
      body: { email: 'purchaser@demo.test', password: DEMO_PASSWORD },
      remoteAddress: '10.9.9.10',
    });
    const token = signIn.headers['set-auth-token'] as string;
    const change = (from: string, to: string, bearer: string) =>
      call(t.app, endpoints.auth.changePassword, {
        body: { password: from, new_password: to, confirm_new_password: to },
        headers: { authorization: `Bearer ${bearer}` },
        remoteAddress: '10.9.9.10',
      });
    const changed = await change(DEMO_PASSWORD, 'Garage#Bay77', token);
    expect(changed.statusCode).toBe(200);
    const newToken = changed.headers['set-auth-token'] as string;
    expect(newToken).toBeTruthy();
    expect(newToken).not.toBe(token);
    const session = await call(t.app, endpoints.session.get, { headers: { authorization: `Bearer ${newToken}` } });
    expect((session.json() as { user: { email: string } | null }).user?.email).toBe('purchaser@demo.test');
    // Put the demo password back for the other tests.
    await restoreDemoPassword(t.db, 'purchaser@demo.test');
  });
});

describe('signed-in sessions (issue 32: ASVS 7.5.2, 7.4.5)', () => {
  it('a person sees and ends their own sessions only; an admin can end a user’s, a dealer owner cannot', async () => {
    const { list, end, listOfUser, endOfUser } = endpoints.signedInSessions;
    const chrome = { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0 Safari/537.36' };
    const here = await signedInAs(t.app, 'purchaser@demo.test', { headers: chrome });
    const there = await signedInAs(t.app, 'purchaser@demo.test');
    const mine = (await here.call(list)).json().sessions;
    const current = mine.find((s) => s.current)!;
    expect(current).toMatchObject({
      device: 'Chrome on Windows',
      ipAddress: here.remoteAddress.replace(/\.\d+$/, '.x'),
    });
    const other = mine.find((s) => !s.current)!; // the newest other one: `there`
    expect(mine.filter((s) => s.current)).toHaveLength(1);

    const owner = await signedInAs(t.app, 'owner@demo.test');
    expect((await owner.call(end, { params: { id: other.id } })).statusCode).toBe(404); // not theirs
    expect((await here.call(end, { params: { id: other.id } })).json()).toEqual({ ok: true });
    expect((await there.call(list)).statusCode).toBe(401); // that browser is signed out
    expect((await here.call(end, { params: { id: other.id } })).statusCode).toBe(404); // already ended

    const userId = await idOf(t.db, 'purchaser@demo.test');
    expect((await owner.call(listOfUser, { params: { userId } })).statusCode).toBe(403);
    expect((await owner.call(endOfUser, { params: { userId, id: current.id } })).statusCode).toBe(403);
    const admin = await signedInAs(t.app, 'admin@demo.test');
    const theirs = (await admin.call(listOfUser, { params: { userId } })).json().sessions;
    expect(theirs.map((s) => s.id)).toContain(current.id);
    expect(theirs.every((s) => !s.current)).toBe(true);
    expect((await admin.call(endOfUser, { params: { userId, id: current.id } })).json()).toEqual({ ok: true });
    expect((await here.session()).user).toBeNull();
  });
});

describe('cookies on an https public origin (ASVS 3.3.1, 3.3.3)', () => {
  it('are Secure and __Host-: the session, the second-factor challenge, the remembered device', async () => {
    const https = await t.anotherInstance({ PUBLIC_URL: 'https://portal.example' });
    await t.db.delete(rateLimits).where(like(rateLimits.key, 'code:%')); // the codes earlier tests typed
    const c = testClient(https);
    const challenge = await c.signIn('totp@demo.test');
    expect(challenge.json()).toMatchObject({ status: 'second-factor' });
    const signedIn = await c.secondFactor(await freshTotp(), true);
    expect(signedIn.json()).toEqual({ status: 'signed-in' });
    const lines = [challenge, signedIn].flatMap((r) => [r.headers['set-cookie'] ?? []].flat());
    const set = lines.filter((line) => !/Max-Age=0/i.test(line));
    expect(set.map((line) => line.split('=')[0]).sort()).toEqual(
      ['dont_remember', 'session_token', 'trust_device', 'two_factor'].map((name) => `__Host-portal.${name}`),
    );
    for (const line of set) {
      expect(line).toMatch(/; Secure/i);
      expect(line).toMatch(/; Path=\/(;|$)/i);
      expect(line).not.toMatch(/Domain=/i);
    }
    expect((await c.session()).user?.email).toBe('totp@demo.test');
    // The remembered browser is known under the prefixed name too.
    await c.signOut();
    expect((await c.signIn('totp@demo.test')).json()).toEqual({ status: 'signed-in' });
    // Plain http (the local demo) keeps plain names, without Secure.
    const local = await client().signIn('installer@demo.test');
    expect([local.headers['set-cookie']].flat().join('\n')).not.toMatch(/Secure|__Host-/);
  });
});

describe('two server instances on one database behave as one (ARCHITECTURE: scale-out)', () => {
  it('a session made by one instance is served by the other; limits and lockouts are shared', async () => {
    const other = await t.anotherInstance();
    const signIn = await call(t.app, endpoints.auth.signIn, {
      body: { email: 'outsiderep@demo.test', password: DEMO_PASSWORD },
      remoteAddress: '10.250.0.1',
    });
    const cookie = ([signIn.headers['set-cookie']].flat() as string[]).map((c) => c.split(';')[0]).join('; ');
    const session = await call(other, endpoints.session.get, { headers: { cookie } });
    expect((session.json() as { user: { email: string } }).user.email).toBe('outsiderep@demo.test');

    // Wrong passwords spread over both instances still lock the account after five.
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) {
      const instance = i % 2 === 0 ? t.app : other;
      await call(instance, endpoints.auth.signIn, {
        body: { email: 'accountant@demo.test', password: `Wrong!${i}xyz` },
        remoteAddress: '10.250.0.2',
      });
    }
    const locked = await call(other, endpoints.auth.signIn, {
      body: { email: 'accountant@demo.test', password: DEMO_PASSWORD },
      remoteAddress: '10.250.0.2',
    });
    expect(locked.json()).toEqual({ detail: messages.accountLocked });
  });

  // Last in the file: the instances below re-encrypt the second-factor secrets (and rotate back at the end).
  it('AUTH_SECRET rotates without signing anyone out while AUTH_SECRET_PREVIOUS holds the old one (issue 32)', async () => {
    const [secret] = await t.db.select().from(appSecrets).where(eq(appSecrets.name, 'auth'));
    const old = secret!.value;
    const browser = await signedInAs(t.app, 'purchaser@demo.test');
    const apiSignIn = await call(t.app, endpoints.auth.signIn, {
      body: { email: 'owner@demo.test', password: DEMO_PASSWORD },
      remoteAddress: '10.250.0.3',
    });
    const bearer = { authorization: `Bearer ${apiSignIn.headers['set-auth-token'] as string}` };
    const owner = await signedInAs(t.app, 'owner@demo.test');
    await owner.call(endpoints.invitations.invite, { body: { email: 'rotation@example.com', user_type: 'installer' } });
    const link = (await lastMailTo(t.db, 'rotation@example.com'))!.text.match(/token=([\w.-]+)/)![1]!;

    const NEW = 'rotated-secret-'.padEnd(48, 'x');
    const rotated = await t.anotherInstance({ AUTH_SECRET: NEW, AUTH_SECRET_PREVIOUS: old });
    const emailOf = (r: { json(): unknown }) => (r.json() as { user: { email: string } | null }).user?.email;
    const seen = await call(rotated, endpoints.session.get, { headers: { cookie: browser.jar.header() } });
    expect(emailOf(seen)).toBe('purchaser@demo.test');
    const resigned = [seen.headers['set-cookie']].flat().find((line) => line?.startsWith('portal.session_token='));
    expect(resigned).toBeTruthy(); // the browser now holds a cookie signed with the new key
    const apiCall = await call(rotated, endpoints.session.get, { headers: bearer });
    expect(emailOf(apiCall)).toBe('owner@demo.test');
    const newToken = apiCall.headers['set-auth-token'] as string; // and hands the API client its token re-signed
    expect((await call(rotated, endpoints.invitations.tokenInfo, { query: { token: link } })).statusCode).toBe(200);
    // The authenticator's secret was re-encrypted with the new key at start.
    await t.db.delete(rateLimits).where(like(rateLimits.key, 'code:%'));
    const totpUser = testClient(rotated);
    await totpUser.signIn('totp@demo.test');
    expect((await totpUser.secondFactor(await freshTotp())).json()).toEqual({ status: 'signed-in' });

    // Once AUTH_SECRET_PREVIOUS is gone, only what the new key signed is taken.
    const after = await t.anotherInstance({ AUTH_SECRET: NEW });
    expect(emailOf(await call(after, endpoints.session.get, { headers: { cookie: browser.jar.header() } }))).toBe(
      undefined,
    );
    const cookie = resigned!.split(';')[0]!;
    expect(emailOf(await call(after, endpoints.session.get, { headers: { cookie } }))).toBe('purchaser@demo.test');
    const withNewToken = { authorization: `Bearer ${newToken}` };
    expect(emailOf(await call(after, endpoints.session.get, { headers: withNewToken }))).toBe('owner@demo.test');
    expect(emailOf(await call(after, endpoints.session.get, { headers: bearer }))).toBe(undefined);
    expect((await call(after, endpoints.invitations.tokenInfo, { query: { token: link } })).statusCode).toBe(400);

    // And back, so the second factors read with the database's own secret again.
    await t.anotherInstance({ AUTH_SECRET: old, AUTH_SECRET_PREVIOUS: NEW });
  });
});
