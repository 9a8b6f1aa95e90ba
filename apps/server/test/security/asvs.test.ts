import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { endpoints, messages, PASSWORD_MAX } from '@portal/contracts';
import { createTestApp, type TestContext } from '../helpers.ts';
import { testClient } from '../client.ts';
import { restoreDemoPassword } from '../builders.ts';
import { DEMO_PASSWORD } from '../../src/seed/people.ts';
import { mailOutbox } from '../../src/adapters/outbox-schema.ts';

/** ASVS 5.0 requirements that docs/security.md listed as met without a test of their own. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('passwords (ASVS 6.2.1, 6.2.9)', () => {
  it('a 64-character password is taken whole; 7 characters, or one past the spec’s 99, are refused', async () => {
    const c = testClient(t.app);
    expect((await c.signIn('purchaser@demo.test')).json()).toEqual({ status: 'signed-in' });
    const long = `Garage#Bay42${'x'.repeat(52)}`;
    expect(long).toHaveLength(64);
    const change = (from: string, to: string) =>
      c.call(endpoints.auth.changePassword, { body: { password: from, new_password: to, confirm_new_password: to } });

    expect((await change(DEMO_PASSWORD, long)).statusCode).toBe(200);
    // Never truncated: the password without its last character is wrong.
    expect((await testClient(t.app).signIn('purchaser@demo.test', long.slice(0, -1))).statusCode).toBe(401);
    expect((await testClient(t.app).signIn('purchaser@demo.test', long)).json()).toEqual({ status: 'signed-in' });

    const tooLong = `Garage#Bay42${'x'.repeat(PASSWORD_MAX - 11)}`;
    expect(tooLong).toHaveLength(PASSWORD_MAX + 1);
    const refused = await change(long, tooLong);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toHaveProperty('validation');
    const short = await change(long, 'Ab1!xyz'); // 7 characters
    expect(short.statusCode).toBe(400);
    expect(short.json()).toHaveProperty('validation');
    await restoreDemoPassword(t.db, 'purchaser@demo.test');
  });
});

describe('self-contained tokens (ASVS 9.1.1, 9.1.2)', () => {
  it('an invitation link re-signed with alg "none" or another key is refused', async () => {
    const owner = testClient(t.app);
    await owner.signIn('owner@demo.test');
    const sent = await owner.call(endpoints.invitations.invite, {
      body: {
        email: 'jwt.check@example.com',
        user_type: 'installer',
      },
    });
    expect(sent.statusCode).toBe(201);
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'jwt.check@example.com'))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    const token = mail!.text.match(/token=([\w.-]+)/)![1]!;
    const info = (value: string) =>
      testClient(t.app).call(endpoints.invitations.tokenInfo, { query: { token: value } });
    expect((await info(token)).statusCode).toBe(200);

    const [, payload, signature] = token.split('.');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const forged = [`${none}.${payload}.`, `${none}.${payload}`, `${none}.${payload}.${signature}`];
    const otherKey = `${token.split('.').slice(0, 2).join('.')}.${'A'.repeat(signature!.length)}`;
    for (const value of [...forged, otherKey]) {
      const res = await info(value);
      expect(res.statusCode, value.slice(0, 30)).toBe(400);
      expect(res.json()).toEqual({ detail: messages.invalidJwt });
    }
  });
});
