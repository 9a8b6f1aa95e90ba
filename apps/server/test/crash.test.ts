import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  SUBSCRIPTION_TEXTS,
  type CompletedCheckout,
  type InvoiceConnection,
  type LastCheckout,
  type PaymentCard,
  type PlanUpgrade,
  type Purchase,
  type Receipt,
} from '@portal/contracts';
import { DEMO_PASSWORD } from '../src/seed/people.ts';
import { openPglite } from '../src/db/client.ts';
import { withDatabase } from './global-setup.ts';
import { createFromTemplate } from './helpers.ts';
import { browser, exited, startServerProcess } from './server-process.ts';

/**
 * The fault test of the attempt machine (issues 18, 19, 26), one harness for every kind: the server process
 * is killed (SIGKILL, as a crash or an OOM kill would) at a named fault point between a try's charge and
 * its write. After a restart the buyer's retry under the same key answers the one record, and the
 * database holds exactly one record and one charge. A real child process on its own copy of the test
 * database (a PGlite data folder, or a PostgreSQL clone, where the jobs run on pg-boss).
 */
let workDir: string;
let env: Record<string, string>;
let dropDatabase = async () => {};

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-crash-'));
  const postgresTemplate = inject('postgresTemplate');
  if (postgresTemplate) {
    const name = `portal_crash_${randomBytes(6).toString('hex')}`;
    const admin = await createFromTemplate(postgresTemplate, name);
    env = { DATABASE_URL: withDatabase(postgresTemplate, name) };
    dropDatabase = async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  } else {
    // The template's data folder, written where the child's server opens it (DATA_DIR/pglite).
    const client = openPglite({
      dataDir: path.join(workDir, 'pglite'),
      loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]),
    });
    await client.waitReady;
    await client.close();
    env = { DATA_DIR: workDir };
  }
});
afterAll(async () => {
  await dropDatabase();
  fs.rmSync(workDir, { recursive: true, force: true });
});

/** Starts the server from source in a child process on this file's database copy. */
const startServer = (extra: Record<string, string> = {}) =>
  startServerProcess({ CHECKOUT_RECOVERY_AFTER_MS: '0', ...env, ...extra }, workDir);

type Call = ReturnType<typeof browser>;

/** One kind's crash: what to prepare, the request to crash, what its retry answers, and what to count. */
interface CrashCase {
  fault: string;
  prepare(call: Call): Promise<{
    url: string;
    body: object;
    check(answer: unknown, call: Call): void | Promise<void>;
    counts(key: string): Promise<unknown>;
  }>;
  expectedCounts: unknown;
  settledLine: string;
  /** What the retry answers: 200 (the record), unless recovery ended the try (the charge voided). */
  retryStatus?: number;
}

async function signIn(call: Call) {
  const res = await call('POST', '/api/auth/sign-in', {
    email: 'owner@demo.test',
    password: DEMO_PASSWORD,
    rememberMe: false,
  });
  expect(res.status).toBe(200);
}

const mainCard = async (call: Call) =>
  ((await (await call('GET', '/api/card')).json()) as PaymentCard[]).find((m) => m.type === 'CARD' && m.is_main)!;

const cases: Record<string, CrashCase> = {
  'checkout completion': {
    fault: 'after:charge',
    settledLine: 'settled 1 checkout completion',
    expectedCounts: { orders: 1, charges: 1, succeeded: 1 },
    async prepare(call) {
      const card = await mainCard(call);
      const products = (await (await call('POST', '/api/search-products', { limit: 8 })).json()) as {
        results: { id: string; price: { cents: number } | null }[];
      };
      const product = products.results.find((p) => p.price)!;
      const cart = (await (
        await call('POST', '/api/products-checkout/create-b2b', { lines: [{ variantId: product.id, quantity: 2 }] })
      ).json()) as LastCheckout['checkout'] & { token: string };
      return {
        url: `/api/products-checkout/${cart.token}/complete-b2b-checkout`,
        body: { selectedPayment: card.id },
        check(answer) {
          const { order } = answer as CompletedCheckout;
          expect(order.payment).toMatchObject({ kind: 'CARD' });
          expect(order.total.cents).toBe(cart.totalPrice.cents);
        },
        counts: () =>
          count(
            `select
              (select count(*)::int from orders o join checkouts c on c.id = o.checkout_id where c.token = $1) as orders,
              (select count(*)::int from processor_charges p join checkout_attempts a on a.id::text = p.idempotency_key join checkouts c on c.id = a.checkout_id where c.token = $1) as charges,
              (select count(*)::int from processor_charges p join checkout_attempts a on a.id::text = p.idempotency_key join checkouts c on c.id = a.checkout_id where c.token = $1 and p.status = 'succeeded') as succeeded`,
            [cart.token],
          ),
      };
    },
  },
  'invoice payment': {
    // This kind's own point: the checkout above crashes at the same step name.
    fault: 'invoice-payment/after:charge',
    settledLine: 'settled 1 invoice payment',
    expectedCounts: { payments: 1, succeeded: 1, charges: 1, applied: 1, mismatches: 0 },
    async prepare(call) {
      const card = await mainCard(call);
      const list = (await (
        await call('POST', '/api/invoices', { first: 100, unpaid: true, sort: 'due_date', direction: 'asc' })
      ).json()) as InvoiceConnection;
      const invoice = list.edges.map((e) => e.node).find((i) => i.payoffAmount.amount > 0)!;
      const amount = invoice.payoffAmount.amount;
      return {
        url: '/api/pay-invoice',
        body: { invoices: [{ id: invoice.id, paymentAmount: amount }], paymentMethodId: card.id },
        check(answer) {
          const receipt = answer as Receipt;
          expect(receipt.invoices).toEqual([expect.objectContaining({ id: invoice.id, paid: { amount } })]);
          expect(receipt.charged.amount).toBeGreaterThan(0);
        },
        counts: (key) =>
          count(
            `select
              (select count(*)::int from invoice_payments p where p.idempotency_key = $2) as payments,
              (select count(*)::int from invoice_payments p where p.idempotency_key = $2 and p.status = 'succeeded') as succeeded,
              (select count(*)::int from processor_charges c join invoice_payments p on p.id::text = c.idempotency_key where p.idempotency_key = $2) as charges,
              (select count(*)::int from invoices i where i.id = $1 and i.paid_cents + i.discount_taken_cents = i.total_cents and i.held_by_payment_id is null) as applied,
              (select count(*)::int from invoices i where i.paid_cents <> (select coalesce(sum(a.cash_cents + a.credit_cents), 0) from payment_applications a where a.invoice_id = i.id)) as mismatches`,
            [invoice.id, key],
          ),
      };
    },
  },
  // The plan purchase (issue 30 item 3): killed after the charge, before the plan is on the device — recovery finds
  // no plan applied, voids the charge and ends the purchase (the retry hears it); the device keeps its plan. The other
  // branch (killed after apply-plans, before the receipt: recovery finds the charge and every plan and writes the
  // receipt) is not a process case here — each costs two server starts, about 35 s on a 2-core machine — but is
  // tested in-process from the state the kill leaves (subscriptions.test.ts, "a crash after the plans were applied").
  // It was run here once as a process case and passed.
  'plan purchase': {
    fault: 'subscription-purchase/after:charge',
    settledLine: 'settled 1 plan purchase',
    retryStatus: 402,
    expectedCounts: { purchases: 1, ended: 1, charges: 1, chargeEnded: 1 },
    prepare: (call) =>
      preparePlanPurchase(
        call,
        { plan_id: 'premium', newPricingPlan: '3_year' },
        { purchase: 'failed', charge: 'voided' },
        async (answer, again) => {
          expect(answer).toMatchObject({ detail: SUBSCRIPTION_TEXTS.notCompleted });
          expect(await planOfDevice(again)).toMatchObject({ plan_id: 'premium', duration: '1_year' });
        },
      ),
  },
};

