import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';

/** Sales channels: prices are set per channel (spec 01 §3: channel.slug, default msrp). */
export const channels = pgTable('channels', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
});

/** spec 01 §3: the fourteen categories. */
export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  slug: text('slug').notNull().unique(),
  position: integer('position').notNull(),
});

export const brands = pgTable('brands', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  slug: text('slug').notNull().unique(),
  position: integer('position').notNull(),
});
