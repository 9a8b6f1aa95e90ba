/**
 * The device cloud as its own HTTP service: a small JSON REST API mapping 1:1 to `DeviceCloud`, plus a
 * server-sent event stream. `createHttpCloud` (http-client.ts) is its client; `service.ts` runs it.
 *
 * Node's http module only: the package depends on no framework. Every request carries
 * `Authorization: Bearer <token>`. A cloud refusal (`DeviceCloudError`) answers `{ code, message }` with
 * the status of its code; anything else the service could not do answers a code of its own
 * (UNAUTHORIZED, BAD_REQUEST, NO_ROUTE, PAYLOAD_TOO_LARGE, INTERNAL), never a stack.
 *
 * Names on the wire: the spec's names where the spec has them (snake_case: exit_service_mode,
 * old_device_key, master_pin, skip_query, …), the interface's own option names otherwise (expectedVersion,
 * waitMs).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DeviceCloudError,
  type CloudErrorCode,
  type CloudEvent,
  type CloudOptions,
  type DeviceCloud,
  type DeviceCommand,
  type DevicePlan,
  type FeatureSettings,
  type FirmwareTarget,
  type HardwireInput,
  type HardwireOutput,
  type KeylockerMode,
  type OptionTablesQuery,
  type ReportedState,
  type ScenarioName,
} from './api.ts';

export const CLOUD_ERROR_STATUS: Record<CloudErrorCode, number> = {
  NOT_FOUND: 404,
  VERSION_CONFLICT: 409,
  CONFLICT: 409,
  QUERY_REQUIRED: 409,
  INVALID: 400,
  NOT_SUPPORTED: 422,
  DEVICE_OFFLINE: 503,
};

/** What the fleet behind the service may also do (the simulator does; a real cloud need not). */
interface FleetAdmin {
  generateFleet(count: number, seed?: string): Promise<string[]>;
  deviceCount(): Promise<number>;
}

export interface DeviceCloudServerOptions {
  cloud: DeviceCloud;
  token: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** A comment on every open event stream this often, so proxies keep it open (default 15 s). */
  heartbeatMs?: number;
  /** Largest request body accepted (default 1 MiB). */
  maxBodyBytes?: number;
}

export interface DeviceCloudServer {
  url: string;
  close(): Promise<void>;
}

class HttpRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

interface RouteContext {
  params: string[];
  query: URLSearchParams;
  body: Record<string, unknown>;
}
type Handler = (ctx: RouteContext) => Promise<unknown>;
interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
  hasBody: boolean;
}

const invalid = (message: string) => new DeviceCloudError('INVALID', message);

function requireString(value: unknown, name: string): string {
  if (typeof value !== 'string' || value === '') throw invalid(`${name} must be a non-empty string`);
  return value;
}
function optionalNumber(value: unknown, name: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  const n = typeof value === 'string' && value !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw invalid(`${name} must be a number`);
  return n;
}
function optionalBoolean(value: unknown, name: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (value === true || value === 'true' || value === '1') return true;
  if (value === false || value === 'false' || value === '0') return false;
  throw invalid(`${name} must be true or false`);
}
function requireBoolean(value: unknown, name: string): boolean {
  const b = optionalBoolean(value, name);
  if (b === undefined) throw invalid(`${name} must be true or false`);
  return b;
}
function requireObject(value: unknown, name: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(`${name} must be an object`);
  return value as Record<string, unknown>;
}
function waitOptions(value: unknown): CloudOptions {
  const waitMs = optionalNumber(value, 'waitMs');
  return waitMs === undefined ? {} : { waitMs };
}
/** The option-table query from a query string or a body object: only the fields that were given. */
function optionTablesQuery(get: (name: string) => unknown): OptionTablesQuery {
  const query: OptionTablesQuery = {};
  const schema = get('schema');
  if (schema !== undefined && schema !== null) query.schema = requireString(schema, 'schema');
  for (const name of ['show_1_2', 'show_3_4', 'keylocker', 'skip_query'] as const) {
    const b = optionalBoolean(get(name), name);
    if (b !== undefined) query[name] = b;
  }
  return query;
}
function fromQuery(query: URLSearchParams) {
  return (name: string) => query.get(name) ?? undefined;
}

