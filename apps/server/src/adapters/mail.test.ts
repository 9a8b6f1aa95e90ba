import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { createTestApp, type TestContext } from '../../test/helpers.ts';
import { mailOutbox } from './outbox-schema.ts';
import { createSmtpMailer } from './mail.ts';

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

describe('createSmtpMailer', () => {
  it('delivers the message over SMTP with its envelope, subject, text and Reply-To', async () => {
    const before = smtp.received.length;
    await createSmtpMailer(smtp.url, FROM).send({
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
    await createSmtpMailer(smtp.url, FROM).send({ to: 'someone@example.com', subject: 'Hello', text: 'Hi' });
    const parsed = await simpleParser(smtp.received.at(-1)!.raw);
    expect(parsed.replyTo).toBeUndefined();
    expect(parsed.headers.has('reply-to')).toBe(false);
  });

  it('rejects when the server refuses the recipient', async () => {
    const mailer = createSmtpMailer(rejecting.url, FROM);
    await expect(mailer.send({ to: 'nobody@example.com', subject: 'Hello', text: 'Hi' })).rejects.toThrow(
      /No such mailbox: nobody@example\.com/,
    );
    expect(rejecting.received).toHaveLength(0);
  });
});

describe('POST /api/contact-us with SMTP_URL set', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: smtp.url, CONTACT_INBOX: 'inbox@dealerportal.example' });
  });
  afterAll(() => t?.close());

  it('mails the message to CONTACT_INBOX over SMTP and writes nothing to the outbox', async () => {
    const outboxBefore = await t.db.$count(mailOutbox);
    const before = smtp.received.length;

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact-us',
      payload: {
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

    expect(smtp.received).toHaveLength(before + 1);
    const mail = smtp.received.at(-1)!;
    expect(mail.from).toBe('no-reply@dealerportal.example');
    expect(mail.to).toEqual(['inbox@dealerportal.example']);
    const parsed = await simpleParser(mail.raw);
    expect(parsed.subject).toBe("[Contact] Returns and RMA — Dana O'Neil");
    expect(parsed.text).toContain('I need an RMA for two controllers that arrived damaged.');
    expect(parsed.text).toContain(`Reference: ${id}`);
    expect(parsed.replyTo?.value).toEqual([{ address: 'dana@example.com', name: '' }]);

    expect(await t.db.$count(mailOutbox)).toBe(outboxBefore);
  });
});
