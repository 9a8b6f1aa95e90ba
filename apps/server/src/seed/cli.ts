import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { passwordHasherOf } from '../context.ts';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { acquireDataDirLock } from '../db/lock.ts';
import { seedDemoData, truncateAll } from './demo.ts';
import { getAuthSecret } from '../modules/auth/index.ts';

/** `npm run seed [-- --products N]`: (re)creates the demo data set, with N products (default 2,000). */
const productsArg = process.argv.indexOf('--products');
const productCount = productsArg >= 0 ? Number(process.argv[productsArg + 1]) : undefined;
if (productCount !== undefined && !(Number.isInteger(productCount) && productCount > 0)) {
  console.error('--products needs a positive whole number, e.g. --products 100000');
  process.exit(2);
}
const config = loadConfig();
if (config.NODE_ENV === 'production' && config.SEED !== 'demo') {
  console.error(
    'NODE_ENV=production: the demo accounts share a published password. Set SEED=demo to load them anyway.',
  );
  process.exit(2);
}
const release = config.DATABASE_URL ? () => {} : acquireDataDirLock(config.dataDir);
const database = await openDatabase(
  config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
);
try {
  await migrateDatabase(database);
  await truncateAll(database.db);
  const started = performance.now();
  console.log(`Loading the demo data into ${config.DATABASE_URL ? 'PostgreSQL' : config.dataDir}…`);
  await seedDemoData(database.db, await getAuthSecret(database.db, config.AUTH_SECRET), {
    products: productCount,
    passwords: passwordHasherOf(config),
    progress: (line) => console.log(line),
  });
  // Outside the seed's transaction: statistics for the planner and a visibility map for index-only scans.
  await database.db.execute(sql`vacuum analyze`);
  console.log(`Demo data loaded into ${database.kind} in ${Math.round(performance.now() - started)} ms.`);
} finally {
  await database.close();
  release();
}
