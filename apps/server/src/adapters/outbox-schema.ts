import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Mail that the offline adapter keeps instead of sending (readable in demo mode). */
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
  },
  (t) => [index('mail_outbox_to_idx').on(t.to)],
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
