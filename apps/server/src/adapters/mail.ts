import nodemailer from 'nodemailer';
import { and, asc, eq, isNotNull, isNull, lt, notInArray, sql } from 'drizzle-orm';
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

/** Writes a message to mail_outbox (inside the caller's transaction if given), for delivery by `deliverBy` or to stay. */
function outboxMailer(kind: Mailer['kind'], defaultDb: Db, deliverBy: 'smtp' | null): Mailer {
  return {
    kind,
    async send(message, db = defaultDb) {
      await db.insert(mailOutbox).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        replyTo: message.replyTo ?? null,
        reader: mailboxReaderFor(message.to),
        deliverBy,
      });
    },
  };
}

/** Offline default: keeps every message in mail_outbox (inside the caller's transaction if given). */
export const createOutboxMailer = (defaultDb: Db): Mailer => outboxMailer('outbox', defaultDb, null);

/**
 * With SMTP configured: the message is written to the outbox in the caller's transaction, marked for
 * delivery; the mail delivery job sends it (createSmtpDelivery). A rolled-back transaction sends nothing,
 * and a mail server that is down delays mail instead of failing the request that sent it.
 */
export const createSmtpMailer = (defaultDb: Db): Mailer => outboxMailer('smtp', defaultDb, 'smtp');

/** A message is given up after this many refusals (the operator reads last_error). */
export const MAIL_DELIVERY_TRIES = 8;

/** Sends the outbox's messages marked for SMTP, the oldest first; run by the mail delivery job. */
export function createSmtpDelivery(smtpUrl: string, from: string) {
  const transport = nodemailer.createTransport(smtpUrl);

  /** One message over SMTP (rejects with the server's words when it refuses). */
  async function deliver(message: MailMessage) {
    await transport.sendMail({ from, ...message });
  }

  /**
   * Delivers up to `limit` waiting messages. Each is claimed with a row lock that other instances skip, so
   * two delivery jobs never send one message twice; a refusal is counted and tried again on a later run.
   */
  async function deliverWaiting(db: Db, limit = 20) {
    let sent = 0;
    // Each message at most once a run: a refused one waits for the next run.
    const tried: string[] = [];
    for (let n = 0; n < limit; n++) {
      const done = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(mailOutbox)
          .where(
            and(
              isNotNull(mailOutbox.deliverBy),
              isNull(mailOutbox.deliveredAt),
              lt(mailOutbox.deliveryTries, MAIL_DELIVERY_TRIES),
              tried.length ? notInArray(mailOutbox.id, tried) : undefined,
            ),
          )
          .orderBy(asc(mailOutbox.createdAt))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!row) return false;
        tried.push(row.id);
        try {
          await deliver({
            to: row.to,
            subject: row.subject,
            text: row.text,
            ...(row.html && { html: row.html }),
            ...(row.replyTo && { replyTo: row.replyTo }),
          });
          await tx
            .update(mailOutbox)
            .set({ deliveredAt: new Date(), lastError: null })
            .where(eq(mailOutbox.id, row.id));
          sent++;
        } catch (error) {
          await tx
            .update(mailOutbox)
            .set({ deliveryTries: row.deliveryTries + 1, lastError: (error as Error).message.slice(0, 500) })
            .where(eq(mailOutbox.id, row.id));
        }
        return true;
      });
      if (!done) break;
    }
    return sent;
  }

  /** Messages waiting for SMTP and messages given up (the operator's queue depth: docs/operations.md). */
  async function depth(db: Db) {
    const [row] = await db
      .select({
        waiting: sql<number>`count(*) filter (where ${mailOutbox.deliveryTries} < ${MAIL_DELIVERY_TRIES})`.mapWith(
          Number,
        ),
        givenUp: sql<number>`count(*) filter (where ${mailOutbox.deliveryTries} >= ${MAIL_DELIVERY_TRIES})`.mapWith(
          Number,
        ),
      })
      .from(mailOutbox)
      .where(and(isNotNull(mailOutbox.deliverBy), isNull(mailOutbox.deliveredAt)));
    return { waiting: row?.waiting ?? 0, givenUp: row?.givenUp ?? 0 };
  }

  return { deliver, deliverWaiting, depth };
}
