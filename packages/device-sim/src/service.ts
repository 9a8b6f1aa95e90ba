/**
 * `npm run device-cloud`: the simulated fleet as its own HTTP service, with its own database and a service
 * token. The portal uses it when DEVICE_CLOUD_URL (and DEVICE_CLOUD_TOKEN) are set.
 *
 * Environment (read here only, once):
 * | variable                 | default                    | meaning                                              |
 * |--------------------------|----------------------------|------------------------------------------------------|
 * | DEVICE_CLOUD_TOKEN       | (required)                 | the bearer token every request must carry            |
 * | DEVICE_CLOUD_PORT        | 4300                       | 0 picks a free port (the URL is printed)             |
 * | DEVICE_CLOUD_HOST        | 127.0.0.1                  | the address to listen on                             |
 * | DEVICE_SIM_SPEED         | 1                          | the cloud's clock: 1 real time, 1000 near-instant    |
 * | DEVICE_SIM_DATA          | <repo>/data/device-cloud   | the PGlite data directory                            |
 * | DEVICE_SIM_DATABASE_URL  | (unset)                    | PostgreSQL instead of PGlite                         |
 * | DEVICE_SIM_FLEET         | 2000                       | generated devices beside the demo ones, first start  |
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDeviceCloudServer } from './http-server.ts';
import { createSimulatedCloud } from './simulator.ts';
import { createSqlStore } from './sql-store.ts';
import type { SqlClient } from './store.ts';

export interface ServiceConfig {
  token: string;
  port: number;
  host: string;
  speed: number;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
  fleetSize: number;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

class ConfigError extends Error {}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  return value;
}

export function readServiceConfig(env: NodeJS.ProcessEnv): ServiceConfig {
  const token = env.DEVICE_CLOUD_TOKEN?.trim() ?? '';
  if (token === '')
    throw new ConfigError(
      'DEVICE_CLOUD_TOKEN is required: the device cloud answers only callers that send it as a bearer token. ' +
        'Set the same value here and in the portal (e.g. DEVICE_CLOUD_TOKEN=$(openssl rand -hex 32)).',
    );
  const rawSpeed = env.DEVICE_SIM_SPEED;
  const speed = rawSpeed === undefined || rawSpeed.trim() === '' ? 1 : Number(rawSpeed);
  if (!Number.isFinite(speed) || speed <= 0)
    throw new ConfigError(`DEVICE_SIM_SPEED must be a positive number (got "${rawSpeed}")`);
  const databaseUrl = env.DEVICE_SIM_DATABASE_URL?.trim();
  return {
    token,
    port: integer(env, 'DEVICE_CLOUD_PORT', 4300, 0, 65535),
    host: env.DEVICE_CLOUD_HOST?.trim() || '127.0.0.1',
    speed,
    database: databaseUrl
      ? { kind: 'postgres', url: databaseUrl }
      : {
          kind: 'pglite',
          dataDir: path.resolve(env.DEVICE_SIM_DATA?.trim() || path.join(repoRoot, 'data/device-cloud')),
        },
    fleetSize: integer(env, 'DEVICE_SIM_FLEET', 2000, 0, 1_000_000),
  };
}

/** The service's own database, as the SQL store's client. */
async function openDatabase(
  database: ServiceConfig['database'],
): Promise<{ client: SqlClient; close(): Promise<void> }> {
  if (database.kind === 'postgres') {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    return {
      client: {
        query: async <T>(text: string, params?: unknown[]) => ({ rows: (await pool.query(text, params)).rows as T[] }),
      },
      close: () => pool.end(),
    };
  }
  const { mkdirSync } = await import('node:fs');
  const { PGlite } = await import('@electric-sql/pglite');
  mkdirSync(database.dataDir, { recursive: true });
  const db = new PGlite({ dataDir: database.dataDir });
  await db.waitReady;
  return {
    client: {
      query: async <T>(text: string, params?: unknown[]) => ({ rows: (await db.query<T>(text, params)).rows }),
    },
    close: () => db.close(),
  };
}

export async function runDeviceCloudService(config: ServiceConfig) {
  const database = await openDatabase(config.database);
  const store = createSqlStore(database.client);
  // The fleet is made once, on an empty database (start() seeds the demo devices there); a restart keeps
  // every device as it was.
  await store.init();
  const isFirstStart = (await store.countDevices()) === 0;
  const cloud = createSimulatedCloud({ store, speed: config.speed });
  await cloud.start();
  if (isFirstStart && config.fleetSize > 0) await cloud.generateFleet(config.fleetSize);
  const server = await startDeviceCloudServer({ cloud, token: config.token, port: config.port, host: config.host });
  const where = config.database.kind === 'pglite' ? config.database.dataDir : 'PostgreSQL';
  console.log(
    `device cloud listening on ${server.url} (${await cloud.deviceCount()} devices, speed ${config.speed}, data ${where})`,
  );

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      await server.close();
      await cloud.close();
      await database.close();
    })());
  return { url: server.url, stop };
}

async function main() {
  let config: ServiceConfig;
  try {
    config = readServiceConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`device cloud: ${error.message}`);
    process.exit(1);
  }
  const service = await runDeviceCloudService(config);
  const shutdown = (signal: string) => {
    console.log(`device cloud: ${signal}, stopping`);
    service.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('device cloud: stopping failed', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error('device cloud: could not start', error);
    process.exit(1);
  });
}