function routes(cloud: DeviceCloud): Route[] {
  const table: Route[] = [];
  const add = (method: string, path: string, handler: Handler) => {
    // ':name' segments match one path segment, decoded before the handler sees them.
    const pattern = new RegExp(`^${path.replace(/:[a-z_]+/g, '([^/]+)')}$`);
    table.push({ method, pattern, handler, hasBody: method !== 'GET' });
  };
  const notFound = (what: string) => new DeviceCloudError('NOT_FOUND', `${what} not found`);

  add('GET', '/v1/health', async () => {
    const admin = cloud as Partial<FleetAdmin>;
    return {
      ok: true,
      kind: cloud.kind,
      devices: typeof admin.deviceCount === 'function' ? await admin.deviceCount() : null,
    };
  });

  add('GET', '/v1/devices/:key/shadow', async ({ params: [key] }) => {
    const shadow = await cloud.shadow(key!);
    if (!shadow) throw notFound(`Device ${key}`);
    return shadow;
  });
  add('PATCH', '/v1/devices/:key/shadow', async ({ params: [key], body }) =>
    cloud.updateShadow(
      key!,
      requireObject(body.patch, 'patch') as Partial<ReportedState>,
      optionalNumber(body.expectedVersion, 'expectedVersion'),
    ),
  );

  add('POST', '/v1/devices/:key/jobs', async ({ params: [key], body }) => {
    const bit = optionalNumber(body.bit, 'bit');
    const value = optionalNumber(body.value, 'value');
    return cloud.sendCommand(key!, requireString(body.command, 'command') as DeviceCommand, {
      ...waitOptions(body.waitMs),
      ...(bit === undefined ? {} : { bit }),
      ...(value === undefined ? {} : { value }),
    });
  });
  add('GET', '/v1/devices/:key/jobs', async ({ params: [key], query }) =>
    cloud.jobs(key!, optionalNumber(query.get('limit') ?? undefined, 'limit')),
  );
  add('GET', '/v1/jobs/:id', async ({ params: [id] }) => {
    const job = await cloud.job(id!);
    if (!job) throw notFound(`Job ${id}`);
    return job;
  });

  add('GET', '/v1/devices/:key/logs', async ({ params: [key], query }) => {
    const q: { from?: string; to?: string; type?: string; limit?: number } = {};
    for (const name of ['from', 'to', 'type'] as const) {
      const v = query.get(name);
      if (v !== null && v !== '') q[name] = v;
    }
    const limit = optionalNumber(query.get('limit') ?? undefined, 'limit');
    if (limit !== undefined) q.limit = limit;
    return cloud.logs(key!, q);
  });

  add('GET', '/v1/devices/:key/firmware', async ({ params: [key] }) => cloud.checkFirmwareUpdate(key!));
  add('POST', '/v1/devices/:key/firmware/:target', async ({ params: [key, target] }) =>
    cloud.startFirmwareUpdate(key!, target as FirmwareTarget),
  );

  add('PUT', '/v1/devices/:key/pin', async ({ params: [key], body }) =>
    cloud.setPin(
      key!,
      requireString(body.pin, 'pin'),
      optionalBoolean(body.is_secondary_pin, 'is_secondary_pin') ?? false,
      waitOptions(body.waitMs),
    ),
  );
  add('DELETE', '/v1/devices/:key/pin', async ({ params: [key], body }) =>
    cloud.clearPin(key!, requireString(body.master_pin, 'master_pin'), waitOptions(body.waitMs)),
  );
  add('PUT', '/v1/devices/:key/keylocker/mode', async ({ params: [key], body }) =>
    cloud.setKeylockerMode(key!, requireString(body.mode, 'mode') as KeylockerMode, waitOptions(body.waitMs)),
  );

  add('GET', '/v1/devices/:key/option-tables', async ({ params: [key], query }) =>
    cloud.optionTables(key!, optionTablesQuery(fromQuery(query)), waitOptions(query.get('waitMs') ?? undefined)),
  );
  add('PATCH', '/v1/devices/:key/option-tables', async ({ params: [key], body }) => {
    const values = requireObject(body.values, 'values') as Record<string, number>;
    const q = body.query === undefined ? {} : requireObject(body.query, 'query');
    return cloud.updateOptionTables(
      key!,
      values,
      optionTablesQuery((n) => q[n]),
      waitOptions(body.waitMs),
    );
  });

  add('GET', '/v1/devices/:key/features', async ({ params: [key], query }) =>
    cloud.features(
      key!,
      optionalBoolean(query.get('query_device') ?? undefined, 'query_device') ?? false,
      waitOptions(query.get('waitMs') ?? undefined),
    ),
  );
  add('PATCH', '/v1/devices/:key/features', async ({ params: [key], body }) =>
    cloud.updateFeatures(
      key!,
      requireObject(body.patch, 'patch') as Partial<FeatureSettings>,
      waitOptions(body.waitMs),
    ),
  );
  add('PUT', '/v1/devices/:key/hardwire', async ({ params: [key], body }) =>
    cloud.setHardwire(
      key!,
      requireString(body.input, 'input') as HardwireInput,
      requireString(body.output, 'output') as HardwireOutput,
      waitOptions(body.waitMs),
    ),
  );

  add('POST', '/v1/swaps', async ({ body }) =>
    cloud.swap(
      requireString(body.old_device_key, 'old_device_key'),
      requireString(body.new_device_key, 'new_device_key'),
    ),
  );
  add('POST', '/v1/devices/:key/verify-replacement', async ({ params: [key], body }) =>
    cloud.verifyReplacement(key!, waitOptions(body.waitMs)),
  );
  add('POST', '/v1/devices/:key/activate', async ({ params: [key] }) => cloud.activate(key!));
  add('POST', '/v1/devices/:key/install', async ({ params: [key], body }) =>
    cloud.install(key!, requireBoolean(body.exit_service_mode, 'exit_service_mode')),
  );
  add('PUT', '/v1/devices/:key/plan', async ({ params: [key], body }) => {
    if (body.plan !== null) requireObject(body.plan, 'plan');
    return cloud.setPlan(key!, body.plan as DevicePlan | null);
  });
  add('PUT', '/v1/devices/:key/scenarios', async ({ params: [key], body }) => {
    if (!Array.isArray(body.scenarios)) throw invalid('scenarios must be an array');
    return cloud.setScenarios(key!, body.scenarios as ScenarioName[]);
  });

  add('GET', '/v1/events', async ({ query }) =>
    cloud.eventsAfter(
      optionalNumber(query.get('after') ?? undefined, 'after') ?? 0,
      optionalNumber(query.get('limit') ?? undefined, 'limit'),
    ),
  );

  add('POST', '/v1/fleet/generate', async ({ body }) => {
    const admin = cloud as Partial<FleetAdmin>;
    if (typeof admin.generateFleet !== 'function')
      throw new DeviceCloudError('NOT_SUPPORTED', 'This cloud does not generate devices');
    const count = optionalNumber(body.count, 'count');
    if (count === undefined || !Number.isInteger(count) || count < 0 || count > 1_000_000)
      throw invalid('count must be an integer from 0 to 1000000');
    const seed = body.seed === undefined ? undefined : requireString(body.seed, 'seed');
    const deviceKeys = await admin.generateFleet.call(cloud, count, seed);
    return { device_keys: deviceKeys };
  });

  return table;
}

