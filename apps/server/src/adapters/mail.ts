import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { mailOutbox } from './outbox-schema.ts';
import { mailboxReaderFor } from './mailbox-reader.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

/** Where outgoing mail goes: SMTP when SMTP_URL is set, else the outbox table. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage, db?: Db): Promise<void>;
}

/** Offline default: keeps every message in mail_outbox (inside the caller's transaction if given). */
export function createOutboxMailer(defaultDb: Db): Mailer {
  return {
    kind: 'outbox',
    async send(message, db = defaultDb) {
      await db.insert(mailOutbox).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        replyTo: message.replyTo ?? null,
        reader: mailboxReaderFor(message.to),
      });
    },
  };
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
