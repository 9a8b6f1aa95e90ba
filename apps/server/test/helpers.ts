import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, openPglite, pgliteDatabase, type Database, type Db } from '../src/db/client.ts';
import { createContext, type AppContext } from '../src/context.ts';
import { getAuthSecret } from '../src/modules/auth/index.ts';
import { buildApp } from '../src/app.ts';
import { TEST_PASSWORD_SCRYPT_LOG_N, withDatabase } from './global-setup.ts';
import { FEED_APPLICATION, type ChangeFeed } from '../src/db/changes.ts';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /**
   * Resolves once the database's change notices of everything committed so far reached the caches
   * (PostgreSQL delivers them on their own connection; a write made by the test itself, not through
   * a request, is noticed a moment later).
   */
  noticed(): Promise<void>;
  /** The database's change notices (what the caches listen to). */
  changes: ChangeFeed;
  /** The database under the app (a backup drill copies it); `url` on PostgreSQL. */
  database: Database & { url?: string };
  /** The first instance's device cloud (a test may make it refuse a call). */
  devices: AppContext['devices'];
  /**
   * Another server instance on the same database (scale-out: any instance serves any request), configured
   * as this one but for `env` (an https public URL, a rotated AUTH_SECRET).
   */
  anotherInstance(env?: Record<string, string>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/**
 * A write that sends no change notice: the database's triggers are off for its transaction (as for a
 * replica), so the server's caches cannot hear of it. Shows what a cache keeps, and for how long.
 */
export function writeUnnoticed(
  db: Db,
  write: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<unknown>,
) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await write(tx);
  });
}

/** A fresh copy of the migrated, seeded template database for this test file. */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const postgresTemplate = inject('postgresTemplate');
  if (postgresTemplate) return clonePostgres(postgresTemplate);
  const blob = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
  const client = openPglite({ loadDataDir: blob });
  await client.waitReady;
  return pgliteDatabase(client);
}

/**
 * A new database `name` copied from the test template; answers the admin connection it was made on (the
 * caller drops the database with it and ends it).
 */
export async function createFromTemplate(templateUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: withDatabase(templateUrl, 'postgres') });
  await admin.connect();
  // Two files may clone at once; PostgreSQL refuses while the template is being copied.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database "${name}" template portal_template`);
      return admin;
    } catch (error) {
      if (attempt > 20 || !/being accessed by other users/.test((error as Error).message)) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
}

async function clonePostgres(templateUrl: string): Promise<Database & { url: string }> {
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = await createFromTemplate(templateUrl, name);
  const url = withDatabase(templateUrl, name);
  const database = await openDatabase({ kind: 'postgres', url });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      // The pool's sockets close asynchronously: wait, or the forced drop kills a closing
      // connection and the driver reports an unhandled 57P01.
      for (let i = 0; i < 100; i++) {
        const open = await admin.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (open.rows[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** The whole server on its own database copy; requests go through HTTP (app.inject). */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const configOf = (more: Record<string, string> = {}) =>
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: '/nonexistent',
      // One unpacked vPIC database per machine and library version, shared by every test file.
      VPIC_CACHE_DIR: path.join(os.tmpdir(), 'portal-vpic-cache'),
      // The recovery sweep runs at start; a test that wants it on a timer says so (a sweep between a test's
      // own steps would race them).
      ATTEMPT_RECOVERY_EVERY_MS: '3600000',
      // The payout sweep likewise: a test pays rewards by calling the payout service itself.
      REWARD_PAYOUTS_EVERY_MS: '3600000',
      // The device cloud's clock fast (issue 28): a command's seconds take tens of milliseconds. Not faster: the
      // simulator's waits are on its clock, and a busy test database must still fit in them.
      DEVICE_SIM_SPEED: '100',
      // Production refuses a cheap cost: there the seeded cheap hashes still verify (each names its cost).
      ...(env.NODE_ENV !== 'production' &&
        more.NODE_ENV !== 'production' && { PASSWORD_SCRYPT_LOG_N: String(TEST_PASSWORD_SCRYPT_LOG_N) }),
      ...env,
      ...more,
    });
  const config = configOf();
  const database = await openTestDatabase();
  const start = async (instanceConfig: Config) => {
    const authSecret = await getAuthSecret(database.db, instanceConfig.AUTH_SECRET);
    const ctx = createContext(instanceConfig, database, authSecret);
    const instance = await buildApp(ctx, { logger: false });
    await instance.ready();
    return Object.assign(instance, { devices: ctx.devices });
  };
  const app = await start(config);
  const others: FastifyInstance[] = [];
  return {
    app,
    db: database.db,
    database,
    config,
    noticed: () => database.changes.sync(),
    changes: database.changes,
    devices: app.devices,
    async anotherInstance(more?: Record<string, string>) {
      const instance = await start(more ? configOf(more) : config);
      others.push(instance);
      return instance;
    },
    async close() {
      for (const instance of [app, ...others]) await instance.close();
      await database.close();
    },
  };
}

/**
 * Counts what the server asks the database from now on, on either driver: every PGlite query, exec or
 * transaction and every query of a node-postgres client but the change feed's own (its listen and
 * heartbeat). `stop` puts the drivers back. Shows that an answer came from a cache.
 */
export function countQueries() {
  const asked: string[] = [];
  const restore: (() => void)[] = [];
  const wrap = (proto: Record<string, unknown>, name: string, skip: (self: unknown) => boolean = () => false) => {
    const original = proto[name] as (...args: unknown[]) => unknown;
    proto[name] = function (this: unknown, ...args: unknown[]) {
      if (!skip(this)) {
        const query = args[0] as string | { text?: string } | undefined;
        asked.push(typeof query === 'string' ? query : typeof query === 'function' ? name : (query?.text ?? name));
      }
      return original.apply(this, args);
    };
    restore.push(() => (proto[name] = original));
  };
  const pgliteBase = Object.getPrototypeOf(PGlite.prototype) as Record<string, unknown>;
  for (const name of ['query', 'exec', 'transaction']) wrap(pgliteBase, name);
  wrap(
    pg.Client.prototype as unknown as Record<string, unknown>,
    'query',
    (client) =>
      (client as { connectionParameters?: { application_name?: string } }).connectionParameters?.application_name ===
      FEED_APPLICATION,
  );
  return {
    /** The queries asked since the count began (or was last reset). */
    get asked() {
      return [...asked];
    },
    reset: () => void (asked.length = 0),
    stop: () => restore.forEach((undo) => undo()),
  };
}
