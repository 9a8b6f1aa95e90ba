import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every message the portal sends, written in the transaction that decided to send it (a transactional
 * outbox: mail goes out only for what committed). The offline adapter keeps it here (readable in demo
 * mode); with SMTP configured the delivery job sends it and records when (issue 26).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** The browser (demo mailbox key) allowed to read it from elsewhere than this machine; see adapters/mailbox-reader.ts. */
    reader: text('reader'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'smtp' when a delivery job is to send it; null when the outbox is where it stays (offline). */
    deliverBy: text('deliver_by'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    deliveryTries: integer('delivery_tries').notNull().default(0),
    /** The mail server's last refusal, for the operator. */
    lastError: text('last_error'),
  },
  (t) => [
    index('mail_outbox_to_idx').on(t.to),
    index('mail_outbox_undelivered')
      .on(t.createdAt)
      .where(sql`${t.deliverBy} is not null and ${t.deliveredAt} is null`),
  ],
);

/** Text messages that the offline adapter keeps instead of sending (readable in demo mode). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    body: text('body').notNull(),
    /** The browser (demo mailbox key) allowed to read it from elsewhere than this machine; see adapters/mailbox-reader.ts. */
    reader: text('reader'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_to_idx').on(t.to)],
);
