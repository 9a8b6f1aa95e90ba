import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Database } from './client.ts';

/**
 * The committed migrations folder. Source runs (tsx, vitest) sit two levels below the app,
 * the bundled server (dist/main.js) one level; MIGRATIONS_DIR is set by the bundle.
 */
export const migrationsFolder =
  (globalThis as { MIGRATIONS_DIR?: string }).MIGRATIONS_DIR ??
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

/** The app migrates itself at start: drizzle-kit cannot run migrations on PGlite with extensions. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder });
  }
}
