import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { signJWT } from 'better-auth/crypto';
import { createPasswordHasher } from '../../password-hash.ts';
import { endpoints, messages, PASSWORD_TOO_COMMON, type BodyOf, type QueryOf } from '@portal/contracts';
import { ACCOUNT_MAIL } from '@portal/contracts/accounts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { call, testClient, unchecked } from '../../../test/client.ts';
import { linkIn, mailsTo, partnerOf, userByEmail } from '../../../test/builders.ts';
import { withDatabase } from '../../../test/global-setup.ts';
import { getAuthSecret } from '../auth/secret.ts';
import { rateLimits } from '../auth/schema.ts';
import { businessPartners } from '../business-partners/schema.ts';
import { accounts, users, userTypes } from '../users/schema.ts';
import { ACCOUNT_RATE_LIMITS } from './limits.ts';

/** Verifies a stored hash at whatever scrypt cost it records. */
const verifyHash = createPasswordHasher().verify;
let t: TestContext;
let secret: string;
beforeAll(async () => {
  t = await createTestApp();
  secret = await getAuthSecret(t.db);
});
afterAll(() => t.close());

const SIGN_UP_SUBJECT = 'Finish setting up your Dealer Portal account';
const PASSWORD = 'Garage#Bay42';

type RegisterBody = BodyOf<typeof endpoints.accounts.register>;

// Registrations are limited per address: every client comes from its own (testClient).
function client() {
  const c = testClient(t.app);
  return {
    ...c,
    register: (body: RegisterBody) => c.call(endpoints.accounts.register, { body }),
    signIn: (email: string, password = PASSWORD) => c.signIn(email, password),
  };
}

const person = (email: string, extra: Partial<RegisterBody> = {}): RegisterBody => ({
  first_name: 'Riley',
  last_name: "O'Neil",
  email,
  password: PASSWORD,
  confirm_password: PASSWORD,
  ...extra,
});

/** The path and query of the newest sign-up link mailed to `to`. */
async function signUpLink(to: string) {
  const mail = (await mailsTo(t.db, to)).find((m) => m.subject === SIGN_UP_SUBJECT);
  const url = linkIn(mail?.text, '/api/auth/verify-email');
  expect(url, `a sign-up link mailed to ${to}`).toBeDefined();
  return { path: url!.pathname + url!.search, token: url!.searchParams.get('token')! };
}
const partnerCount = () => t.db.$count(businessPartners);
const highestB2cNumber = async () => {
  const result = (await t.db.execute(sql`
    select coalesce(max(substring(sap_bp_code from 5)::int), 0) as n from business_partners
    where sap_bp_code ~ '^B2C-[0-9]{6}$'`)) as { rows: { n: number | string }[] };
  return Number(result.rows[0]!.n);
};
const b2c = (number: number) => `B2C-${String(number).padStart(6, '0')}`;

