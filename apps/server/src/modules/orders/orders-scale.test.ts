import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { endpoints, type OrderConnection } from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs } from '../../../test/client.ts';
import { idOf, partnerByCode } from '../../../test/builders.ts';
import { orderPageQuery, type OrderListQuery } from './repo.ts';

/** A dealer with 10,000 orders (its own database copy: the other order tests count theirs). */
const ORDERS = 10_000;
let t: TestContext;
let northsideId: string;

beforeAll(async () => {
  t = await createTestApp();
  northsideId = (await partnerByCode(t.db, 'C100234')).id;
  const ownerId = await idOf(t.db, 'owner@demo.test');
  await t.db.execute(sql`insert into orders (business_partner_id, checkout_id, placed_by_user_id, placed_by_name,
      placed_by_email, shipping_address, shipping_method_id, shipping_method_name, subtotal_cents, shipping_cents,
      tax_cents, tax_rate_bp, tax_exempt, total_cents, payment_kind, payment_label, po_number, status, created_at)
    select ${northsideId}, gen_random_uuid(), ${ownerId}, 'Gary Lindqvist', 'owner@demo.test', '{}'::jsonb,
      'b2b-ups-ground', 'B2B-UPS Ground', 1000, 0, 0, 0, true, 1000, 'COD', 'Cash on delivery', 'BULK-' || i,
      (array['placed', 'processing', 'shipped', 'delivered', 'cancelled'])[1 + i % 5],
      timestamptz '2024-01-01T00:00:00Z' + (i || ' minutes')::interval
    from generate_series(1, ${ORDERS}) i`);
  await t.db.execute(sql`analyze orders`);
});
afterAll(() => t.close());

/** PostgreSQL's plan of a page of the list, its parameters written in. */
async function planOf(query: OrderListQuery, after: { created: string; id: string } | null = null) {
  const built = orderPageQuery(t.db, northsideId, query, { limit: 26, after }).toSQL();
  const text = built.sql.replace(/\$(\d+)/g, (_match, n: string) => {
    const value = built.params[Number(n) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
  const result = (await t.db.execute(sql.raw(`explain ${text}`))) as unknown as { rows: { 'QUERY PLAN': string }[] };
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe('the order list of a dealer with 10,000 orders', () => {
  it('reads a page from the index orders_business_created in order, never sorting the dealer’s orders', async () => {
    const after = { created: '2024-01-04T00:00:00.000000Z', id: 'ffffffff-ffff-4fff-bfff-ffffffffffff' };
    for (const [query, cursor] of [
      [{}, null],
      [{}, after],
      [{ status: 'shipped' }, after],
    ] as const) {
      const plan = await planOf(query, cursor);
      expect(plan, plan).toContain('orders_business_created');
      expect(plan, plan).not.toMatch(/\bSort\b/);
      if (cursor) expect(plan, plan).toMatch(/Index Cond:.*ROW\(created_at, id\) </);
    }
  });

  it('pages through them by cursor, the count of every match on each page', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    let after: string | null = null;
    let previousLast = Infinity;
    for (let i = 0; i < 5; i++) {
      const res = await owner.call(endpoints.orders.list, { body: { first: 100, after, search: 'bulk-' } });
      expect(res.statusCode).toBe(200);
      const body = res.json() as OrderConnection;
      expect(body.totalCount).toBe(ORDERS);
      expect(body.edges).toHaveLength(100);
      const times = body.edges.map((edge) => Date.parse(edge.node.created));
      expect(times[0]).toBeLessThan(previousLast);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      previousLast = times.at(-1)!;
      after = body.pageInfo.endCursor;
    }
  });
});
