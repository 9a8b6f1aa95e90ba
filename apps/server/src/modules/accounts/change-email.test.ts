import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { signJWT } from 'better-auth/crypto';
import { endpoints, messages, type BodyOf } from '@portal/contracts';
import { ACCOUNT_MAIL, ACCOUNT_TEXTS } from '@portal/contracts/accounts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs, testClient, unchecked, type TestClient } from '../../../test/client.ts';
import { lastMailTo, linkIn, mailsTo, userByEmail } from '../../../test/builders.ts';
import { DEMO_PASSWORD } from '../../seed/people.ts';
import { getAuthSecret } from '../auth/secret.ts';
import { authEvents, rateLimits, sessions, verifications } from '../auth/schema.ts';
import { mailOutbox } from '../../adapters/outbox-schema.ts';
import { ACCOUNT_RATE_LIMITS } from './limits.ts';

let t: TestContext;
let secret: string;
beforeAll(async () => {
  t = await createTestApp();
  secret = await getAuthSecret(t.db);
});
afterAll(() => t.close());

const changeEmail = (c: TestClient, body: BodyOf<typeof endpoints.accounts.requestEmailChange>) =>
  c.call(endpoints.accounts.requestEmailChange, { body });
const sessionUser = async (c: TestClient) => (await c.session()).user;
const accept = (token: string) => testClient(t.app).call(endpoints.accounts.acceptEmailChange, { body: { token } });
const decline = (token: string) => testClient(t.app).call(endpoints.accounts.declineEmailChange, { body: { token } });
const pendingOf = async (userId: string) =>
  (
    await t.db
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, `change-email-${userId}`))
  )[0];

/** The token of the newest link of `page` mailed to `to`. */
async function tokenFrom(to: string, page: 'change-email-accept' | 'change-email-decline') {
  const link = linkIn((await lastMailTo(t.db, to))?.text, `/${page}`);
  const token = link?.origin === 'http://localhost:3000' ? link.searchParams.get('token') : null;
  expect(token, `a ${page} link mailed to ${to}`).toBeTruthy();
  return token!;
}

