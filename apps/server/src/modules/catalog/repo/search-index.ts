import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';

// What the embedded search index (engine/) reads from the database: the catalog's snapshot it is built
// from, and a term's tsqueries as PostgreSQL normalizes them.

type ProductRow = { id: string; sku: string; lex: string; c: string; b: string; lname: string; nr: number };
type PriceRow = { id: string; ch: string; d: number; l: number; dr: number; lr: number };
type RefRow = { kind: string; slug: string; id: string };

/** The catalog as the index is built from it: one snapshot (a repeatable-read transaction). */
export async function readCatalog(db: Db) {
  return db.transaction(
    async (tx) => {
      const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
        ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
      // Names in the database's own order (its collation), ids as it compares them (uuid order).
      const products = await rowsOf<ProductRow>(sql`
        select id::text as id, sku, search::text as lex, category_id::text as c, brand_id::text as b,
          lower(name) as lname, (row_number() over (order by lower(name), id) - 1)::int as nr
        from products order by id`);
      const prices = await rowsOf<PriceRow>(sql`
        select product_id::text as id, channel_slug as ch, discounted_cents as d, list_cents as l,
          (row_number() over (partition by channel_slug order by discounted_cents, product_id) - 1)::int as dr,
          (row_number() over (partition by channel_slug order by list_cents, product_id) - 1)::int as lr
        from product_prices`);
      const refs = await rowsOf<RefRow>(sql`
        select 'c' as kind, slug, id::text as id from categories
        union all select 'b', slug, id::text from brands`);
      return { products, prices, refs };
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
