import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Messages sent through /contact-us; also mailed to the support inbox. */
export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  company: text('company'),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  userId: text('user_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** spec 01 §7: the home carousel's slides come from a content page (public). */
export const homeSlides = pgTable('home_slides', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  ctaLabel: text('cta_label').notNull(),
  /** A path inside the portal (never an outside address). */
  ctaHref: text('cta_href').notNull(),
  /** One of the carousel's colour themes. */
  theme: text('theme', { enum: ['night', 'signal', 'steel', 'forest'] }).notNull(),
  position: integer('position').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
});