describe('e-mail change: the request (POST /api/user/change-email)', () => {
  it('needs a session', async () => {
    const res = await changeEmail(testClient(t.app), { new_email: 'x@example.test', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: messages.signInRequired });
  });

  it('stores a pending change for 24 hours and mails the new address and the old one', async () => {
    const c = await signedInAs(t.app, 'installer@demo.test');
    const res = await changeEmail(c, { new_email: ' Marcus.New@Example.TEST ', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    const user = await userByEmail(t.db, 'installer@demo.test');
    const pending = await pendingOf(user!.id);
    expect(JSON.parse(pending!.value)).toEqual({
      newEmail: 'marcus.new@example.test',
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const hours = (pending!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const [toNew] = await mailsTo(t.db, 'marcus.new@example.test');
    expect(toNew!.subject).toBe(ACCOUNT_MAIL.changeEmailConfirmSubject);
    const toOld = (await mailsTo(t.db, 'installer@demo.test')).find(
      (mail) => mail.subject === ACCOUNT_MAIL.changeEmailNoticeSubject,
    );
    expect(toOld!.text).toContain('marcus.new@example.test');
    expect(await tokenFrom('marcus.new@example.test', 'change-email-accept')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await tokenFrom('installer@demo.test', 'change-email-decline')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    // Nothing changes until the new address answers.
    expect((await userByEmail(t.db, 'installer@demo.test'))?.id).toBe(user!.id);
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
    const c = await signedInAs(t.app, 'purchaser@demo.test');
    const res = await changeEmail(c, unchecked(body));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ validation });
  });

  it('a wrong password, the same e-mail or a taken one are refused, and nothing is mailed', async () => {
    const c = await signedInAs(t.app, 'purchaser@demo.test');
    const mails = await t.db.$count(mailOutbox);
    const wrong = await changeEmail(c, { new_email: 'dana@example.test', password: 'Not!theRight1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: messages.passwordInvalid });
    const same = await changeEmail(c, { new_email: 'Purchaser@Demo.test', password: DEMO_PASSWORD });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ detail: ACCOUNT_TEXTS.sameEmail });
    const taken = await changeEmail(c, { new_email: 'owner@demo.test', password: DEMO_PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ detail: ACCOUNT_TEXTS.emailTaken });
    expect(await t.db.$count(mailOutbox)).toBe(mails);
    expect(await pendingOf((await userByEmail(t.db, 'purchaser@demo.test'))!.id)).toBeUndefined();
  });

  it(`is limited to ${ACCOUNT_RATE_LIMITS.changeEmailPerUser.limit} tries in 15 minutes per user`, async () => {
    const c = await signedInAs(t.app, 'retired@demo.test');
    const user = await userByEmail(t.db, 'retired@demo.test');
    expect((await changeEmail(c, { new_email: 'walt@example.test', password: 'Wrong!1aaa' })).statusCode).toBe(400);
    await t.db
      .update(rateLimits)
      .set({ count: ACCOUNT_RATE_LIMITS.changeEmailPerUser.limit })
      .where(eq(rateLimits.key, `change-email:${user!.id}`));
    const blocked = await changeEmail(c, { new_email: 'walt@example.test', password: DEMO_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: messages.attemptLimitChange });
  });
});

describe('e-mail change: accept and decline links', () => {
  it('accept: the e-mail changes and is confirmed, every session ends; the link works once', async () => {
    const phone = await signedInAs(t.app, 'accountant@demo.test');
    const c = await signedInAs(t.app, 'accountant@demo.test');
    await changeEmail(c, { new_email: 'Priya.Books@Example.test', password: DEMO_PASSWORD });
    const token = await tokenFrom('priya.books@example.test', 'change-email-accept');
    const declineToken = await tokenFrom('accountant@demo.test', 'change-email-decline');
    const user = await userByEmail(t.db, 'accountant@demo.test');

    const res = await accept(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, email: 'priya.books@example.test' });
    expect(await userByEmail(t.db, 'priya.books@example.test')).toMatchObject({ id: user!.id, emailVerified: true });
    expect(await pendingOf(user!.id)).toBeUndefined();
    expect(await t.db.$count(sessions, eq(sessions.userId, user!.id))).toBe(0);
    expect(await sessionUser(c)).toBeNull();
    expect(await sessionUser(phone)).toBeNull();

    // Used once: the same link, or the old address's decline link, no longer work.
    for (const again of [await accept(token), await decline(declineToken)]) {
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ detail: messages.invalidJwt });
    }
    // They sign in again with the new e-mail; the old one is gone.
    await signedInAs(t.app, 'Priya.Books@example.test');
    const old = await testClient(t.app).call(endpoints.auth.signIn, {
      body: {
        email: 'accountant@demo.test',
        password: DEMO_PASSWORD,
      },
    });
    expect(old.json()).toEqual({ detail: messages.invalidPasswordEmail });
  });

  it('decline: the pending change is dropped and neither link works any more', async () => {
    const c = await signedInAs(t.app, 'owner@demo.test');
    await changeEmail(c, { new_email: 'gary@example.test', password: DEMO_PASSWORD });
    const acceptToken = await tokenFrom('gary@example.test', 'change-email-accept');
    const declineToken = await tokenFrom('owner@demo.test', 'change-email-decline');
    const user = await userByEmail(t.db, 'owner@demo.test');

    const res = await decline(declineToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await pendingOf(user!.id)).toBeUndefined();
    expect(await sessionUser(c)).toMatchObject({ email: 'owner@demo.test' }); // declining signs nobody out

    for (const again of [await decline(declineToken), await accept(acceptToken)]) {
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ detail: messages.invalidJwt });
    }
    expect((await userByEmail(t.db, 'owner@demo.test'))?.id).toBe(user!.id);
  });

  it('a new request replaces the last: the earlier links stop working', async () => {
    const c = await signedInAs(t.app, 'insiderep@demo.test');
    await changeEmail(c, { new_email: 'tessa-1@example.test', password: DEMO_PASSWORD });
    const first = await tokenFrom('tessa-1@example.test', 'change-email-accept');
    await changeEmail(c, { new_email: 'tessa-2@example.test', password: DEMO_PASSWORD });
    const second = await tokenFrom('tessa-2@example.test', 'change-email-accept');
    expect((await accept(first)).json()).toEqual({ detail: messages.invalidJwt });
    expect((await accept(second)).json()).toEqual({ ok: true, email: 'tessa-2@example.test' });
  });

  it('expired: a link past its time, or a pending change past its 24 hours, is refused', async () => {
    const c = await signedInAs(t.app, 'outsiderep@demo.test');
    await changeEmail(c, { new_email: 'ben@example.test', password: DEMO_PASSWORD });
    const user = await userByEmail(t.db, 'outsiderep@demo.test');
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
    expect((await userByEmail(t.db, 'outsiderep@demo.test'))?.id).toBe(user!.id);
  });

  it('a decline token cannot accept, a token of another secret or shape is refused', async () => {
    const c = await signedInAs(t.app, 'admin@demo.test');
    await changeEmail(c, { new_email: 'alex@example.test', password: DEMO_PASSWORD });
    const user = await userByEmail(t.db, 'admin@demo.test');
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
      const res = await accept(unchecked(token));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ validation: [{ field: 'token', messages: [messages.invalidJwt] }] });
    }
  });

  it('an address registered after the request is not taken over: 409, nothing changes', async () => {
    const c = await signedInAs(t.app, 'consumer@demo.test');
    await changeEmail(c, { new_email: 'jordan@example.test', password: DEMO_PASSWORD });
    const token = await tokenFrom('jordan@example.test', 'change-email-accept');
    expect(
      (
        await testClient(t.app).call(endpoints.accounts.register, {
          body: {
            first_name: 'Jordan',
            last_name: 'Other',
            email: 'jordan@example.test',
            password: 'Garage#Bay42',
            confirm_password: 'Garage#Bay42',
          },
        })
      ).statusCode,
    ).toBe(200);
    const res = await accept(token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: ACCOUNT_TEXTS.emailTaken });
    expect(await userByEmail(t.db, 'consumer@demo.test')).toBeDefined();
    expect(await sessionUser(c)).toMatchObject({ email: 'consumer@demo.test' });
  });
});

describe('e-mail changes are audited', () => {
  it('records the request, the change and a decline', async () => {
    const c = await signedInAs(t.app, 'consumer@demo.test');
    const user = (await userByEmail(t.db, 'consumer@demo.test'))!;
    await t.db.delete(authEvents).where(eq(authEvents.userId, user.id)); // earlier tests of this file
    await changeEmail(c, { new_email: 'jordan.ellis@example.test', password: DEMO_PASSWORD });
    await decline(await tokenFrom('consumer@demo.test', 'change-email-decline'));
    await changeEmail(c, { new_email: 'jordan.e@example.test', password: DEMO_PASSWORD });
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
