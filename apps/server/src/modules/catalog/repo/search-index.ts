import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { brands, categories, products } from '../schema.ts';
import { listColumns } from './products.ts';

// What the embedded search index (engine/) reads from the database: the catalog's snapshot it is built
// from, and a term's tsqueries as PostgreSQL normalizes them.

type PriceRow = { id: string; ch: string; d: number; l: number; dr: number; lr: number };
type RefRow = { kind: string; slug: string; id: string };

/**
 * The catalog as the index is built from it, in one snapshot (a repeatable-read transaction): every
 * product as lists show it (productSelect's columns but the channel price) with its lexemes and its rank
 * by name, every channel price with its ranks, and the slugs of categories and brands.
 */
export async function readCatalog(db: Db) {
  return db.transaction(
    async (tx) => {
      // Names in the database's own order (its collation), ids as it compares them (uuid order).
      const rows = await tx
        .select({
          ...listColumns,
          lex: sql<string>`${products.search}::text`,
          categoryId: products.categoryId,
          brandId: products.brandId,
          lname: sql<string>`lower(${products.name})`,
          nr: sql<number>`(row_number() over (order by lower(${products.name}), ${products.id}) - 1)::int`,
        })
        .from(products)
        .innerJoin(brands, eq(brands.id, products.brandId))
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .orderBy(products.id);
      const prices = (
        (await tx.execute(sql`
        select product_id::text as id, channel_slug as ch, discounted_cents as d, list_cents as l,
          (row_number() over (partition by channel_slug order by discounted_cents, product_id) - 1)::int as dr,
          (row_number() over (partition by channel_slug order by list_cents, product_id) - 1)::int as lr
        from product_prices`)) as unknown as { rows: PriceRow[] }
      ).rows;
      const refs = (
        (await tx.execute(sql`
        select 'c' as kind, slug, id::text as id from categories
        union all select 'b', slug, id::text from brands`)) as unknown as { rows: RefRow[] }
      ).rows;
      return { products: rows, prices, refs };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
export type CatalogSnapshot = Awaited<ReturnType<typeof readCatalog>>;

/** A term's two tsqueries as PostgreSQL prints them: the corrected query's, and its own parse of punctuation. */
export async function tsqueryTexts(db: Db, corrected: string | null, term: string, punctuation: boolean) {
  const { rows } = (await db.execute(sql`
    select case when ${corrected}::text is null then null else to_tsquery('english', ${corrected})::text end as c,
      case when ${punctuation} then websearch_to_tsquery('english', ${term})::text end as w`)) as unknown as {
    rows: { c: string | null; w: string | null }[];
  };
  return rows[0]!;
}
