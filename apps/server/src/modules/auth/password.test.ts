import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { endpoints, MAX_FAILED_SIGN_INS, messages, PASSWORD_TOO_COMMON, type BodyOf } from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs, testClient, type TestClient } from '../../../test/client.ts';
import { codeIn, lastMailTo } from '../../../test/builders.ts';
import { DEMO_PASSWORD } from '../../seed/people.ts';
import { mailOutbox } from '../../adapters/outbox-schema.ts';
import { accounts, users } from '../users/schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A browser asking who its session is. */
const withCalls = (c: TestClient) => ({ ...c, userOfSession: async () => (await c.session()).user });
const client = () => withCalls(testClient(t.app));
const signedIn = async (email: string) => withCalls(await signedInAs(t.app, email));

const mailCount = (to: string) => t.db.$count(mailOutbox, eq(mailOutbox.to, to));
const lastResetCode = async (to: string) => {
  const mail = await lastMailTo(t.db, to);
  expect(mail?.subject).toBe('Your Dealer Portal password reset code');
  return codeIn(mail!.text)!;
};

describe('forgot and reset password (issue 3 §3)', () => {
  it('answers the same for known and unknown e-mails; only a known one gets a code', async () => {
    const c = client();
    const before = await mailCount('nobody@demo.test');
    const unknown = await c.call(endpoints.auth.forgotPassword, { body: { email: 'nobody@demo.test' } });
    const known = await c.call(endpoints.auth.forgotPassword, { body: { email: 'Installer@Demo.test' } });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await mailCount('nobody@demo.test')).toBe(before);
    expect(await lastResetCode('installer@demo.test')).toMatch(/^\d{6}$/);
  });

  it('a malformed e-mail is an invalid request', async () => {
    const res = await client().call(endpoints.auth.forgotPassword, { body: { email: 'not-an-email' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ validation: [{ field: 'email', messages: [messages.invalidRequest] }] });
  });

  it('resets with the code: wrong code says so, rules apply, old sessions end, the account unlocks', async () => {
    const email = 'purchaser@demo.test';
    const before = await signedIn(email);
    const locked = client(); // five wrong passwords lock this address out of the account
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) await locked.signIn(email, `Wrong!${i}aa`);
    expect((await locked.signIn(email)).json()).toEqual({ detail: messages.accountLocked });

    const c = client();
    await c.call(endpoints.auth.forgotPassword, { body: { email } });
    const code = await lastResetCode(email);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const reset = (body: Partial<BodyOf<typeof endpoints.auth.resetPassword>>) =>
      c.call(endpoints.auth.resetPassword, {
        body: { email, code, password: 'Garage#Bay42', confirmPassword: 'Garage#Bay42', ...body },
      });

    const wrong = await reset({ code: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: messages.codeMismatch });

    const weak = await reset({ password: 'garagebay42', confirmPassword: 'garagebay42' });
    expect(weak.json()).toEqual({ validation: [{ field: 'password', messages: [messages.passwordInvalid] }] });
    const common = await reset({ password: 'Password1!', confirmPassword: 'Password1!' });
    expect(common.json()).toEqual({ validation: [{ field: 'password', messages: [PASSWORD_TOO_COMMON] }] });
    const mismatch = await reset({ confirmPassword: 'Garage#Bay43' });
    expect(mismatch.json()).toEqual({
      validation: [{ field: 'confirmPassword', messages: [messages.passwordsDoNotMatch] }],
    });

    const ok = await reset({});
    expect(ok.statusCode).toBe(200);
    expect(await before.userOfSession()).toBeNull(); // sessions revoked on reset
    expect((await client().signIn(email)).json()).toEqual({ detail: messages.invalidPasswordEmail });
    expect((await locked.signIn(email, 'Garage#Bay42')).json()).toEqual({ status: 'signed-in' }); // and unlocked
    // The code works once.
    expect((await reset({ password: 'Another#Pass9', confirmPassword: 'Another#Pass9' })).statusCode).toBe(400);
  });

  it('limits code requests per e-mail', async () => {
    const c = client();
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await c.call(endpoints.auth.forgotPassword, { body: { email: 'admin@demo.test' } })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const last = await c.call(endpoints.auth.forgotPassword, { body: { email: 'admin@demo.test' } });
    expect(last.json()).toEqual({ detail: messages.attemptLimitForgot });
  });
});

