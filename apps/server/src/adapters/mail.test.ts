import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { createTestApp, type TestContext } from '../../test/helpers.ts';
import { mailOutbox } from './outbox-schema.ts';
import { createSmtpDelivery } from './mail.ts';
import { eq } from 'drizzle-orm';
import { endpoints } from '@portal/contracts';
import { call } from '../../test/client.ts';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: Buffer;
}

interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port. No TLS and no login, so nodemailer talks plain SMTP:
 * without STARTTLS on offer it does not try to upgrade.
 */
async function startSmtpServer(options: SMTPServerOptions = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        // Kept before the 250 answer, so it is here by the time the sender's promise resolves.
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
    ...options,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let smtp: TestSmtpServer;
let rejecting: TestSmtpServer;
beforeAll(async () => {
  [smtp, rejecting] = await Promise.all([
    startSmtpServer(),
    startSmtpServer({
      onRcptTo(address, _session, callback) {
        const error = Object.assign(new Error(`No such mailbox: ${address.address}`), { responseCode: 550 });
        callback(error);
      },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([smtp?.close(), rejecting?.close()]);
});

const FROM = 'Dealer Portal <no-reply@dealerportal.example>';

describe('SMTP delivery (createSmtpDelivery)', () => {
  it('delivers the message over SMTP with its envelope, subject, text and Reply-To', async () => {
    const before = smtp.received.length;
    await createSmtpDelivery(smtp.url, FROM).deliver({
      to: 'support@dealerportal.example',
      replyTo: 'dana@example.com',
      subject: '[Contact] Returns and RMA — Dana',
      text: 'Two controllers arrived damaged.\nPlease advise.',
    });

    expect(smtp.received).toHaveLength(before + 1);
    const mail = smtp.received.at(-1)!;
    expect(mail.from).toBe('no-reply@dealerportal.example');
    expect(mail.to).toEqual(['support@dealerportal.example']);
    const parsed = await simpleParser(mail.raw);
    expect(parsed.from?.value).toEqual([{ address: 'no-reply@dealerportal.example', name: 'Dealer Portal' }]);
    expect(parsed.subject).toBe('[Contact] Returns and RMA — Dana');
    expect(parsed.text?.trimEnd()).toBe('Two controllers arrived damaged.\nPlease advise.');
    expect(parsed.replyTo?.value).toEqual([{ address: 'dana@example.com', name: '' }]);
  });

  it('sends no Reply-To when none is given', async () => {
    await createSmtpDelivery(smtp.url, FROM).deliver({ to: 'someone@example.com', subject: 'Hello', text: 'Hi' });
    const parsed = await simpleParser(smtp.received.at(-1)!.raw);
    expect(parsed.replyTo).toBeUndefined();
    expect(parsed.headers.has('reply-to')).toBe(false);
  });

  it('rejects when the server refuses the recipient', async () => {
    const delivery = createSmtpDelivery(rejecting.url, FROM);
    await expect(delivery.deliver({ to: 'nobody@example.com', subject: 'Hello', text: 'Hi' })).rejects.toThrow(
      /No such mailbox: nobody@example\.com/,
    );
    expect(rejecting.received).toHaveLength(0);
  });
});

describe('POST /api/contact-us with SMTP_URL set', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({
      SMTP_URL: smtp.url,
      CONTACT_INBOX: 'inbox@dealerportal.example',
      MAIL_DELIVERY_EVERY_MS: '100',
    });
  });
  afterAll(() => t?.close());

  it('mails the message to CONTACT_INBOX over SMTP: written to the outbox with the request, sent by the delivery job', async () => {
    const before = smtp.received.length;

    const res = await call(t.app, endpoints.content.contactUs, {
      body: {
        name: "Dana O'Neil",
        email: 'Dana@Example.COM',
        phone: '(614) 555 - 0199',
        company: 'Northside Auto Sound',
        subject: 'Returns and RMA',
        message: 'I need an RMA for two controllers that arrived damaged.',
      },
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: string };

    // The job sends it within a moment, once, and records when.
    for (let waited = 0; smtp.received.length === before && waited < 5_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received).toHaveLength(before + 1);
    const mail = smtp.received.at(-1)!;
    expect(mail.from).toBe('no-reply@dealerportal.example');
    expect(mail.to).toEqual(['inbox@dealerportal.example']);
    const parsed = await simpleParser(mail.raw);
    expect(parsed.subject).toBe("[Contact] Returns and RMA — Dana O'Neil");
    expect(parsed.text).toContain('I need an RMA for two controllers that arrived damaged.');
    expect(parsed.text).toContain(`Reference: ${id}`);
    expect(parsed.replyTo?.value).toEqual([{ address: 'dana@example.com', name: '' }]);

    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'inbox@dealerportal.example'));
    expect(row).toMatchObject({ deliverBy: 'smtp', deliveryTries: 0, lastError: null });
    expect(row!.deliveredAt).toBeInstanceOf(Date);
  });
});

describe('the delivery job and a mail server that refuses', () => {
  // An app whose own delivery job is off (no SMTP_URL): the run under test is the only one.
  let offline: TestContext;
  beforeAll(async () => {
    offline = await createTestApp();
  });
  afterAll(() => offline?.close());

  it('keeps a message the mail server refuses, counts the refusal and tries again later (nothing lost)', async () => {
    const delivery = createSmtpDelivery(rejecting.url, FROM);
    await offline.db
      .insert(mailOutbox)
      .values({ to: 'nobody@example.com', subject: 'Hello', text: 'Hi', deliverBy: 'smtp' });
    await delivery.deliverWaiting(offline.db);
    const [row] = await offline.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'nobody@example.com'));
    expect(row).toMatchObject({ deliveredAt: null, deliveryTries: 1 });
    expect(row!.lastError).toMatch(/No such mailbox/);
  });
});
