import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';
import { pgliteChangeFeed, postgresChangeFeed, registerChangeFeed, type ChangeFeed } from './changes.ts';

export type Schema = typeof schema;
/** Both drivers share this surface: one set of queries for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction: a service that writes for a caller takes the caller's, so both commit or neither. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The driver under drizzle, for what keeps its own tables in our database (the simulated device cloud). */
export interface SqlClient {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The raw client (the PGlite instance or the pg pool): plain SQL with $1 parameters. */
  sqlClient: SqlClient;
  /**
   * The simulated device cloud's own connections (adapters/devices). It stands for an outside service, so on
   * PostgreSQL its commits do not wait for the WAL to reach the disk (synchronous_commit off, its sessions
   * only): a crash of the portal loses none of them (the database has them); only a crash of the database
   * itself may lose the last fraction of a second of simulated device state, as a real cloud's devices would
   * report it again. The portal's own writes stay fully durable. On PGlite: the one client.
   */
  simulatorClient: SqlClient;
  /** What the database says changed (caches listen; started by the app, not by scripts). */
  changes: ChangeFeed;
  ping(): Promise<boolean>;
  /**
   * The embedded database only: a gzipped tar of its data folder, taken while no transaction is open (every
   * commit before it is in it, nothing half done). PostgreSQL is backed up with its own tools (pg_dump).
   */
  backup?(): Promise<Blob>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** PGlite with the extensions our migrations create (ARCHITECTURE: known facts). */
export function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}) {
  if (options.dataDir) fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  return new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    // Checkout completion holds a connection for each of its two transactions: 20 buyers at once queue
    // behind 10 (bench/checkout.mjs). PostgreSQL's default allows 100 connections.
    const pool = new pg.Pool({ connectionString: options.url, max: 20 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const simulatorPool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      options: '-c synchronous_commit=off',
    });
    const changes = postgresChangeFeed(options.url);
    registerChangeFeed(db, changes);
    const clientOf = (of: pg.Pool): SqlClient => ({
      query: async <T>(text: string, params?: unknown[]) => ({ rows: (await of.query(text, params)).rows as T[] }),
    });
    return {
      db,
      kind: 'postgres',
      sqlClient: clientOf(pool),
      simulatorClient: clientOf(simulatorPool),
      changes,
      ping: async () => (await pool.query('select 1')).rowCount === 1,
      async close() {
        await changes.close();
        await Promise.all([pool.end(), simulatorPool.end()]);
      },
    };
  }
  const client = openPglite(options);
  await client.waitReady;
  return pgliteDatabase(client);
}

export function pgliteDatabase(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const changes = pgliteChangeFeed(client);
  registerChangeFeed(db, changes);
  const sqlClient: SqlClient = {
    query: async <T>(text: string, params?: unknown[]) => ({ rows: (await client.query<T>(text, params)).rows }),
  };
  return {
    db,
    kind: 'pglite',
    sqlClient,
    simulatorClient: sqlClient,
    changes,
    ping: async () => (await client.query('select 1')).rows.length === 1,
    // PGlite's dump waits for the statement running, not for an open transaction: inside a transaction of its own
    // (PGlite runs one at a time) it waits for the others to end, and its own is empty.
    backup: () => client.transaction(() => client.dumpDataDir('gzip')),
    async close() {
      await changes.close();
      await client.close();
    },
  };
}
