import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, openPglite, pgliteDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { seedDemoData } from '../src/seed/demo.ts';
import { getAuthSecret } from '../src/modules/auth/secret.ts';
import { createPasswordHasher, OWASP_SCRYPT } from '../src/password-hash.ts';

/**
 * The test run's scrypt cost (log2 N): 2^12 instead of OWASP's 2^17, or every sign-in of the suite would
 * take a quarter of a second and 128 MiB. Each hash records its cost; `password.test.ts` signs in once
 * at the real one.
 */
export const TEST_PASSWORD_SCRYPT_LOG_N = 12;
export const testPasswords = createPasswordHasher({ ...OWASP_SCRYPT, logN: TEST_PASSWORD_SCRYPT_LOG_N });
const passwords = testPasswords;

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

interface Template {
  pgliteTemplate: string;
  postgresTemplate: string;
  teardown?: () => void;
}

/**
 * Both server projects (`server`, `server-isolated`) run this setup, one after the other in Vitest's process:
 * they share one template, made by the first (a second would reset the schema and drop the databases the
 * first project's files are using).
 */
const shared = globalThis as { portalTestTemplate?: Promise<Template> };

export default async function setup(project: TestProject) {
  const template = await (shared.portalTestTemplate ??= makeTemplate());
  project.provide('pgliteTemplate', template.pgliteTemplate);
  project.provide('postgresTemplate', template.postgresTemplate);
  return () => {
    template.teardown?.();
    delete shared.portalTestTemplate;
  };
}

/**
 * Migrate and seed ONCE per run into a template; every test file then gets its own copy
 * (CONVENTIONS 8). On PGlite the template is a data-folder dump; on PostgreSQL a database
 * that files clone with CREATE DATABASE … TEMPLATE.
 */
async function makeTemplate(): Promise<Template> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // spec: schema reset first, so a run never sees an earlier run's data.
    await admin.query(
      'drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;',
    );
    const stale = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'portal_test_%'",
    );
    for (const row of stale.rows) await admin.query(`drop database if exists "${row.datname}" with (force)`);
    await admin.query('drop database if exists portal_template with (force)');
    await admin.query('create database portal_template');
    await admin.end();
    const templateUrl = withDatabase(url, 'portal_template');
    const database = await openDatabase({ kind: 'postgres', url: templateUrl });
    await migrateDatabase(database);
    await seedDemoData(database.db, await getAuthSecret(database.db), { passwords });
    await database.close();
    return { postgresTemplate: templateUrl, pgliteTemplate: '' };
  }
  const client = openPglite();
  await client.waitReady;
  const database = pgliteDatabase(client);
  await migrateDatabase(database);
  await seedDemoData(database.db, await getAuthSecret(database.db), { passwords });
  const dump = await client.dumpDataDir('none');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  return {
    pgliteTemplate: file,
    postgresTemplate: '',
    teardown: () => fs.rmSync(path.dirname(file), { recursive: true, force: true }),
  };
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
