import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { signJWT } from 'better-auth/crypto';
import { endpoints, INVITATION_TEXTS, messages, PERMISSION_GROUPS } from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { lastMailTo, mailsTo as mailsToAddress } from '../../../test/builders.ts';
import { signedInAs, testClient, unchecked } from '../../../test/client.ts';
import { users } from '../users/schema.ts';
import { getAuthSecret } from '../auth/secret.ts';
import { invitations } from './schema.ts';
import { LINK_FORM_LIMIT } from '../../plugins/form-limits.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const client = () => testClient(t.app);

const owner = () => signedInAs(t.app, 'owner@demo.test');

const linkToken = async (to: string) => (await lastMailTo(t.db, to))!.text.match(/accept-invite\?token=([\w.-]+)/)![1]!;
const newInstaller = {
  password: 'Harness#Pro88',
  confirm_password: 'Harness#Pro88',
  first_name: 'Luis',
  last_name: "O'Connor",
};

describe('invitations (spec 01 §7, spec 02 §7)', () => {
  it('only a dealer owner invites', async () => {
    expect(
      (await client().call(endpoints.invitations.invite, { body: { email: 'x@example.com', user_type: 'installer' } }))
        .statusCode,
    ).toBe(401);
    const installer = client();
    await installer.signIn('installer@demo.test');
    const res = await installer.call(endpoints.invitations.invite, {
      body: { email: 'x@example.com', user_type: 'installer' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: INVITATION_TEXTS.notAllowed });
  });

  it('validates the e-mail and the user type, and refuses an existing account', async () => {
    const c = await owner();
    expect(
      (await c.call(endpoints.invitations.invite, { body: { email: 'nope', user_type: 'installer' } })).json(),
    ).toEqual({
      validation: [{ field: 'email', messages: [messages.emailInvalid] }],
    });
    expect(
      (await c.call(endpoints.invitations.invite, { body: unchecked({ email: 'a@example.com', user_type: 'dealer' }) }))
        .statusCode,
    ).toBe(400);
    const taken = await c.call(endpoints.invitations.invite, {
      body: { email: 'Installer@demo.test', user_type: 'installer' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ detail: INVITATION_TEXTS.accountExists });
  });

  it('an address with an account outside the dealer answers as one without (issue 14): a note, never a link', async () => {
    const c = await owner();
    const mailsTo = (to: string) => mailsToAddress(t.db, to);
    const pendingEmails = async () =>
      ((await c.call(endpoints.invitations.listPending)).json() as { results: { email: string }[] }).results.map(
        (r) => r.email,
      );
    // What the inviter can compare: the status, and the body without its own id, address and times.
    const seen = (res: { statusCode: number; json(): unknown }) => {
      const body = res.json() as Record<string, unknown>;
      return { status: res.statusCode, body: { ...body, id: '', email: '', created_at: '', expires_at: '' } };
    };
    const fresh = await c.call(endpoints.invitations.invite, {
      body: { email: 'nobody.yet@example.com', user_type: 'installer' },
    });
    expect(fresh.statusCode).toBe(201);
    expect(await mailsTo('nobody.yet@example.com')).toHaveLength(1);

    // Another dealer's owner and installer, an admin, a sales rep, a consumer.
    for (const email of [
      'sms@demo.test',
      'totp@demo.test',
      'admin@demo.test',
      'outsiderep@demo.test',
      'consumer@demo.test',
    ]) {
      const before = (await mailsTo(email)).length;
      const res = await c.call(endpoints.invitations.invite, {
        body: { email: email.toUpperCase(), user_type: 'installer' },
      });
      expect(seen(res), email).toEqual(seen(fresh));
      expect(await pendingEmails(), email).toContain(email);
      const resent = await c.call(endpoints.invitations.resend, { params: { id: (res.json() as { id: string }).id } });
      expect(resent.statusCode, email).toBe(200);
      // One mail per call, as for a new address, but a note that lets nobody join.
      const mails = await mailsTo(email);
      expect(mails, email).toHaveLength(before + 2);
      for (const mail of mails) expect(mail.text, email).not.toMatch(/token=/);
      expect(mails.at(-1)!.text, email).toContain('already have a Dealer Portal account');
    }

    // The dealer's own staff may still be told plainly.
    const taken = await c.call(endpoints.invitations.invite, {
      body: { email: 'accountant@demo.test', user_type: 'installer' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ detail: INVITATION_TEXTS.accountExists });
  });

  it('invite → e-mail → accept: the installer joins the dealer and signs in', async () => {
    const c = await owner();
    const sent = await c.call(endpoints.invitations.invite, {
      body: { email: 'Luis.Tech@Example.com', user_type: 'installer' },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ email: 'luis.tech@example.com', user_type: 'installer', status: 'pending' });
    const pending = (await c.call(endpoints.invitations.listPending)).json() as { results: { email: string }[] };
    expect(pending.results.map((r) => r.email)).toContain('luis.tech@example.com');

    const token = await linkToken('luis.tech@example.com');
    const visitor = client();
    expect((await visitor.call(endpoints.invitations.tokenInfo, { query: { token } })).json()).toMatchObject({
      token_type: 'accept_decline_invitation',
      email: 'luis.tech@example.com',
      dealer_name: 'Northside Auto Sound',
      invited_by: 'Gary Lindqvist',
    });
    const mismatch = await visitor.call(endpoints.invitations.setPassword, {
      query: { token },
      body: {
        ...newInstaller,
        confirm_password: 'Harness#Pro89',
      },
    });
    expect(mismatch.json()).toEqual({
      validation: [{ field: 'confirm_password', messages: [messages.passwordsDoNotMatch] }],
    });
    const nameless = await visitor.call(endpoints.invitations.setPassword, {
      query: { token },
      body: {
        password: 'Harness#Pro88',
        confirm_password: 'Harness#Pro88',
      },
    });
    expect(nameless.json()).toEqual({ detail: INVITATION_TEXTS.namesRequired });
    expect(
      (await visitor.call(endpoints.invitations.setPassword, { query: { token }, body: newInstaller })).statusCode,
    ).toBe(200);

    const again = await visitor.call(endpoints.invitations.setPassword, { query: { token }, body: newInstaller });
    expect(again.json()).toEqual({ detail: messages.invalidJwt }); // a link works once

    const luis = client();
    expect((await luis.signIn('luis.tech@example.com', 'Harness#Pro88')).json()).toEqual({ status: 'signed-in' });
    const session = await luis.session();
    const ownerSession = await c.session();
    expect(session.user).toMatchObject({
      permissionGroups: [PERMISSION_GROUPS.installer],
      dealer_id: ownerSession.user!.dealer_id,
    });
    expect((await c.call(endpoints.invitations.listPending)).json()).toEqual({
      results: expect.not.arrayContaining([expect.objectContaining({ email: 'luis.tech@example.com' })]),
    });
  });

  it('inviting again resends: the old link stops working', async () => {
    const c = await owner();
    await c.call(endpoints.invitations.invite, { body: { email: 'twice@example.com', user_type: 'installer' } });
    const first = await linkToken('twice@example.com');
    await c.call(endpoints.invitations.invite, { body: { email: 'twice@example.com', user_type: 'installer' } });
    const second = await linkToken('twice@example.com');
    expect(second).not.toBe(first);
    expect((await client().call(endpoints.invitations.tokenInfo, { query: { token: first } })).json()).toEqual({
      detail: messages.invalidJwt,
    });
    expect((await client().call(endpoints.invitations.tokenInfo, { query: { token: second } })).statusCode).toBe(200);
    expect(await t.db.$count(invitations, eq(invitations.email, 'twice@example.com'))).toBe(1);
  });

  it('decline ends the invitation; its link then fails', async () => {
    const c = await owner();
    await c.call(endpoints.invitations.invite, { body: { email: 'no.thanks@example.com', user_type: 'installer' } });
    const token = await linkToken('no.thanks@example.com');
    expect((await client().call(endpoints.invitations.decline, { query: { token } })).json()).toEqual({ ok: true });
    const [row] = await t.db.select().from(invitations).where(eq(invitations.email, 'no.thanks@example.com'));
    expect(row!.status).toBe('declined');
    expect(
      (await client().call(endpoints.invitations.setPassword, { query: { token }, body: newInstaller })).json(),
    ).toEqual({
      detail: messages.invalidJwt,
    });
  });

  it.each([
    ['garbage', 'not.a.jwt'],
    ['empty', ''],
  ])('a %s token is an invalid JWT token', async (_name, token) => {
    const res = await client().call(endpoints.invitations.tokenInfo, { query: { token } });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(messages.invalidJwt);
  });

  it('an expired or foreign-signed token is invalid', async () => {
    const secret = await getAuthSecret(t.db);
    const [row] = await t.db.select().from(invitations).limit(1);
    const expired = await signJWT(
      { sub: row!.id, typ: 'accept_decline_invitation', v: row!.tokenVersion },
      secret,
      -60,
    );
    const foreign = await signJWT(
      { sub: row!.id, typ: 'accept_decline_invitation', v: row!.tokenVersion },
      'x'.repeat(40),
      600,
    );
    for (const token of [expired, foreign]) {
      expect((await client().call(endpoints.invitations.tokenInfo, { query: { token } })).json()).toEqual({
        detail: messages.invalidJwt,
      });
    }
  });

  it('complete_registration: a user made without a password sets one, once', async () => {
    const id = randomUUID();
    await t.db
      .insert(users)
      .values({ id, name: 'Rae Kim', email: 'rae@example.com', firstName: 'Rae', lastName: 'Kim' });
    const token = await signJWT({ sub: id, typ: 'complete_registration', v: id }, await getAuthSecret(t.db), 3600);
    expect((await client().call(endpoints.invitations.tokenInfo, { query: { token } })).json()).toMatchObject({
      token_type: 'complete_registration',
      email: 'rae@example.com',
    });
    const body = { password: 'Shop#Floor21', confirm_password: 'Shop#Floor21' };
    expect((await client().call(endpoints.invitations.setPassword, { query: { token }, body })).statusCode).toBe(200);
    expect((await client().signIn('rae@example.com', 'Shop#Floor21')).json()).toEqual({ status: 'signed-in' });
    expect((await client().call(endpoints.invitations.setPassword, { query: { token }, body })).json()).toEqual({
      detail: messages.invalidJwt,
    });
  });
});

describe('link forms are limited per address (issue 14 §5)', () => {
  it(`${LINK_FORM_LIMIT.limit} tries from one address, then 429 with Retry-After; other addresses go on`, async () => {
    const other = await t.anotherInstance();
    const forms = [
      {
        method: 'POST' as const,
        url: '/api/user/set-password?token=not-a-token',
        payload: { password: 'Garage#Bay42', confirm_password: 'Garage#Bay42' },
      },
      { method: 'DELETE' as const, url: '/api/user/invite/decline?token=not-a-token' },
      { method: 'POST' as const, url: '/api/user/change-email/accept', payload: { token: 'not-a-token' } },
      { method: 'POST' as const, url: '/api/user/change-email/decline', payload: { token: 'not-a-token' } },
    ];
    const statuses: number[] = [];
    for (let i = 0; i < LINK_FORM_LIMIT.limit; i++) {
      const form = forms[i % forms.length]!;
      statuses.push((await (i % 2 ? other : t.app).inject({ ...form, remoteAddress: '10.55.0.1' })).statusCode);
    }
    expect(statuses.every((s) => s === 400)).toBe(true); // 'Invalid JWT token'
    for (const form of forms) {
      const refused = await t.app.inject({ ...form, remoteAddress: '10.55.0.1' });
      expect(refused.statusCode, form.url).toBe(429);
      expect(refused.json()).toEqual({ detail: messages.attemptLimitForgot });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await t.app.inject({ ...forms[1]!, remoteAddress: '10.55.0.2' })).statusCode).toBe(400);
  });
});
