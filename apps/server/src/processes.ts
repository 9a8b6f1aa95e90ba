import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';

/** The IPC message of a scrape: a server asks its supervisor for every server's metrics, and is answered. */
const METRICS = 'portal:metrics';
type MetricsMessage = { type: typeof METRICS; id: number; text?: string; error?: string };

/**
 * SERVER_PROCESSES above 1 (PostgreSQL only): one server per core on one port. This process (node:cluster's
 * primary) has migrated and seeded the database; it starts `count` servers, each a whole instance as behind a
 * proxy (docs/operations.md): its own search index and caches, kept current by the database's change
 * notices, its jobs claimed through the database. The primary deals connections to them in turn, starts a
 * server again when one dies, and stops them all on SIGTERM or SIGINT. It says the ready line once every
 * server listens.
 */
export async function superviseServers(count: number, startedAt: number) {
  let stopping = false;
  let ready = 0;
  let announced = false;
  const start = (): Worker => {
    const worker = cluster.fork();
    worker.on('message', (message: { ready?: number }) => {
      if (typeof message?.ready !== 'number' || announced || ++ready < count) return;
      announced = true;
      console.log(readyLine(message.ready, `postgres, ${count} server processes`, startedAt));
    });
    return worker;
  };
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`a server process ended (${signal ?? `exit code ${code}`}): starting another`);
    start();
  });
  for (let i = 0; i < count; i++) start();

  // A scrape reaches one server: it asks here, and every server's registry is read and aggregated.
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: MetricsMessage) => {
    if (message?.type !== METRICS) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: METRICS, id: message.id, text }),
      (error: Error) => worker.send({ type: METRICS, id: message.id, error: error.message }),
    );
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    if (!workers.length) process.exit(0);
    let left = workers.length;
    for (const worker of workers) {
      worker.once('exit', () => --left === 0 && process.exit(0));
      worker.process.kill(signal);
    }
    // A server that does not finish its shutdown in time is stopped.
    setTimeout(() => {
      for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, 20_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/** What the server says once it listens (benches and tests wait for it). */
export const readyLine = (port: number, what: string, startedAt: number) =>
  `\n  Dealer Portal is ready on http://localhost:${port}  (${what}, started in ${Math.round(performance.now() - startedAt)} ms)\n`;

/** A server process tells its supervisor it listens (on `port`: every server shares it). */
export const tellSupervisorReady = (port: number) => process.send?.({ ready: port });

/** The longest a scrape waits for its supervisor (which gives each process 5 s, prom-client's own bound). */
const METRICS_WAIT_MS = 10_000;
let asked = 0;
/**
 * Every server process's metrics, aggregated by the supervisor (a server's /metrics under SERVER_PROCESSES);
 * rejects when no answer comes in METRICS_WAIT_MS, so a scrape never hangs.
 */
export function metricsOfEveryServer(): Promise<string> {
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, text?: string) => {
      clearTimeout(timer);
      process.off('message', answered);
      if (error) reject(error);
      else resolve(text!);
    };
    const answered = (message: MetricsMessage) => {
      if (message?.type !== METRICS || message.id !== id) return;
      if (message.text !== undefined) done(null, message.text);
      else done(new Error(`metrics of the server processes: ${message.error ?? 'no answer'}`));
    };
    const timer = setTimeout(
      () => done(new Error('metrics of the server processes: no answer in time')),
      METRICS_WAIT_MS,
    );
    process.on('message', answered);
    process.send?.({ type: METRICS, id });
  });
}