const PLAN_DEVICE = '10230000240';
const planOfDevice = async (call: Call) =>
  ((await (await call('GET', `/api/plans/upgrade?device_key=${PLAN_DEVICE}`)).json()) as PlanUpgrade).current;

/**
 * A plan for Northside's installed device, quoted by the mock run and paid with the main card; counted: the
 * purchases under the key, those that ended as `ended` says (the purchase's status, its charge's status), its charges.
 */
async function preparePlanPurchase(
  call: Call,
  plan: { plan_id: string; newPricingPlan: string },
  ended: { purchase: 'paid' | 'failed'; charge: 'succeeded' | 'voided' },
  check: (answer: unknown, again: Call) => Promise<void>,
) {
  const card = await mainCard(call);
  const line_items = [{ device_key: PLAN_DEVICE, ...plan }];
  const quoted = (await (await call('POST', '/api/payments', { validate: true, line_items })).json()) as Purchase;
  expect(quoted.final_charge).toBeGreaterThan(0);
  return {
    url: '/api/payments',
    body: { line_items, quote: quoted.quote, payment_method_id: card.id },
    check,
    counts: (key: string) =>
      count(
        `select
          (select count(*)::int from plan_purchases p where p.idempotency_key = $1) as purchases,
          (select count(*)::int from plan_purchases p where p.idempotency_key = $1 and p.status = $2) as ended,
          (select count(*)::int from processor_charges c join plan_purchases p on p.id::text = c.idempotency_key where p.idempotency_key = $1) as charges,
          (select count(*)::int from processor_charges c join plan_purchases p on p.id::text = c.idempotency_key where p.idempotency_key = $1 and c.status = $3) as "chargeEnded"`,
        [key, ended.purchase, ended.charge],
      ),
  };
}

describe('a crash between the charge and the write, for every kind of the attempt machine (issue 26)', () => {
  it.each(Object.entries(cases))(
    '%s: kill -9 after the charge; after a restart, one record and one charge',
    async (_name, crash) => {
      const first = await startServer({ FAULT_INJECTION: crash.fault });
      const call = browser(first.origin);
      await signIn(call);
      const prepared = await crash.prepare(call);
      const key = `crash-${Date.now()}`;
      const sending = call('POST', prepared.url, prepared.body, { 'idempotency-key': key });
      await expect(sending).rejects.toThrow(); // the connection dies with the process
      expect(await exited(first.child)).toBe('SIGKILL');

      // The restart settles the interrupted try; the buyer's retry (same key) answers its record.
      const second = await startServer();
      try {
        const again = browser(second.origin);
        await signIn(again);
        const retried = await again('POST', prepared.url, prepared.body, { 'idempotency-key': key });
        expect(retried.status).toBe(crash.retryStatus ?? 200);
        await prepared.check(await retried.json(), again);
        expect(second.output()).toContain(crash.settledLine);
      } finally {
        second.child.kill('SIGTERM');
        await exited(second.child);
      }
      // Counted in the database itself.
      expect(await prepared.counts(key)).toEqual(crash.expectedCounts);
    },
    120_000,
  );
});

async function count(sqlText: string, values: unknown[]) {
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query(sqlText, values)).rows[0];
    } finally {
      await client.end();
    }
  }
  const client = openPglite({ dataDir: path.join(workDir, 'pglite') });
  await client.waitReady;
  try {
    return (await client.query(sqlText, values)).rows[0];
  } finally {
    await client.close();
  }
}
