import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { createPasswordHasher, type PasswordHasher } from '../password-hash.ts';
import { users } from '../modules/users/schema.ts';
import { seedReference } from './reference.ts';
import { seedBusinesses } from './businesses.ts';
import { seedPeople } from './people.ts';
import { seedProducts } from './products.ts';
import { seedDeals } from './deals.ts';
import { seedVehicles } from './vehicles.ts';
import { seedPaymentMethods } from './payment-methods.ts';
import { seedOrders } from './orders.ts';
import { seedBilling } from './billing.ts';
import { seedDeviceInstallations } from './devices.ts';
import { seedRewards } from './rewards.ts';

/**
 * The demo data set of DEMO-DATA.md, in steps that later modules extend (products, vehicles,
 * devices, invoices…): each step gets what the earlier ones created. One transaction: a
 * failed seed leaves an empty database, never half a demo.
 */
/** DEMO-DATA.md: at least 2,000 products. */
export const DEMO_PRODUCT_COUNT = 2000;

export async function seedDemoData(
  db: Db,
  authSecret: string,
  options: { products?: number; progress?: (line: string) => void; passwords?: PasswordHasher } = {},
) {
  const products = options.products ?? DEMO_PRODUCT_COUNT;
  const steps = 11;
  let step = 0;
  // A first start seeds for a minute or more: say what is happening (issue 15 §4).
  const stage = async <T>(what: string, run: () => Promise<T>) => {
    const started = performance.now();
    const result = await run();
    options.progress?.(`  ${++step}/${steps} ${what} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    return result;
  };
  await db.transaction(async (tx) => {
    const ref = await stage('brands, categories and channels', () => seedReference(tx));
    const bpIdByCode = await stage('businesses', () => seedBusinesses(tx, ref));
    await stage('people and sign-ins', () =>
      seedPeople(tx, ref, bpIdByCode, authSecret, options.passwords ?? createPasswordHasher()),
    );
    await stage(`${products.toLocaleString('en-US')} products with prices`, () =>
      seedProducts(tx, ref, products, options.progress),
    );
    await stage('deals', () => seedDeals(tx));
    await stage('vehicles and wiring', () => seedVehicles(tx));
    await stage('cards and bank accounts', () => seedPaymentMethods(tx, bpIdByCode));
    await stage('orders', () => seedOrders(tx, bpIdByCode));
    await stage('invoices, credit memos and payments', () => seedBilling(tx, bpIdByCode));
    await stage('installed devices', () => seedDeviceInstallations(tx, bpIdByCode));
    await stage('installers’ rewards', () => seedRewards(tx, bpIdByCode));
  });
}

export async function isDatabaseEmpty(db: Db) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row!.n === 0;
}

/** Empties every table of ours (not the migrations journal), for `npm run seed`. */
export async function truncateAll(db: Db) {
  const result = (await db.execute(sql`select tablename from pg_tables where schemaname = current_schema()`)) as {
    rows: { tablename: string }[];
  };
  // The auth secret stays: sessions and second-factor secrets of running servers depend on it.
  const names = result.rows.filter((r) => r.tablename !== 'app_secrets').map((r) => `"${r.tablename}"`);
  if (names.length) await db.execute(sql.raw(`truncate ${names.join(', ')} restart identity cascade`));
}
