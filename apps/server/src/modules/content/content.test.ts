import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { endpoints, messages, type BodyOf } from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { contactMessages } from './schema.ts';
import { CONTACT_RATE_LIMITS } from './service.ts';
import { mailOutbox } from '../../adapters/outbox-schema.ts';
import { call, unchecked } from '../../../test/client.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const valid: BodyOf<typeof endpoints.content.contactUs> = {
  name: "Dana O'Neil",
  email: 'Dana@Example.COM',
  phone: '(614) 555 - 0199',
  company: 'Northside Auto Sound',
  subject: 'Returns and RMA',
  message: 'I need an RMA for two controllers 🚗 that arrived damaged.',
};

describe('POST /api/contact-us', () => {
  it('stores the message and mails it to the support inbox', async () => {
    const res = await call(t.app, endpoints.content.contactUs, { body: valid });
    expect(res.statusCode).toBe(201);
    const { id, received } = res.json() as { id: string; received: boolean };
    expect(received).toBe(true);

    const [stored] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(stored).toMatchObject({
      email: 'dana@example.com',
      phone: '6145550199',
      subject: 'Returns and RMA',
      message: 'I need an RMA for two controllers  that arrived damaged.',
    });

    const [mail] = await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(1);
    expect(mail).toMatchObject({ to: t.config.CONTACT_INBOX, replyTo: 'dana@example.com' });
    expect(mail!.subject).toBe("[Contact] Returns and RMA — Dana O'Neil");
    expect(mail!.text).toContain('Phone: (614) 555 - 0199');
    expect(mail!.text).toContain(`Reference: ${id}`);
  });

  it('accepts a message without the optional fields', async () => {
    const res = await call(t.app, endpoints.content.contactUs, {
      body: { name: 'Lee', email: 'lee@example.com', subject: 'Other', message: 'Hello' },
    });
    expect(res.statusCode).toBe(201);
  });

  it.each([
    ['name', { name: 'R2-D2' }, messages.personNameChars],
    ['name', { name: '   ' }, messages.requiredField],
    ['email', { email: 'dana@' }, messages.emailInvalid],
    ['phone', { phone: '555-01' }, messages.phoneInvalid],
    ['subject', { subject: 'Free stuff' }, messages.requiredField],
    ['message', { message: '🚗🚗' }, messages.requiredField],
  ])('rejects a bad %s with the spec message', async (field, change, expected) => {
    const before = await t.db.$count(contactMessages);
    const res = await call(t.app, endpoints.content.contactUs, { body: unchecked({ ...valid, ...change }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ validation: [{ field, messages: [expected] }] });
    expect(await t.db.$count(contactMessages)).toBe(before);
  });

  it(`is limited per address across instances (issue 14 §5): ${CONTACT_RATE_LIMITS.submitPerIp.limit} an hour, then 429 and nothing kept`, async () => {
    const other = await t.anotherInstance();
    const post = (instance: typeof other) =>
      call(instance, endpoints.content.contactUs, { body: valid, remoteAddress: '10.66.0.1' });
    const statuses = [];
    for (let i = 0; i < CONTACT_RATE_LIMITS.submitPerIp.limit; i++)
      statuses.push((await post(i % 2 ? other : t.app)).statusCode);
    expect(statuses.every((s) => s === 201)).toBe(true);
    const [stored, mailed] = [await t.db.$count(contactMessages), await t.db.$count(mailOutbox)];
    const refused = await post(other);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: messages.attemptLimitForgot });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.db.$count(contactMessages)).toBe(stored);
    expect(await t.db.$count(mailOutbox)).toBe(mailed);
    // Another address is not held back.
    const elsewhere = await call(t.app, endpoints.content.contactUs, { body: valid, remoteAddress: '10.66.0.2' });
    expect(elsewhere.statusCode).toBe(201);
  });
});
