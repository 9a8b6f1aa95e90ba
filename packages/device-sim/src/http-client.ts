/**
 * `DeviceCloud` over the device cloud's HTTP service (http-server.ts): the portal uses it when
 * `DEVICE_CLOUD_URL` is set. A refusal of the cloud comes back as the same `DeviceCloudError` (code and
 * message); a failure of the service itself (unreachable, bad token, 5xx) is a plain `DeviceCloudHttpError`.
 *
 * `subscribe` holds one server-sent event stream for all listeners, opened with the first listener and
 * closed with the last. It is parsed here (fetch + ReadableStream, no dependency). A dropped stream is
 * reopened after a backoff (250 ms doubling to 10 s, with jitter; reset once a stream is open) from the
 * last event id seen (`Last-Event-ID`), so listeners miss and repeat nothing. A stream silent for three
 * heartbeats (45 s) is taken as dropped.
 */
import {
  DeviceCloudError,
  type CloudErrorCode,
  type CloudEvent,
  type CloudOptions,
  type DeviceCloud,
  type DeviceCommand,
  type DeviceLog,
  type DevicePlan,
  type FeatureSettings,
  type FirmwareObject,
  type FirmwareTarget,
  type HardwireInput,
  type HardwireOutput,
  type Job,
  type KeylockerMode,
  type OptionTablesQuery,
  type OptionTablesView,
  type ReportedState,
  type ScenarioName,
  type Shadow,
} from './api.ts';

const CLOUD_ERROR_CODES: readonly CloudErrorCode[] = [
  'NOT_FOUND',
  'VERSION_CONFLICT',
  'QUERY_REQUIRED',
  'DEVICE_OFFLINE',
  'NOT_SUPPORTED',
  'INVALID',
  'CONFLICT',
];

/** The HTTP service failed (not a refusal of the cloud): unreachable, unauthorized, or an error of its own. */
export class DeviceCloudHttpError extends Error {
  constructor(
    readonly status: number | null,
    readonly code: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'DeviceCloudHttpError';
  }
}

export interface HttpCloudOptions {
  url: string;
  token: string;
  fetch?: typeof fetch;
  /** Reconnect backoff of the event stream (defaults 250 ms doubling to 10 s). */
  reconnect?: { initialMs?: number; maxMs?: number };
  /** A stream that sends nothing (not even a heartbeat) this long is dropped and reopened (default 45 s). */
  streamIdleMs?: number;
  /** Told when the event stream fails (it is reopened anyway); default: ignored. */
  onStreamError?: (error: unknown) => void;
}

export interface HttpCloud extends DeviceCloud {
  readonly kind: 'http';
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * Reads server-sent events (WHATWG "event stream interpretation") from a byte stream: calls `onEvent` with
 * each dispatched event's id and data, and `onId` whenever an event (even one without data) sets the id.
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  handlers: { onEvent(data: string, id: string): void; onId(id: string): void; onChunk?(): void },
): Promise<void> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = '';
  let data: string[] = [];
  let lastId = '';
  let idSet = false;
  const dispatch = () => {
    if (idSet) handlers.onId(lastId);
    if (data.length > 0) handlers.onEvent(data.join('\n'), lastId);
    data = [];
    idSet = false;
  };
  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return; // a comment: the heartbeat
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) {
      lastId = value;
      idSet = true;
    }
    // 'event' and 'retry' are not used: every event is a CloudEvent, and the backoff is ours.
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      handlers.onChunk?.();
      buffer += decoder.decode(value, { stream: true });
      // Lines end in CRLF, LF or CR; a CR at the very end may be half of a CRLF still to come.
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        if (c === '\r' && i === buffer.length - 1) break;
        line(buffer.slice(start, i));
        if (c === '\r' && buffer[i + 1] === '\n') i++;
        start = i + 1;
      }
      buffer = buffer.slice(start);
    }
  } finally {
    reader.releaseLock();
  }
}