describe('consumer registration (spec 01 §1)', () => {
  it('creates the user, a B2C business partner and the consumer type, and mails a confirmation link', async () => {
    const c = client();
    const next = (await highestB2cNumber()) + 1;
    const res = await c.register(person('  Riley.ONeil@Example.TEST ', { first_name: 'Riley 🚗' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(res.headers['set-cookie']).toBeUndefined(); // not signed in before confirming

    const user = await userByEmail(t.db, 'riley.oneil@example.test');
    expect(user).toMatchObject({
      name: "Riley O'Neil",
      firstName: 'Riley',
      lastName: "O'Neil",
      emailVerified: false,
      mfaType: 'none',
      accessType: null,
    });
    const partner = await partnerOf(t.db, user!);
    expect(partner).toMatchObject({
      sapBpCode: b2c(next),
      companyName: "Riley O'Neil",
      channelSlug: 'msrp',
      country: 'US',
    });
    const types = await t.db.select().from(userTypes).where(eq(userTypes.userId, user!.id));
    expect(types).toEqual([{ userId: user!.id, type: 'consumer', isOwner: false }]);
    const [credential] = await t.db.select().from(accounts).where(eq(accounts.userId, user!.id));
    expect(credential).toMatchObject({ providerId: 'credential', accountId: user!.id });
    expect(await verifyHash({ hash: credential!.password!, password: PASSWORD })).toBe(true);

    const { path } = await signUpLink('riley.oneil@example.test');
    expect(path).toMatch(
      /^\/api\/auth\/verify-email\?token=[\w-]+\.[\w-]+\.[\w-]+&callbackURL=%2Flogin%3Fverified%3D1$/,
    );
  });

  it('the account signs in only after the e-mail link is opened, as a Customer', async () => {
    const c = client();
    const email = 'jamie.consumer@example.test';
    await c.register(person(email, { first_name: 'Jamie' }));
    const early = await c.signIn(email);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ detail: messages.accountSetupIncomplete });

    const { path } = await signUpLink(email);
    const open = await c.call('GET', path);
    expect(open.statusCode).toBe(302);
    expect(open.headers.location).toBe('/login?verified=1');
    expect((await userByEmail(t.db, email))?.emailVerified).toBe(true);

    expect((await c.signIn(email)).json()).toEqual({ status: 'signed-in' });
    const { user } = await c.session();
    expect(user).toMatchObject({ email, first_name: 'Jamie', user_type: [{ type: 'consumer', is_owner: false }] });

    // The link is a signed claim, not a one-time code: opened again it just says "confirmed".
    expect((await client().call('GET', path)).headers.location).toBe('/login?verified=1');
  });

  it('an e-mail already registered gets the same answer; its owner is told, nothing is created', async () => {
    const users0 = await t.db.$count(users);
    const partners0 = await partnerCount();
    const sent0 = (await mailsTo(t.db, 'consumer@demo.test')).length;
    const started = Date.now();
    const res = await client().register(person('Consumer@Demo.test'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(450); // as slow as a new account's answer
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await t.db.$count(users)).toBe(users0);
    expect(await partnerCount()).toBe(partners0);

    const mail = await mailsTo(t.db, 'consumer@demo.test');
    expect(mail).toHaveLength(sent0 + 1);
    expect(mail[0]!.subject).toBe(ACCOUNT_MAIL.alreadyRegisteredSubject);
    expect(mail[0]!.text).toContain('http://localhost:3000/forgot-password');
    // The existing account keeps its password.
    expect((await client().signIn('consumer@demo.test', 'Portal!2026')).json()).toEqual({ status: 'signed-in' });
  });

  it('a second registration of a not yet confirmed e-mail answers the same and changes nothing', async () => {
    const email = 'twice@example.test';
    const first = await client().register(person(email));
    const partners = await partnerCount();
    const second = await client().register(
      person(email, { first_name: 'Other', password: 'Other#Pass42', confirm_password: 'Other#Pass42' }),
    );
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.json()).toEqual(first.json());
    expect(await partnerCount()).toBe(partners);
    expect((await userByEmail(t.db, email))?.firstName).toBe('Riley');
    expect((await mailsTo(t.db, email))[0]!.subject).toBe(ACCOUNT_MAIL.alreadyRegisteredSubject);
  });

  it.each([
    [{}, ['first_name', 'last_name', 'email', 'password', 'confirm_password'], messages.requiredField],
    [{ first_name: 'R2D2' }, ['first_name'], messages.personNameChars],
    [{ last_name: '🚗' }, ['last_name'], messages.requiredField],
    [{ email: 'not-an-email' }, ['email'], messages.emailInvalid],
    [{ password: 'garagebay42', confirm_password: 'garagebay42' }, ['password'], messages.passwordInvalid],
    [{ password: 'Password1!', confirm_password: 'Password1!' }, ['password'], PASSWORD_TOO_COMMON],
    // ASVS 6.2.4: the base of a long list's password ('dragon'), padded to pass the composition rule.
    [{ password: 'Dr@gon#2031', confirm_password: 'Dr@gon#2031' }, ['password'], PASSWORD_TOO_COMMON],
    [{ confirm_password: 'Garage#Bay43' }, ['confirm_password'], messages.passwordsDoNotMatch],
  ])('refuses %j with the field messages', async (change, fields, message) => {
    const body = Object.keys(change).length ? person('fields@example.test', change) : {};
    const res = await client().register(unchecked(body));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ validation: fields.map((field) => ({ field, messages: [message] })) });
    expect(await userByEmail(t.db, 'fields@example.test')).toBeUndefined();
  });

  it('a malformed body is a 400, not a 500', async () => {
    const res = await call(t.app, endpoints.accounts.register, {
      body: unchecked('{"email":'),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Malformed JSON body' });
  });

  it(`limits registrations to ${ACCOUNT_RATE_LIMITS.registerPerIp.limit} an hour per address`, async () => {
    const c = client();
    expect((await c.register(person('limit-1@example.test'))).statusCode).toBe(200);
    await t.db
      .update(rateLimits)
      .set({ count: ACCOUNT_RATE_LIMITS.registerPerIp.limit })
      .where(eq(rateLimits.key, `register:ip:${c.remoteAddress}`));
    const blocked = await c.register(person('limit-2@example.test'));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: messages.attemptLimitForgot });
    expect(await userByEmail(t.db, 'limit-2@example.test')).toBeUndefined();
    expect((await client().register(person('limit-2@example.test'))).statusCode).toBe(200); // another address
  });
});