/** Equal-time comparison of the presented token (hashes first, so lengths do not leak either). */
function tokenMatches(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '');
  const presented = createHash('sha256')
    .update(match?.[1] ?? '')
    .digest();
  return timingSafeEqual(presented, expected) && match !== null;
}

function readBody(req: IncomingMessage, limit: number): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new HttpRefusal(413, 'PAYLOAD_TOO_LARGE', `The body is larger than ${limit} bytes`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('error', reject);
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim() === '') return resolve({});
      try {
        const parsed: unknown = JSON.parse(text);
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
          return reject(new HttpRefusal(400, 'BAD_REQUEST', 'The body must be a JSON object'));
        resolve(parsed as Record<string, unknown>);
      } catch {
        reject(new HttpRefusal(400, 'BAD_REQUEST', 'The body is not valid JSON'));
      }
    });
  });
}

function sendJson(res: ServerResponse, status: number, value: unknown) {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  res.end(body);
}

function sendError(res: ServerResponse, error: unknown) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (error instanceof DeviceCloudError) {
    sendJson(res, CLOUD_ERROR_STATUS[error.code] ?? 400, { code: error.code, message: error.message });
  } else if (error instanceof HttpRefusal) {
    sendJson(res, error.status, { code: error.code, message: error.message });
  } else {
    // Logged here for whoever runs the service; the caller learns only that it failed.
    console.error('device cloud: request failed', error);
    sendJson(res, 500, { code: 'INTERNAL', message: 'The device cloud could not answer' });
  }
}

