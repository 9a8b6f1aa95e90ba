import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Checkout, InvoiceConnection, LastCheckout, PaymentCard, Receipt } from '@portal/contracts';
import { createTestApp, type TestContext } from './helpers.ts';
import { signedInAs, type TestClient } from './client.ts';
import { withDatabase } from './global-setup.ts';
import { openPglite } from '../src/db/client.ts';
import { restoreBackup, writeBackup } from '../src/db/backup.ts';
import { brands, products } from '../src/modules/catalog/schema.ts';

/**
 * The restore drill (issue 32 §4, docs/operations.md): a backup taken while buyers place orders and an accountant
 * pays invoices, restored into a fresh database, holds every order, payment and ledger entry that was acknowledged
 * before the backup began, each whole. On PGlite the server's own backup (db/backup.ts); on PostgreSQL pg_dump
 * and pg_restore, as an operator runs them.
 */
const run = promisify(execFile);
let t: TestContext;
let workDir: string;
let variantIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-restore-'));
  const rows = await t.db
    .select({ id: products.id })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.isAvailableForPurchase, true), isNotNull(products.msrpCents), eq(brands.slug, 'northwind')))
    .orderBy(products.sku)
    .limit(2);
  variantIds = rows.map((r) => r.id);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

let keys = 0;
const post = (c: TestClient, url: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: c.remoteAddress,
    headers: { cookie: c.jar.header(), 'idempotency-key': `restore-${Date.now()}-${++keys}` },
  });

/** One order on delivery terms (COD): a new cart of two lines, completed. Answers the order's id. */
async function placeOrder(buyer: TestClient) {
  const last = (await buyer.call('GET', '/api/products-checkout/last-b2b-token')).json() as LastCheckout;
  if (last.token)
    for (const line of last.checkout!.lines)
      await buyer.call('POST', `/api/products-checkout/${last.token}/delete-lines`, { lineId: line.id });
  const cart = (
    await buyer.call('POST', '/api/products-checkout/create-b2b', {
      lines: variantIds.map((variantId) => ({ variantId, quantity: 1 })),
    })
  ).json() as Checkout;
  const done = await post(buyer, `/api/products-checkout/${cart.token}/complete-b2b-checkout`, {
    selectedPayment: 'COD',
  });
  expect(done.statusCode, done.body).toBe(201);
  return (done.json() as { order: { id: string } }).order.id;
}

/** A backup of the test's database, by the tool an operator uses for its kind; answers how to open the copy. */
async function backupNow(): Promise<
  () => Promise<{ query(text: string): Promise<{ rows: unknown[] }>; end(): Promise<void> }>
> {
  const url = t.database.url;
  if (!url) {
    const file = await writeBackup(t.database, path.join(workDir, 'backups'), 2);
    return async () => {
      const dataDir = path.join(workDir, 'restored');
      await restoreBackup(file, dataDir);
      const client = openPglite({ dataDir });
      await client.waitReady;
      return { query: (text) => client.query(text), end: () => client.close() };
    };
  }
  const file = path.join(workDir, 'portal.dump');
  await run('pg_dump', ['--format=custom', `--file=${file}`, url]);
  return async () => {
    const name = `portal_restored_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await run('pg_restore', ['--no-owner', `--dbname=${withDatabase(url, name)}`, file]);
    const client = new pg.Client({ connectionString: withDatabase(url, name) });
    await client.connect();
    return {
      query: (text) => client.query(text),
      async end() {
        await client.end();
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.end();
      },
    };
  };
}

it(
  'a backup taken mid-load restores every acknowledged order, payment and ledger entry, each whole',
  { timeout: 120_000 },
  async () => {
    const [buyer, accountant] = await Promise.all([
      signedInAs(t.app, 'owner@demo.test'),
      signedInAs(t.app, 'accountant@demo.test'),
    ]);
    const card = ((await accountant.call('GET', '/api/card')).json() as PaymentCard[]).find((m) => m.type === 'CARD')!;
    const open = (
      (await accountant.call('POST', '/api/invoices', { status: 'open' })).json() as InvoiceConnection
    ).edges.map(({ node }) => node);
    const pastDue = (
      (await accountant.call('POST', '/api/invoices', { status: 'pastDue' })).json() as InvoiceConnection
    ).edges.map(({ node }) => node);
    const toPay = [...pastDue, ...open];
    expect(toPay.length).toBeGreaterThan(1);

    const orders: string[] = [];
    const payments: string[] = [];
    let stop = false;
    let failure: unknown = null;
    const buying = (async () => {
      while (!stop) orders.push(await placeOrder(buyer));
    })().catch((error: unknown) => void (failure = error));
    const paying = (async () => {
      for (const invoice of toPay) {
        if (stop) break;
        const res = await post(accountant, '/api/pay-invoice', {
          invoices: [{ id: invoice.id, paymentAmount: invoice.payoffAmount.amount }],
          paymentMethodId: card.id,
        });
        expect(res.statusCode, res.body).toBe(201);
        payments.push((res.json() as Receipt).id);
      }
    })().catch((error: unknown) => void (failure = error));
    const until = async (done: () => boolean) => {
      while (!done()) {
        if (failure) throw failure;
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    await until(() => orders.length >= 3 && payments.length >= 1);
    // What was acknowledged before the backup began must be in it; what came after may or may not be.
    const ackedOrders = [...orders];
    const ackedPayments = [...payments];
    const openCopy = await backupNow();
    await until(() => orders.length >= ackedOrders.length + 2);
    stop = true;
    await Promise.all([buying, paying]);
    if (failure) throw failure;

    const copy = await openCopy();
    try {
      const list = (ids: string[]) => ids.map((id) => `'${id}'`).join(',');
      const restoredOrders = (await copy.query(`select id from orders where id in (${list(ackedOrders)})`)).rows;
      expect(restoredOrders).toHaveLength(ackedOrders.length);
      // Whole: no order without its lines, no payment without its ledger entries and its charge.
      const orphans = await copy.query(
        'select o.id from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)',
      );
      expect(orphans.rows).toEqual([]);
      const restoredPayments = (
        await copy.query(
          `select p.id from invoice_payments p where p.id in (${list(ackedPayments)})
           and exists (select 1 from payment_applications a where a.payment_id = p.id)`,
        )
      ).rows;
      expect(restoredPayments).toHaveLength(ackedPayments.length);
      const unapplied = await copy.query(
        `select p.id from invoice_payments p where p.status = 'succeeded' and (
         not exists (select 1 from payment_applications a where a.payment_id = p.id)
         or (p.processor_charge_id is not null
             and not exists (select 1 from processor_charges c where c.id = p.processor_charge_id)))`,
      );
      expect(unapplied.rows).toEqual([]);
    } finally {
      await copy.end();
    }
  },
);