describe('B2C codes and the registration transaction', () => {
  it('takes the number after the highest B2C code in use', async () => {
    const highest = await highestB2cNumber();
    await t.db.insert(businessPartners).values([
      { sapBpCode: b2c(highest + 5), companyName: 'Earlier Shopper' },
      { sapBpCode: 'B2C-LEGACY', companyName: 'Not a numbered code' },
    ]);
    await client().register(person('after-gap@example.test'));
    const user = await userByEmail(t.db, 'after-gap@example.test');
    const partner = await partnerOf(t.db, user!);
    expect(partner!.sapBpCode).toBe(b2c(highest + 6));
  });

  it('a failure mid-way leaves no user, no business partner and no credential', async () => {
    // The last step (the user type) fails for this one e-mail: the user and partner were already written.
    await t.db.execute(sql`
      create function fail_for_rollback_test() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from users where id = new.user_id and email = 'rollback@example.test') then
          raise exception 'forced failure for the rollback test';
        end if;
        return new;
      end $$`);
    await t.db.execute(sql`
      create trigger fail_for_rollback_test before insert on user_types
      for each row execute function fail_for_rollback_test()`);
    const next = (await highestB2cNumber()) + 1;
    const users0 = await t.db.$count(users);
    const accounts0 = await t.db.$count(accounts);
    const partners0 = await partnerCount();
    try {
      const failed = await client().register(
        person('rollback@example.test', { first_name: 'Rolled', last_name: 'Back' }),
      );
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toEqual({ detail: messages.unexpected });
      expect(await t.db.$count(users)).toBe(users0);
      expect(await t.db.$count(accounts)).toBe(accounts0);
      expect(await partnerCount()).toBe(partners0);
      expect(await t.db.$count(businessPartners, eq(businessPartners.companyName, 'Rolled Back'))).toBe(0);
      expect(await mailsTo(t.db, 'rollback@example.test')).toHaveLength(0);
    } finally {
      await t.db.execute(sql`drop trigger fail_for_rollback_test on user_types`);
      await t.db.execute(sql`drop function fail_for_rollback_test()`);
    }
    // Nothing was left behind: the same e-mail registers, with the code the failed try would have had.
    expect((await client().register(person('rollback@example.test'))).statusCode).toBe(200);
    const user = await userByEmail(t.db, 'rollback@example.test');
    const partner = await partnerOf(t.db, user!);
    expect(partner!.sapBpCode).toBe(b2c(next));
  });

  it('registrations at the same moment all get their own code', async () => {
    const emails = ['same-1@example.test', 'same-2@example.test', 'same-3@example.test', 'same-4@example.test'];
    const results = await Promise.all(emails.map((email) => client().register(person(email))));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const codes = await Promise.all(
      emails.map(async (email) => {
        const user = await userByEmail(t.db, email);
        const partner = await partnerOf(t.db, user!);
        return partner!.sapBpCode;
      }),
    );
    expect(new Set(codes).size).toBe(4);
  });

  // A real race needs a second connection: PostgreSQL only (the embedded database has one).
  it.runIf(inject('postgresTemplate'))(
    'a code taken by a concurrent registration is skipped for the next free one',
    async () => {
      const [{ name }] = ((await t.db.execute(sql`select current_database() as name`)) as { rows: { name: string }[] })
        .rows as [{ name: string }];
      const other = new pg.Client({ connectionString: withDatabase(inject('postgresTemplate'), name) });
      await other.connect();
      try {
        const next = (await highestB2cNumber()) + 1;
        await other.query('begin');
        await other.query(
          `insert into business_partners (sap_bp_code, company_name) values ($1, 'Concurrent Shopper')`,
          [b2c(next)],
        );
        const pending = client().register(person('race@example.test'));
        // Wait until the registration is blocked on the other transaction's uncommitted code.
        for (let i = 0; ; i++) {
          const waiting = await other.query(
            `select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`,
            [name],
          );
          if (waiting.rows[0].n > 0) break;
          if (i > 100) throw new Error('the registration never waited for the concurrent code');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await other.query('commit');
        const res = await pending;
        expect(res.statusCode).toBe(200);
        const user = await userByEmail(t.db, 'race@example.test');
        const partner = await partnerOf(t.db, user!);
        expect(partner!.sapBpCode).toBe(b2c(next + 1));
      } finally {
        await other.end();
      }
    },
  );
});

describe('the sign-up e-mail link (GET /api/auth/verify-email)', () => {
  const open = (query: QueryOf<typeof endpoints.accounts.verifyEmail>) =>
    client().call(endpoints.accounts.verifyEmail, { query });

  it.each([
    ['no token', {}],
    ['an empty token', { token: '' }],
    ['a token that is not a JWT', { token: 'not-a-token' }],
    [
      'a forged signature',
      { token: 'eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAYi5jIn0.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    ],
  ])('%s goes to /login?verified=0', async (_, query) => {
    const res = await open(query);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?verified=0');
  });

  it('an expired link goes to /login?verified=0 and confirms nothing', async () => {
    await client().register(person('expired-link@example.test'));
    const user = await userByEmail(t.db, 'expired-link@example.test');
    const expired = await signJWT({ email: user!.email, userId: user!.id }, secret, -60);
    const res = await open({ token: expired, callbackURL: '/login?verified=1' });
    expect(res.headers.location).toBe('/login?verified=0');
    expect((await userByEmail(t.db, 'expired-link@example.test'))?.emailVerified).toBe(false);
  });

  it('a well-signed token of another kind, or of an unknown e-mail, is a bad link too', async () => {
    const otherKind = await signJWT({ sub: 'someone', purpose: 'change_email_accept', nonce: 'x' }, secret, 600);
    expect((await open({ token: otherKind })).headers.location).toBe('/login?verified=0');
    const unknown = await signJWT({ email: 'nobody@example.test' }, secret, 600);
    expect((await open({ token: unknown })).headers.location).toBe('/login?verified=0');
  });

  it('ignores a callbackURL pointing elsewhere', async () => {
    await client().register(person('callback@example.test'));
    const { token } = await signUpLink('callback@example.test');
    const res = await open({ token, callbackURL: 'https://evil.example/' });
    expect(res.headers.location).toBe('/login?verified=1');
  });
});

describe('POST /api/user/email-resend (spec 01 §7, no auth)', () => {
  const resend = (email: string, c = client()) => c.call(endpoints.accounts.resendSignUpEmail, { body: { email } });

  it('sends a new link to an unconfirmed account, and answers the same for any other e-mail', async () => {
    await client().register(person('resend@example.test'));
    const before = (await mailsTo(t.db, 'resend@example.test')).length;
    const unconfirmed = await resend('Resend@Example.test');
    const confirmed = await resend('installer@demo.test');
    const unknown = await resend('nobody-here@example.test');
    for (const res of [unconfirmed, confirmed, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
    expect(await mailsTo(t.db, 'resend@example.test')).toHaveLength(before + 1);
    expect((await mailsTo(t.db, 'installer@demo.test')).some((m) => m.subject === SIGN_UP_SUBJECT)).toBe(false);
    expect(await mailsTo(t.db, 'nobody-here@example.test')).toHaveLength(0);
    // The new link confirms the account.
    const { path } = await signUpLink('resend@example.test');
    expect((await client().call('GET', path)).headers.location).toBe('/login?verified=1');
  });

  it('a missing or malformed e-mail is a field error', async () => {
    expect((await resend(unchecked(undefined))).json()).toEqual({
      validation: [{ field: 'email', messages: [messages.requiredField] }],
    });
    expect((await resend('nope')).json()).toEqual({
      validation: [{ field: 'email', messages: [messages.emailInvalid] }],
    });
  });

  it(`is limited to ${ACCOUNT_RATE_LIMITS.emailResendPerEmail.limit} per e-mail in 15 minutes, from any address`, async () => {
    const email = 'resend-limit@example.test';
    for (let i = 0; i < ACCOUNT_RATE_LIMITS.emailResendPerEmail.limit; i++) {
      expect((await resend(email)).statusCode).toBe(200);
    }
    const blocked = await resend(email);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: messages.attemptLimitForgot });
    expect((await resend('another-one@example.test')).statusCode).toBe(200);
  });
});