/** The highest event id the cloud holds: eventsAfter(x, 1) is empty exactly when x ≥ it (O(log n) calls). */
export async function headEventId(cloud: DeviceCloud): Promise<number> {
  const firstAfter = async (x: number) => (await cloud.eventsAfter(x, 1))[0]?.id ?? null;
  let lo = await firstAfter(0); // an id that exists: the head is at least lo
  if (lo === null) return 0;
  let hi: number; // no event after hi: the head is at most hi
  for (;;) {
    const next = await firstAfter(lo * 2);
    if (next === null) {
      hi = lo * 2;
      break;
    }
    lo = next;
  }
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    const next = await firstAfter(mid);
    if (next === null) hi = mid;
    else lo = next;
  }
  return lo;
}

const STREAM_PAGE = 500;
/** A stream whose reader falls this far behind is closed; its client resumes from the last id it read. */
const STREAM_MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

export async function startDeviceCloudServer(options: DeviceCloudServerOptions): Promise<DeviceCloudServer> {
  const { cloud } = options;
  if (!options.token) throw new Error('startDeviceCloudServer: a token is required');
  const expectedToken = createHash('sha256').update(options.token).digest();
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const table = routes(cloud);
  const streams = new Set<() => void>();

  // The newest event id, found once (headEventId) and then kept up to date by one listener of the server's.
  let latestEventId = 0;
  let headKnown: Promise<void> | null = null;
  let stopFollowingHead: (() => void) | null = null;
  const newestEventId = async () => {
    if (!headKnown) {
      stopFollowingHead = cloud.subscribe((event) => {
        if (event.id > latestEventId) latestEventId = event.id;
      });
      headKnown = headEventId(cloud).then(
        (id) => {
          latestEventId = Math.max(latestEventId, id);
        },
        (error: unknown) => {
          stopFollowingHead?.();
          stopFollowingHead = null;
          headKnown = null;
          throw error;
        },
      );
    }
    await headKnown;
    return latestEventId;
  };

  async function serveEventStream(req: IncomingMessage, res: ServerResponse, query: URLSearchParams) {
    const resumeHeader = req.headers['last-event-id'];
    const resumeFrom = (Array.isArray(resumeHeader) ? resumeHeader[0] : resumeHeader) ?? query.get('after');
    let after: number | null = null;
    if (resumeFrom !== null && resumeFrom !== undefined && resumeFrom !== '') {
      after = Number(resumeFrom);
      if (!Number.isInteger(after) || after < 0) throw invalid('Last-Event-ID / after must be an event id');
    }

    // Listen before reading what is kept, so nothing that happens in between is lost; ids say what was sent.
    let lastSent = -1;
    let live = false;
    const pending: CloudEvent[] = [];
    let closed = false;
    const write = (event: CloudEvent) => {
      if (closed || event.id <= lastSent) return;
      lastSent = event.id;
      res.write(`id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`);
      if (res.writableLength > STREAM_MAX_BUFFERED_BYTES) end();
    };
    const unsubscribe = cloud.subscribe((event) => {
      if (live) write(event);
      else pending.push(event);
    });
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    const stop = () => {
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(end);
    };
    const end = () => {
      if (closed) return;
      stop();
      res.end();
    };
    /** Backfilling a long way behind waits for the reader rather than buffering everything. */
    const drained = () =>
      new Promise<void>((resolve) => {
        if (closed || !res.writableNeedDrain) return resolve();
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
    streams.add(end);
    // The response's close, not the request's: a GET's request may count as done as soon as it is read.
    res.on('close', end);

    try {
      // A stream opened without a position starts at the newest event: its first line names that id, so a
      // client that reconnects before any event arrived still resumes without a gap.
      // A position past the newest event was handed out by a cloud whose events are gone (a fresh database):
      // the stream goes on from the newest, as for a new listener, rather than staying silent until ids catch up.
      let newest = await newestEventId();
      if (after !== null && after > newest) newest = Math.max(newest, await headEventId(cloud));
      if (after === null || after > newest) after = newest;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      lastSent = after;
      res.write(`retry: 1000\nid: ${after}\n\n`);
      heartbeat = setInterval(() => {
        if (!closed) res.write(': heartbeat\n\n');
      }, heartbeatMs);
      heartbeat.unref();
      for (;;) {
        if (closed) return;
        const page = await cloud.eventsAfter(lastSent, STREAM_PAGE);
        for (const event of page) write(event);
        if (page.length < STREAM_PAGE) break;
        await drained();
      }
      live = true;
      for (const event of pending.splice(0)) write(event);
    } catch (error) {
      if (!res.headersSent) {
        stop(); // the response is still free: the caller answers the error as JSON
        throw error;
      }
      console.error('device cloud: event stream failed', error);
      end();
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://device-cloud');
    if (!tokenMatches(req.headers.authorization, expectedToken)) {
      res.setHeader('www-authenticate', 'Bearer');
      throw new HttpRefusal(401, 'UNAUTHORIZED', 'A valid service token is required');
    }
    const method = req.method ?? 'GET';
    if (url.pathname === '/v1/events/stream') {
      if (method !== 'GET') throw new HttpRefusal(405, 'METHOD_NOT_ALLOWED', 'The event stream is read with GET');
      return serveEventStream(req, res, url.searchParams);
    }
    let pathMatched = false;
    for (const route of table) {
      const match = route.pattern.exec(url.pathname);
      if (!match) continue;
      pathMatched = true;
      if (route.method !== method) continue;
      let params: string[];
      try {
        params = match.slice(1).map((p) => decodeURIComponent(p));
      } catch {
        throw new HttpRefusal(400, 'BAD_REQUEST', 'The path is not valid');
      }
      const body = route.hasBody ? await readBody(req, maxBodyBytes) : {};
      const answer = await route.handler({ params, query: url.searchParams, body });
      return sendJson(res, 200, answer);
    }
    if (pathMatched) throw new HttpRefusal(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed on ${url.pathname}`);
    throw new HttpRefusal(404, 'NO_ROUTE', `No route ${method} ${url.pathname}`);
  }

  // Calls being answered (event streams aside), so close() lets them finish before cutting connections.
  let answering = 0;
  let onDrained: (() => void) | null = null;
  const server = createServer((req, res) => {
    const isStream = req.url?.startsWith('/v1/events/stream') ?? false;
    if (!isStream) {
      answering++;
      res.once('close', () => {
        if (--answering === 0) onDrained?.();
      });
    }
    handle(req, res).catch((error: unknown) => sendError(res, error));
  });
  // Long event streams must not be cut by the request timeout; heartbeats keep them alive.
  server.requestTimeout = 0;
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}`,
    async close() {
      for (const end of [...streams]) end();
      stopFollowingHead?.();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Calls still waiting on a job get a moment to answer; then every connection is cut, including
      // keep-alive sockets a client opened but has not used yet (closeIdleConnections leaves those).
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 2_000);
        onDrained = () => {
          clearTimeout(timer);
          resolve();
        };
        if (answering === 0) onDrained();
      });
      server.closeAllConnections();
      await closed;
    },
  };
}
