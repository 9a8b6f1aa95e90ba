import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { signJWT } from 'better-auth/crypto';
import { messages } from '@portal/contracts';
import { ACCOUNT_MAIL, ACCOUNT_TEXTS } from '@portal/contracts/accounts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { testClient } from '../../../test/client.ts';
import { DEMO_PASSWORD } from '../../seed/people.ts';
import { getAuthSecret } from '../auth/secret.ts';
import { authEvents, rateLimits, sessions, verifications } from '../auth/schema.ts';
import { mailOutbox } from '../outbox/schema.ts';
import { users } from '../users/schema.ts';
import { ACCOUNT_RATE_LIMITS } from './limits.ts';

let t: TestContext;
let secret: string;
beforeAll(async () => {
  t = await createTestApp();
  secret = await getAuthSecret(t.db);
});
afterAll(() => t.close());

function client() {
  const { call, ...c } = testClient(t.app);
  return {
    call,
    signIn: async (email: string, password = DEMO_PASSWORD) => {
      const res = await c.signIn(email, password);
      expect(res.json()).toEqual({ status: 'signed-in' });
    },
    changeEmail: (body: object) => call('POST', '/api/user/change-email', body),
    sessionUser: async () => ((await call('GET', '/api/session')).json() as { user: { email: string } | null }).user,
  };
}
const accept = (token: unknown) => client().call('POST', '/api/user/change-email/accept', { token });
const decline = (token: unknown) => client().call('POST', '/api/user/change-email/decline', { token });

const userByEmail = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0];
const pendingOf = async (userId: string) =>
  (
    await t.db
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, `change-email-${userId}`))
  )[0];

/** The token of the newest link of `page` mailed to `to`. */
async function tokenFrom(to: string, page: 'change-email-accept' | 'change-email-decline') {
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const link = mail?.text.match(new RegExp(`http://localhost:3000/${page}\\?token=([\\w.-]+)`));
  expect(link, `a ${page} link mailed to ${to}`).toBeTruthy();
  return link![1]!;
}

describe('e-mail change: the request (POST /api/user/change-email)', () => {
  it('needs a session', async () => {
    const res = await client().changeEmail({ new_email: 'x@example.test', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: messages.signInRequired });
  });

  it('stores a pending change for 24 hours and mails the new address and the old one', async () => {
    const c = client();
    await c.signIn('installer@demo.test');
    const res = await c.changeEmail({ new_email: ' Marcus.New@Example.TEST ', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    const user = await userByEmail('installer@demo.test');
    const pending = await pendingOf(user!.id);
    expect(JSON.parse(pending!.value)).toEqual({
      newEmail: 'marcus.new@example.test',
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const hours = (pending!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const [toNew] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'marcus.new@example.test'));
    expect(toNew!.subject).toBe(ACCOUNT_MAIL.changeEmailConfirmSubject);
    const [toOld] = await t.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.to, 'installer@demo.test'), eq(mailOutbox.subject, ACCOUNT_MAIL.changeEmailNoticeSubject)),
      );
    expect(toOld!.text).toContain('marcus.new@example.test');
    expect(await tokenFrom('marcus.new@example.test', 'change-email-accept')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await tokenFrom('installer@demo.test', 'change-email-decline')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    // Nothing changes until the new address answers.
    expect((await userByEmail('installer@demo.test'))?.id).toBe(user!.id);
  });

  it.each([
    [
      {},
      [
        { field: 'new_email', messages: [messages.requiredField] },
        { field: 'password', messages: [messages.requiredField] },
      ],
    ],
    [{ new_email: 'nope', password: 'x' }, [{ field: 'new_email', messages: [messages.emailInvalid] }]],
  ])('refuses %j with field errors', async (body, validation) => {
    const c = client();
    await c.signIn('purchaser@demo.test');
    const res = await c.changeEmail(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ validation });
  });

  it('a wrong password, the same e-mail or a taken one are refused, and nothing is mailed', async () => {
    const c = client();
    await c.signIn('purchaser@demo.test');
    const mails = await t.db.$count(mailOutbox);
    const wrong = await c.changeEmail({ new_email: 'dana@example.test', password: 'Not!theRight1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: messages.passwordInvalid });
    const same = await c.changeEmail({ new_email: 'Purchaser@Demo.test', password: DEMO_PASSWORD });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ detail: ACCOUNT_TEXTS.sameEmail });
    const taken = await c.changeEmail({ new_email: 'owner@demo.test', password: DEMO_PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ detail: ACCOUNT_TEXTS.emailTaken });
    expect(await t.db.$count(mailOutbox)).toBe(mails);
    expect(await pendingOf((await userByEmail('purchaser@demo.test'))!.id)).toBeUndefined();
  });

  it(`is limited to ${ACCOUNT_RATE_LIMITS.changeEmailPerUser.limit} tries in 15 minutes per user`, async () => {
    const c = client();
    await c.signIn('retired@demo.test');
    const user = await userByEmail('retired@demo.test');
    expect((await c.changeEmail({ new_email: 'walt@example.test', password: 'Wrong!1aaa' })).statusCode).toBe(400);
    await t.db
      .update(rateLimits)
      .set({ count: ACCOUNT_RATE_LIMITS.changeEmailPerUser.limit })
      .where(eq(rateLimits.key, `change-email:${user!.id}`));
    const blocked = await c.changeEmail({ new_email: 'walt@example.test', password: DEMO_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: messages.attemptLimitChange });
  });
});

