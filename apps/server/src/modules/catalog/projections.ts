import { QueryBuilder } from 'drizzle-orm/pg-core';
import { brands, channels } from './schema.ts';

/** The catalog's read projections: brands and channels as other modules' queries join them. */

/** Brands as other modules' reads show them (a business's approved brands), for them to join in their own query. */
export const brandRefs = (as = 'brand_refs') =>
  new QueryBuilder()
    .select({ id: brands.id, name: brands.name, slug: brands.slug, position: brands.position })
    .from(brands)
    .as(as);

/** Sales channels as other modules' reads show them (the channel a new dealer is priced in). */
export const channelRefs = (as = 'channel_refs') =>
  new QueryBuilder().select({ slug: channels.slug, name: channels.name }).from(channels).as(as);
