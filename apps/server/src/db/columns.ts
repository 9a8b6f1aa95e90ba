import { timestamp } from 'drizzle-orm/pg-core';

/** created_at / updated_at as better-auth's tables and ours keep them (UTC, set by the database). */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