export function createHttpCloud(options: HttpCloudOptions): HttpCloud {
  const base = options.url.replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch;
  const authorization = `Bearer ${options.token}`;
  const initialBackoff = options.reconnect?.initialMs ?? 250;
  const maxBackoff = options.reconnect?.maxMs ?? 10_000;
  const streamIdleMs = options.streamIdleMs ?? 45_000;

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      throw new DeviceCloudHttpError(null, 'UNREACHABLE', `The device cloud at ${base} did not answer`, {
        cause: error,
      });
    }
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      // not JSON: said below by status
    }
    if (response.ok) return parsed as T;
    const refusal = (parsed ?? {}) as { code?: unknown; message?: unknown };
    const code = typeof refusal.code === 'string' ? refusal.code : 'HTTP_ERROR';
    const message =
      typeof refusal.message === 'string' ? refusal.message : `The device cloud answered ${response.status}`;
    if ((CLOUD_ERROR_CODES as readonly string[]).includes(code))
      throw new DeviceCloudError(code as CloudErrorCode, message);
    throw new DeviceCloudHttpError(response.status, code, message);
  }
  /** A read that answers null when the cloud has no such thing. */
  async function orNull<T>(read: Promise<T>): Promise<T | null> {
    try {
      return await read;
    } catch (error) {
      if (error instanceof DeviceCloudError && error.code === 'NOT_FOUND') return null;
      throw error;
    }
  }
  const device = (key: string) => `/v1/devices/${encodeURIComponent(key)}`;
  const queryString = (params: Record<string, string | number | boolean | undefined>) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, String(value));
    const text = search.toString();
    return text === '' ? '' : `?${text}`;
  };
  const tablesQuery = (query: OptionTablesQuery = {}) => ({
    schema: query.schema,
    show_1_2: query.show_1_2,
    show_3_4: query.show_3_4,
    keylocker: query.keylocker,
    skip_query: query.skip_query,
  });

  // ---- the event stream, shared by every listener ----
  const listeners = new Set<(event: CloudEvent) => void>();
  let stream: AbortController | null = null;
  let lastEventId: string | null = null;
  let closed = false;

  function deliver(event: CloudEvent) {
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        // One listener's failure must not cost the others their events.
        options.onStreamError?.(error);
      }
    }
  }

  async function follow(control: AbortController) {
    let backoff = initialBackoff;
    while (!control.signal.aborted) {
      const attempt = new AbortController();
      const stopAttempt = () => attempt.abort();
      control.signal.addEventListener('abort', stopAttempt, { once: true });
      let idle: ReturnType<typeof setTimeout> | undefined;
      const touch = () => {
        clearTimeout(idle);
        idle = setTimeout(stopAttempt, streamIdleMs);
      };
      try {
        touch();
        const response = await doFetch(`${base}/v1/events/stream`, {
          headers: {
            authorization,
            accept: 'text/event-stream',
            ...(lastEventId === null ? {} : { 'last-event-id': lastEventId }),
          },
          signal: attempt.signal,
        });
        if (!response.ok || !response.body) {
          const text = await response.text().catch(() => '');
          throw new DeviceCloudHttpError(response.status, 'STREAM_REFUSED', `Event stream refused: ${text}`);
        }
        backoff = initialBackoff; // open: the next drop starts over
        await readEventStream(response.body, {
          onChunk: touch,
          onId(id) {
            lastEventId = id;
          },
          onEvent(data, id) {
            let event: CloudEvent;
            try {
              event = JSON.parse(data) as CloudEvent;
            } catch (error) {
              options.onStreamError?.(error);
              return;
            }
            lastEventId = id === '' ? String(event.id) : id;
            deliver(event);
          },
        });
      } catch (error) {
        if (!control.signal.aborted && !attempt.signal.aborted) options.onStreamError?.(error);
      } finally {
        clearTimeout(idle);
        control.signal.removeEventListener('abort', stopAttempt);
        attempt.abort();
      }
      if (control.signal.aborted) break;
      const jittered = backoff * (0.8 + Math.random() * 0.4);
      backoff = Math.min(backoff * 2, maxBackoff);
      await sleep(jittered, control.signal);
    }
  }

  function stopStream() {
    stream?.abort();
    stream = null;
    // A later first listener hears what happens from then on, as in-process, not what it missed meanwhile.
    lastEventId = null;
  }

  return {
    kind: 'http',
    shadow: (key) => orNull(call<Shadow>('GET', `${device(key)}/shadow`)),
    updateShadow: (key, patch: Partial<ReportedState>, expectedVersion) =>
      call<Shadow>('PATCH', `${device(key)}/shadow`, { patch, expectedVersion }),

    sendCommand: (key, command: DeviceCommand, opts: CloudOptions & { bit?: number; value?: number } = {}) =>
      call<Job>('POST', `${device(key)}/jobs`, { command, bit: opts.bit, value: opts.value, waitMs: opts.waitMs }),
    job: (jobId) => orNull(call<Job>('GET', `/v1/jobs/${encodeURIComponent(jobId)}`)),
    jobs: (key, limit) => call<Job[]>('GET', `${device(key)}/jobs${queryString({ limit })}`),
    logs: (key, query = {}) =>
      call<DeviceLog[]>(
        'GET',
        `${device(key)}/logs${queryString({ from: query.from, to: query.to, type: query.type, limit: query.limit })}`,
      ),

    checkFirmwareUpdate: (key) => call<Record<FirmwareTarget, FirmwareObject | null>>('GET', `${device(key)}/firmware`),
    startFirmwareUpdate: (key, target: FirmwareTarget) =>
      call<Job>('POST', `${device(key)}/firmware/${encodeURIComponent(target)}`, {}),

    setPin: (key, pin, secondary, opts: CloudOptions = {}) =>
      call<Job>('PUT', `${device(key)}/pin`, { pin, is_secondary_pin: secondary, waitMs: opts.waitMs }),
    clearPin: (key, masterPin, opts: CloudOptions = {}) =>
      call<Job>('DELETE', `${device(key)}/pin`, { master_pin: masterPin, waitMs: opts.waitMs }),
    setKeylockerMode: (key, mode: KeylockerMode, opts: CloudOptions = {}) =>
      call<Job>('PUT', `${device(key)}/keylocker/mode`, { mode, waitMs: opts.waitMs }),

    optionTables: (key, query, opts: CloudOptions = {}) =>
      call<OptionTablesView>(
        'GET',
        `${device(key)}/option-tables${queryString({ ...tablesQuery(query), waitMs: opts.waitMs })}`,
      ),
    updateOptionTables: (key, values, query, opts: CloudOptions = {}) =>
      call<OptionTablesView>('PATCH', `${device(key)}/option-tables`, {
        values,
        query: tablesQuery(query),
        waitMs: opts.waitMs,
      }),

    features: (key, queryDevice = false, opts: CloudOptions = {}) =>
      call<FeatureSettings>(
        'GET',
        `${device(key)}/features${queryString({ query_device: queryDevice, waitMs: opts.waitMs })}`,
      ),
    updateFeatures: (key, patch: Partial<FeatureSettings>, opts: CloudOptions = {}) =>
      call<FeatureSettings>('PATCH', `${device(key)}/features`, { patch, waitMs: opts.waitMs }),
    setHardwire: (key, input: HardwireInput, output: HardwireOutput, opts: CloudOptions = {}) =>
      call<Job>('PUT', `${device(key)}/hardwire`, { input, output, waitMs: opts.waitMs }),

    swap: (oldKey, newKey) =>
      call<{ old: Shadow; new: Shadow }>('POST', '/v1/swaps', { old_device_key: oldKey, new_device_key: newKey }),
    verifyReplacement: (key, opts: CloudOptions = {}) =>
      call<Shadow>('POST', `${device(key)}/verify-replacement`, { waitMs: opts.waitMs }),
    activate: (key) => call<Shadow>('POST', `${device(key)}/activate`, {}),
    install: (key, exitServiceMode) =>
      call<Shadow>('POST', `${device(key)}/install`, { exit_service_mode: exitServiceMode }),
    setPlan: (key, plan: DevicePlan | null) => call<Shadow>('PUT', `${device(key)}/plan`, { plan }),
    setScenarios: (key, scenarios: ScenarioName[]) => call<Shadow>('PUT', `${device(key)}/scenarios`, { scenarios }),

    eventsAfter: (afterId, limit) => call<CloudEvent[]>('GET', `/v1/events${queryString({ after: afterId, limit })}`),
    subscribe(listener) {
      if (closed) return () => {};
      listeners.add(listener);
      if (!stream) {
        const control = new AbortController();
        stream = control;
        void follow(control);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) stopStream();
      };
    },

    async close() {
      closed = true;
      listeners.clear();
      stopStream();
    },
  };
}
