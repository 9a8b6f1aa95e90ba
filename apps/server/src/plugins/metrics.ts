import type { FastifyInstance, FastifyRequest } from 'fastify';
import cluster from 'node:cluster';
import { AggregatorRegistry, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { metricsOfEveryServer } from '../processes.ts';
import { HttpError } from './errors.ts';

export const METRICS_UNAVAILABLE = 'Not every server process answered for its metrics: try again.';
export const METRICS_FORBIDDEN = 'Metrics are served to this machine, or to a scraper with the metrics token.';

/** Seconds; from a cached read (a few ms) to a slow search under load. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const isLoopback = (address: string) =>
  address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');

/**
 * A scraper shows the token when one is configured; without one, only this machine may read. The
 * address is the client's as Fastify sees it through TRUST_PROXY, so a request relayed by a proxy on
 * this machine is judged by where it came from, not by the proxy's loopback address.
 */
function mayScrape(request: FastifyRequest, token: string | undefined) {
  if (token) return request.headers.authorization === `Bearer ${token}`;
  return isLoopback(request.ip);
}

/**
 * Prometheus metrics at GET /metrics (ARCHITECTURE, Observability): the request latency histogram per
 * method, route pattern and status, and the process's own figures (CPU, memory, event-loop delay, GC).
 * Routes are labelled by their pattern (`/api/dealers/:id`), never the raw path, and unmatched paths share
 * one label, so a scan of random URLs cannot grow the series. One registry per app. Under SERVER_PROCESSES
 * above 1, a scrape through the shared port reads every server process's figures, aggregated (processes.ts).
 */
export function registerMetrics(app: FastifyInstance, options: { token?: string }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // The supervisor asks each server process for its registry (prom-client's cluster aggregation).
  // (An aggregator made in a server process is what answers its supervisor's asks.)
  if (cluster.isWorker) {
    AggregatorRegistry.setRegistries([registry]);
    new AggregatorRegistry();
  }
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its response, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayScrape(request, options.token)) throw new HttpError(403, METRICS_FORBIDDEN);
    const text = cluster.isWorker
      ? await metricsOfEveryServer().catch((error: Error) => {
          app.log.warn({ err: error }, 'metrics of the server processes could not be read');
          throw new HttpError(503, METRICS_UNAVAILABLE);
        })
      : await registry.metrics();
    return reply.type(registry.contentType).send(text);
  });

  return {
    /**
     * A figure read from the database when scraped (docs/operations.md, what to alert on): each reading is a value
     * with its labels. A reading that fails leaves the figure out of that scrape rather than failing it.
     * `aggregate`: how the readings of several server processes make one (the database's are the same in
     * each: the first).
     */
    gauge(
      name: string,
      help: string,
      labelNames: string[],
      read: () => Promise<GaugeReading[]>,
      aggregate: 'first' | 'sum' | 'min' = 'first',
    ) {
      new Gauge({
        name,
        help,
        labelNames,
        aggregator: aggregate,
        registers: [registry],
        async collect() {
          this.reset();
          try {
            for (const { labels, value } of await read()) this.set(labels ?? {}, value);
          } catch (error) {
            app.log.warn({ err: error }, `metric ${name} could not be read`);
          }
        },
      });
    },
  };
}

export interface GaugeReading {
  labels?: Record<string, string>;
  value: number;
}