describe('e-mail change: accept and decline links', () => {
  it('accept: the e-mail changes and is confirmed, every session ends; the link works once', async () => {
    const phone = client();
    await phone.signIn('accountant@demo.test');
    const c = client();
    await c.signIn('accountant@demo.test');
    await c.changeEmail({ new_email: 'Priya.Books@Example.test', password: DEMO_PASSWORD });
    const token = await tokenFrom('priya.books@example.test', 'change-email-accept');
    const declineToken = await tokenFrom('accountant@demo.test', 'change-email-decline');
    const user = await userByEmail('accountant@demo.test');

    const res = await accept(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, email: 'priya.books@example.test' });
    expect(await userByEmail('priya.books@example.test')).toMatchObject({ id: user!.id, emailVerified: true });
    expect(await pendingOf(user!.id)).toBeUndefined();
    expect(await t.db.$count(sessions, eq(sessions.userId, user!.id))).toBe(0);
    expect(await c.sessionUser()).toBeNull();
    expect(await phone.sessionUser()).toBeNull();

    // Used once: the same link, or the old address's decline link, no longer work.
    for (const again of [await accept(token), await decline(declineToken)]) {
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ detail: messages.invalidJwt });
    }
    // They sign in again with the new e-mail; the old one is gone.
    await client().signIn('Priya.Books@example.test');
    const old = await client().call('POST', '/api/auth/sign-in', {
      email: 'accountant@demo.test',
      password: DEMO_PASSWORD,
    });
    expect(old.json()).toEqual({ detail: messages.invalidPasswordEmail });
  });

  it('decline: the pending change is dropped and neither link works any more', async () => {
    const c = client();
    await c.signIn('owner@demo.test');
    await c.changeEmail({ new_email: 'gary@example.test', password: DEMO_PASSWORD });
    const acceptToken = await tokenFrom('gary@example.test', 'change-email-accept');
    const declineToken = await tokenFrom('owner@demo.test', 'change-email-decline');
    const user = await userByEmail('owner@demo.test');

    const res = await decline(declineToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await pendingOf(user!.id)).toBeUndefined();
    expect(await c.sessionUser()).toMatchObject({ email: 'owner@demo.test' }); // declining signs nobody out

    for (const again of [await decline(declineToken), await accept(acceptToken)]) {
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ detail: messages.invalidJwt });
    }
    expect((await userByEmail('owner@demo.test'))?.id).toBe(user!.id);
  });

  it('a new request replaces the last: the earlier links stop working', async () => {
    const c = client();
    await c.signIn('insiderep@demo.test');
    await c.changeEmail({ new_email: 'tessa-1@example.test', password: DEMO_PASSWORD });
    const first = await tokenFrom('tessa-1@example.test', 'change-email-accept');
    await c.changeEmail({ new_email: 'tessa-2@example.test', password: DEMO_PASSWORD });
    const second = await tokenFrom('tessa-2@example.test', 'change-email-accept');
    expect((await accept(first)).json()).toEqual({ detail: messages.invalidJwt });
    expect((await accept(second)).json()).toEqual({ ok: true, email: 'tessa-2@example.test' });
  });

  it('expired: a link past its time, or a pending change past its 24 hours, is refused', async () => {
    const c = client();
    await c.signIn('outsiderep@demo.test');
    await c.changeEmail({ new_email: 'ben@example.test', password: DEMO_PASSWORD });
    const user = await userByEmail('outsiderep@demo.test');
    const { nonce } = JSON.parse((await pendingOf(user!.id))!.value) as { nonce: string };

    const expiredLink = await signJWT({ sub: user!.id, purpose: 'change_email_accept', nonce }, secret, -60);
    expect((await accept(expiredLink)).json()).toEqual({ detail: messages.invalidJwt });

    await t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `change-email-${user!.id}`));
    const res = await accept(await tokenFrom('ben@example.test', 'change-email-accept'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: messages.invalidJwt });
    expect((await userByEmail('outsiderep@demo.test'))?.id).toBe(user!.id);
  });

  it('a decline token cannot accept, a token of another secret or shape is refused', async () => {
    const c = client();
    await c.signIn('admin@demo.test');
    await c.changeEmail({ new_email: 'alex@example.test', password: DEMO_PASSWORD });
    const user = await userByEmail('admin@demo.test');
    const { nonce } = JSON.parse((await pendingOf(user!.id))!.value) as { nonce: string };
    const declineToken = await tokenFrom('admin@demo.test', 'change-email-decline');
    const forged = await signJWT({ sub: user!.id, purpose: 'change_email_accept', nonce }, 'x'.repeat(43), 600);
    const signUpKind = await signJWT({ email: 'admin@demo.test', userId: user!.id }, secret, 600);
    for (const token of [declineToken, forged, signUpKind, 'not-a-jwt']) {
      const res = await accept(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: messages.invalidJwt });
    }
    expect(await pendingOf(user!.id)).toBeDefined(); // none of them touched the real request
    for (const token of [undefined, '', 42]) {
      const res = await accept(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ validation: [{ field: 'token', messages: [messages.invalidJwt] }] });
    }
  });

  it('an address registered after the request is not taken over: 409, nothing changes', async () => {
    const c = client();
    await c.signIn('consumer@demo.test');
    await c.changeEmail({ new_email: 'jordan@example.test', password: DEMO_PASSWORD });
    const token = await tokenFrom('jordan@example.test', 'change-email-accept');
    expect(
      (
        await client().call('POST', '/api/user/register', {
          first_name: 'Jordan',
          last_name: 'Other',
          email: 'jordan@example.test',
          password: 'Garage#Bay42',
          confirm_password: 'Garage#Bay42',
        })
      ).statusCode,
    ).toBe(200);
    const res = await accept(token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: ACCOUNT_TEXTS.emailTaken });
    expect(await userByEmail('consumer@demo.test')).toBeDefined();
    expect(await c.sessionUser()).toMatchObject({ email: 'consumer@demo.test' });
  });
});

describe('e-mail changes are audited', () => {
  it('records the request, the change and a decline', async () => {
    const c = client();
    await c.signIn('consumer@demo.test');
    const user = (await userByEmail('consumer@demo.test'))!;
    await t.db.delete(authEvents).where(eq(authEvents.userId, user.id)); // earlier tests of this file
    await c.changeEmail({ new_email: 'jordan.ellis@example.test', password: DEMO_PASSWORD });
    await decline(await tokenFrom('consumer@demo.test', 'change-email-decline'));
    await c.changeEmail({ new_email: 'jordan.e@example.test', password: DEMO_PASSWORD });
    await accept(await tokenFrom('jordan.e@example.test', 'change-email-accept'));
    const events = await t.db
      .select()
      .from(authEvents)
      .where(eq(authEvents.userId, user.id))
      .orderBy(authEvents.createdAt);
    expect(events.map((e) => e.type).filter((type) => type.startsWith('email-'))).toEqual([
      'email-change-requested',
      'email-change-declined',
      'email-change-requested',
      'email-changed',
    ]);
  });
});
