import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Outbox } from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { call, testClient, type TestClient } from '../../../test/client.ts';
import { MAILBOX_COOKIE } from '../../adapters/mailbox-reader.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SMS_PHONE = '+15550100001';
/** A browser somewhere else (testClient gives each its own 10.x address). */
const elsewhere = () => testClient(t.app);
const mailboxOf = async (c: TestClient) => (await c.call(endpoints.dev.outbox)).json() as Outbox;
/** The person at this machine: a loopback connection that no proxy forwarded (app.inject's default). */
const onThisMachine = async (headers: Record<string, string> = {}) =>
  (await call(t.app, endpoints.dev.outbox, { headers })).json() as Outbox;

describe('demo mailbox: nobody reads another person’s mail (issue 14 §1)', () => {
  it('a stranger who asks for the admin’s reset code cannot read it', async () => {
    const attacker = elsewhere();
    expect(
      (await attacker.call(endpoints.auth.forgotPassword, { body: { email: 'admin@demo.test' } })).statusCode,
    ).toBe(200);
    const seen = await mailboxOf(attacker);
    expect(seen.scope).toBe('this-browser');
    expect(seen.mail).toEqual([]);
    expect(seen.sms).toEqual([]);
    // The code was kept: this machine's own person sees it.
    const local = await onThisMachine();
    expect(local.scope).toBe('all');
    expect(local.mail.some((m) => m.to === 'admin@demo.test' && /reset code is \d{6}/.test(m.text))).toBe(true);
  });

  it('a browser reads the sign-in code its own sign-in asked for, and no one else’s', async () => {
    const phone = elsewhere();
    expect((await phone.signIn('sms@demo.test')).json()).toMatchObject({ status: 'second-factor' });
    expect(phone.jar.has(MAILBOX_COOKIE)).toBe(true);
    const own = await mailboxOf(phone);
    expect(own.sms).toHaveLength(1);
    expect(own.sms[0]!.to).toBe(SMS_PHONE);
    const code = own.sms[0]!.body.match(/\d{6}/)![0];

    // Someone else, signed in as the same demo account, reads only their own code.
    const other = elsewhere();
    expect(await mailboxOf(other)).toEqual({ mail: [], sms: [], scope: 'this-browser' });
    await other.signIn('sms@demo.test');
    const theirs = await mailboxOf(other);
    expect(theirs.sms).toHaveLength(1);
    expect(theirs.sms[0]!.id).not.toBe(own.sms[0]!.id);

    // A made-up mailbox cookie reads nothing.
    const forged = testClient(t.app, { cookie: `${MAILBOX_COOKIE}=${'A'.repeat(22)}` });
    expect((await mailboxOf(forged)).sms).toEqual([]);

    expect((await phone.secondFactor(code)).json()).toEqual({ status: 'signed-in' });
  });

  it('a wrong password leaves this browser nothing to read', async () => {
    const guesser = elsewhere();
    await guesser.signIn('sms@demo.test', 'Wrong!2026x');
    expect(guesser.jar.has(MAILBOX_COOKIE)).toBe(false);
    expect((await mailboxOf(guesser)).sms).toEqual([]);
  });

  it('a request a proxy on this machine forwards is someone else', async () => {
    const forwarded = await onThisMachine({ 'x-forwarded-for': '203.0.113.9' });
    expect(forwarded).toEqual({ mail: [], sms: [], scope: 'this-browser' });
  });

  it('is not served outside demo mode', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' });
    try {
      const res = await call(production.app, endpoints.dev.outbox);
      expect(res.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
