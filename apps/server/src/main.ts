import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { acquireDataDirLock } from './db/lock.ts';
import { createContext } from './context.ts';
import { isDatabaseEmpty, seedDemoData } from './seed/demo.ts';
import { buildApp } from './app.ts';
import { connectRedis } from './adapters/redis.ts';
import { createRedisRateLimitStore, getAuthSecret } from './modules/auth/index.ts';
import { readyLine, superviseServers, tellSupervisorReady } from './processes.ts';

const startedAt = performance.now();
const config = loadConfig();

/** The database opened and migrated, the demo data loaded into an empty one when the configuration says so. */
async function openPrepared() {
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  );
  await migrateDatabase(database);
  const ctx = createContext(config, database, await getAuthSecret(database.db, config.AUTH_SECRET));
  if (await isDatabaseEmpty(database.db)) {
    if (config.seedsDemoData) {
      console.log('Empty database: loading the demo data (a minute or two on the first start)…');
      await seedDemoData(database.db, ctx.authSecret, {
        progress: (line) => console.log(line),
        passwords: ctx.passwords,
      });
    } else {
      console.log(
        config.SEED === 'never'
          ? 'Empty database: SEED=never, so no demo data is loaded.'
          : 'Empty database: production does not load the demo accounts (their password is published). Set SEED=demo to load them anyway.',
      );
    }
  }
  return { database, ctx };
}

// SERVER_PROCESSES above 1 (PostgreSQL): this process migrates and seeds once, then supervises the servers.
if (cluster.isPrimary && config.SERVER_PROCESSES > 1) {
  if (!config.REDIS_URL)
    console.warn(
      `SERVER_PROCESSES=${config.SERVER_PROCESSES} without REDIS_URL: each server process counts the sign-in and code limits alone (docs/operations.md, Several instances).`,
    );
  const { database } = await openPrepared();
  await database.close();
  await superviseServers(config.SERVER_PROCESSES, startedAt);
} else await serve();

async function serve() {
  // Rate limits shared through Redis when REDIS_URL is set; an unreachable Redis stops the start.
  const redis = config.REDIS_URL
    ? await connectRedis(config.REDIS_URL).catch((error: Error) => {
        console.error(error.message);
        process.exit(1);
      })
    : null;

  let releaseLock = () => {};
  if (!config.DATABASE_URL) {
    try {
      releaseLock = acquireDataDirLock(config.dataDir);
    } catch (error) {
      console.error((error as Error).message);
      process.exit(1);
    }
  }

  const { database, ctx } = await openPrepared();
  const here = path.dirname(fileURLToPath(import.meta.url));
  const webDist = config.WEB_DIST ? path.resolve(config.WEB_DIST) : path.resolve(here, '../../web/dist');
  const app = await buildApp(ctx, {
    webDist,
    rateLimitStore: redis ? createRedisRateLimitStore(redis.client) : undefined,
  });

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await redis?.close();
    await database.close();
    releaseLock();
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('exit', releaseLock);

  await app.listen({ host: config.HOST, port: config.PORT });
  const port = (app.server.address() as { port: number }).port;
  if (cluster.isWorker) tellSupervisorReady(port);
  else console.log(readyLine(port, database.kind, startedAt));
}