describe('change password (spec 01 §7, §8)', () => {
  const change = (c: ReturnType<typeof client>, body: Partial<BodyOf<typeof endpoints.auth.changePassword>>) =>
    c.call(endpoints.auth.changePassword, {
      body: {
        password: DEMO_PASSWORD,
        new_password: 'Remote#Start77',
        confirm_new_password: 'Remote#Start77',
        ...body,
      },
    });

  it('needs a session: without one the client is told to sign in', async () => {
    const res = await change(client(), {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: messages.signInRequired });
  });

  it('a wrong current password is "Password invalid"; the right one changes it and ends other sessions', async () => {
    const email = 'outsiderep@demo.test';
    const other = await signedIn(email);
    const c = await signedIn(email);
    const wrong = await change(c, { password: 'Wrong!2026x' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: messages.passwordInvalid });

    expect((await change(c, {})).statusCode).toBe(200);
    expect(await c.userOfSession()).toMatchObject({ email });
    expect(await other.userOfSession()).toBeNull();
    expect((await client().signIn(email, 'Remote#Start77')).json()).toEqual({ status: 'signed-in' });
  });

  it('is rate limited with the spec message', async () => {
    const c = await signedIn('insiderep@demo.test');
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await change(c, { password: `Wrong!${i}xxx` }));
    expect(answers.at(-1)!.statusCode).toBe(429);
    expect(answers.at(-1)!.json()).toEqual({ detail: messages.attemptLimitChange });
  });
});

describe('sign out everywhere (issue 3 §4)', () => {
  it('ends every session of the user, this one included', async () => {
    const a = await signedIn('consumer@demo.test');
    const b = await signedIn('consumer@demo.test');
    const res = await a.call(endpoints.auth.signOutEverywhere);
    expect(res.statusCode).toBe(200);
    expect(await a.userOfSession()).toBeNull();
    expect(await b.userOfSession()).toBeNull();
  });

  it('needs a session', async () => {
    const res = await client().call(endpoints.auth.signOutEverywhere);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: messages.signInRequired });
  });
});

describe('password hashes (ASVS 11.4.2)', () => {
  it("an older hash signs in and is made again at OWASP's cost", async () => {
    const email = 'accountant@demo.test';
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const storedHash = async () =>
      (await t.db.select({ hash: accounts.password }).from(accounts).where(eq(accounts.userId, user!.id)))[0]!.hash!;
    // better-auth's own format (`salt:key`, N = 2^14, r = 16), as every hash was made before.
    await t.db
      .update(accounts)
      .set({ password: await hashPassword(DEMO_PASSWORD) })
      .where(eq(accounts.userId, user!.id));
    const production = await t.anotherInstance({ PASSWORD_SCRYPT_LOG_N: '17' });
    expect((await testClient(production).signIn(email, 'Wrong#Pass99')).statusCode).toBe(401);
    expect((await testClient(production).signIn(email)).json()).toEqual({ status: 'signed-in' });
    const rehashed = await storedHash();
    expect(rehashed).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    // A hash at the current cost is kept; an instance at a lower cost (the test run's) verifies it as it is.
    expect((await testClient(production).signIn(email)).json()).toEqual({ status: 'signed-in' });
    expect(await storedHash()).toBe(rehashed);
    expect((await client().signIn(email)).json()).toEqual({ status: 'signed-in' });
    expect(await storedHash()).toBe(rehashed);
  });
});
