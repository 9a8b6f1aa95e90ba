import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, categories, products } from './schema.ts';

export const listCategories = (db: Db) =>
  db.select({ name: categories.name, slug: categories.slug }).from(categories).orderBy(asc(categories.position));

export const listBrands = (db: Db) =>
  db.select({ name: brands.name, slug: brands.slug }).from(brands).orderBy(asc(brands.position));

export async function productNameBySku(db: Db, sku: string) {
  const [row] = await db.select({ name: products.name }).from(products).where(eq(products.sku, sku));
  return row?.name;
}
