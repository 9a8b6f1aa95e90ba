import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { brands, categories, products, searchWords } from '../schema.ts';

export const listCategories = (db: Db) =>
  db.select({ name: categories.name, slug: categories.slug }).from(categories).orderBy(asc(categories.position));

export const listBrands = (db: Db) =>
  db.select({ name: brands.name, slug: brands.slug }).from(brands).orderBy(asc(brands.position));

/** Brands by id (names and slugs, e.g. of the brands coupons are for). */
export async function brandsByIds(db: Db, ids: string[]) {
  if (!ids.length) return new Map<string, { name: string; slug: string }>();
  const rows = await db
    .select({ id: brands.id, name: brands.name, slug: brands.slug })
    .from(brands)
    .where(inArray(brands.id, ids));
  return new Map(rows.map(({ id, name, slug }) => [id, { name, slug }]));
}

export async function productNameBySku(db: Db, sku: string) {
  const [row] = await db.select({ name: products.name }).from(products).where(eq(products.sku, sku));
  return row?.name;
}

/**
 * Rebuilds the search dictionary from the catalog (pg_trgm's recipe: ts_stat over the words of every
 * product): each distinct word of letters of a name or SKU, split as the search splits what is typed
 * ("2-Way" gives "way", "NW-RS-X1234" gives "nw" and "rs"). Words with digits are left out: they are
 * codes, never corrected, and would be nearly all of the words (one per model). The trigger on
 * `products` already adds the words of every product written; this also drops the words no product
 * uses any more. Run it after a catalog load or import (the seed does), then `analyze`.
 */
export async function refreshSearchWords(db: Db) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from ${searchWords}`);
    await tx.execute(sql`
      insert into ${searchWords} (word)
      select word from ts_stat('select to_tsvector(''simple'', name) || to_tsvector(''simple'', sku) from products')
      where word ~ '^[[:alpha:]]+$'`);
  });
}
