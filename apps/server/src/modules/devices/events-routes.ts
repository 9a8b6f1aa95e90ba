import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contracts';
import type { Actor } from '../../actor.ts';
import type { ChangeFeed } from '../../db/changes.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import { route } from '../../plugins/endpoints.ts';
import type { DeviceEventRelay } from './events.ts';
import { deviceEventsAfter, lastDeviceEventId, type StoredDeviceEvent } from './repo/events.ts';

/**
 * GET /api/device/:key/events (issue 28 §4): a device's events as server-sent events, from the rows of
 * `device_events` (CONVENTIONS "Events that the browser watches").
 *
 * - Each event: `id:` the row's id, `event:` its type (job, test, firmware, log, shadow), `data:` its JSON.
 * - Resume: from the `Last-Event-ID` header (what EventSource sends when it reconnects), else `?after=`,
 *   every row after it in order; without either, the stream starts with the next event (`?after=0` sends
 *   the device's whole history first).
 * - Live: the rows are read by `id > last sent`, in order, whenever the change feed says the device was
 *   written ('device:<key>' notices: PostgreSQL LISTEN/NOTIFY across instances, in-process on PGlite), and
 *   every `pollMs` while the feed is down. Rows of one device commit in id order (the relay's lock), so a
 *   read never passes one that is still to commit: nothing is lost or sent twice.
 * - A `: ping` comment every `heartbeatMs` keeps proxies from cutting an idle stream; `retry:` tells the
 *   browser how soon to reconnect.
 * - At most `openPerCaller` open streams per signed-in user (per address for a guest) on each instance: 429
 *   beyond. Counted in memory: a stream lives on one instance, and a crashed instance leaves no count behind.
 * - One read per device serves all its streams on the instance (from the furthest behind); a client that
 *   leaves more than MAX_UNREAD_BYTES unread is let go, to resume with Last-Event-ID.
 * - Never compressed nor buffered (a proxy's `X-Accel-Buffering: no`); ended when the client goes away and
 *   before the server closes (preClose), so a close does not wait on open streams.
 * - A signed-in caller's stream ends with their session (sign-out, sign-out everywhere, an admin ending it, its
 *   expiry): checked when the change feed says the user's sessions changed ('identity:<user id>', from any
 *   instance) and on every heartbeat, so a stream never outlives its session by more than one heartbeat.
 */

export interface DeviceStreamSettings {
  heartbeatMs: number;
  /** How often streams read while the change feed is down (no notices arrive). */
  pollMs: number;
  /** Open streams per signed-in user, or per address for a guest. */
  openPerCaller: number;
  /** The `retry:` hint: how long the browser waits before it reconnects. */
  retryMs: number;
}

/**
 * The settings every stream opened from now on follows. A test shortens the poll here and puts it back after
 * its file (the server's test files share a worker's modules); the app may pass its own to `deviceEventRoutes`.
 */
export const deviceStreamSettings: DeviceStreamSettings = {
  heartbeatMs: 15_000,
  pollMs: 2_000,
  openPerCaller: 5,
  retryMs: 2_000,
};

/** How many rows one read sends at most before it reads again. */
const READ_BATCH = 200;

export const DEVICE_STREAM_TEXTS = {
  tooManyStreams: (limit: number) =>
    `Too many open event streams: at most ${limit} at once. Close another device's page and try again.`,
  badLastEventId: 'Last-Event-ID must be an event id (a whole number).',
} as const;

/** Whether the caller may watch the device: throws a refusal (404 for a device they may not see, 401, 403, 429). */
export type DeviceAccessCheck = (
  actor: Actor | null,
  deviceKey: string,
  proof: { iccidLastDigits?: string; ip: string },
) => Promise<unknown>;

export interface DeviceEventRoutesOptions {
  db: Db;
  changes: ChangeFeed;
  accessFor: DeviceAccessCheck;
  /** The cloud's events copied into device_events: started when the app is ready, closed with it. */
  relay?: DeviceEventRelay;
  /** Which of these sessions are still live (not ended, not expired): a stream ends with its session. */
  liveSessions?: (sessionIds: string[]) => Promise<Set<string>>;
  settings?: Partial<DeviceStreamSettings>;
}

/** One open stream. */
interface DeviceStream {
  deviceKey: string;
  caller: string;
  /** The signed-in caller's session (null for a guest): the stream ends with it. */
  session: { id: string; userId: string } | null;
  out: PassThrough;
  lastSent: number;
  closed: boolean;
}

/** The open streams of one device on this instance: one read serves them all. */
interface DeviceWatch {
  streams: Set<DeviceStream>;
  reading: boolean;
  readAgain: boolean;
}

/**
 * What a client may leave unread before it is let go (a stalled connection): it reconnects with
 * Last-Event-ID and reads on from the table, so nothing is lost and the server holds no backlog.
 */
const MAX_UNREAD_BYTES = 1024 * 1024;

/** How long a read waits for slow clients to take a batch before it sends the next one anyway. */
const DRAIN_WAIT_MS = 5_000;

/** Resolves when each stream took what was written to it or closed, or after DRAIN_WAIT_MS. */
async function drained(streams: DeviceStream[]): Promise<void> {
  if (streams.length === 0) return;
  const cleanups: (() => void)[] = [];
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      Promise.all(
        streams.map(
          ({ out }) =>
            new Promise<void>((resolve) => {
              out.once('drain', resolve);
              out.once('close', resolve);
              cleanups.push(() => out.off('drain', resolve).off('close', resolve));
            }),
        ),
      ),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, DRAIN_WAIT_MS))),
    ]);
  } finally {
    clearTimeout(timer);
    for (const cleanup of cleanups) cleanup();
  }
}

/** Formats one event (the data is JSON on one line: JSON.stringify escapes newlines). */
export const sseEvent = (event: Pick<StoredDeviceEvent, 'id' | 'type' | 'data'>) =>
  `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;

export const deviceEventRoutes =
  (options: DeviceEventRoutesOptions): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, changes, accessFor, relay, liveSessions } = options;
    const settingsNow = (): DeviceStreamSettings => ({ ...deviceStreamSettings, ...options.settings });
    const byDevice = new Map<string, DeviceWatch>();
    const openByCaller = new Map<string, number>();
    let closing = false;

    const every = () => [...byDevice.values()].flatMap((watch) => [...watch.streams]);

    function close(stream: DeviceStream) {
      if (stream.closed) return;
      stream.closed = true;
      const watch = byDevice.get(stream.deviceKey);
      watch?.streams.delete(stream);
      if (watch?.streams.size === 0) byDevice.delete(stream.deviceKey);
      const open = (openByCaller.get(stream.caller) ?? 1) - 1;
      if (open > 0) openByCaller.set(stream.caller, open);
      else openByCaller.delete(stream.caller);
      stream.out.end();
      stopTimersWhenIdle();
    }

    function write(stream: DeviceStream, text: string) {
      if (stream.closed || !stream.out.writable) return;
      stream.out.write(text);
      if (stream.out.writableLength > MAX_UNREAD_BYTES) close(stream);
    }

    /**
     * Sends each of the device's streams every row after the last it sent, in order: one read from the
     * furthest behind serves all. A wake-up during a read reads once more after it, so a row committed
     * meanwhile is not left until the next notice.
     */
    async function readOn(deviceKey: string) {
      const watch = byDevice.get(deviceKey);
      if (!watch) return;
      if (watch.reading) {
        watch.readAgain = true;
        return;
      }
      watch.reading = true;
      try {
        do {
          watch.readAgain = false;
          for (;;) {
            const streams = [...watch.streams];
            if (streams.length === 0) break;
            const from = Math.min(...streams.map((stream) => stream.lastSent));
            const rows = await deviceEventsAfter(db, deviceKey, from, READ_BATCH);
            for (const row of rows) {
              const text = sseEvent(row);
              for (const stream of streams)
                if (row.id > stream.lastSent && !stream.closed) {
                  stream.lastSent = row.id;
                  write(stream, text);
                }
            }
            if (rows.length < READ_BATCH) break;
            // A long history: the next batch waits until the clients took this one (or a while passed).
            await drained(streams.filter((stream) => !stream.closed && stream.out.writableNeedDrain));
          }
        } while (watch.readAgain);
      } catch (error) {
        // The next notice, or the poll while the feed is down, reads again from the last row sent.
        app.log.warn({ err: error, deviceKey }, 'reading device events failed');
      } finally {
        watch.reading = false;
      }
    }

    // One subscription for every stream of this instance: a device's notice wakes its streams; '*' (the
    // feed dropped, notices may have been missed) wakes them all.
    const unsubscribe = changes.subscribe('device', (subject) => {
      for (const deviceKey of subject === '*' ? [...byDevice.keys()] : [subject]) void readOn(deviceKey);
    });

    /** Ends the streams (of one user, or all for '*') whose session is no longer live. */
    let checking: Promise<void> = Promise.resolve();
    function endStreamsOfEndedSessions(userId: string) {
      if (!liveSessions) return;
      checking = checking.then(async () => {
        const streams = every().filter(
          (stream) => stream.session && (userId === '*' || stream.session.userId === userId),
        );
        if (streams.length === 0) return;
        try {
          const live = await liveSessions([...new Set(streams.map((stream) => stream.session!.id))]);
          for (const stream of streams) if (!live.has(stream.session!.id)) close(stream);
        } catch (error) {
          // The next heartbeat checks again.
          app.log.warn({ err: error }, 'checking the sessions of device streams failed');
        }
      });
    }
    const unsubscribeIdentity = changes.subscribe('identity', (subject) => endStreamsOfEndedSessions(subject));

    let heartbeat: NodeJS.Timeout | undefined;
    let poll: NodeJS.Timeout | undefined;
    function startTimers() {
      if (heartbeat) return;
      const { heartbeatMs, pollMs } = settingsNow();
      heartbeat = setInterval(() => {
        for (const stream of every()) write(stream, ': ping\n\n');
        endStreamsOfEndedSessions('*');
      }, heartbeatMs);
      poll = setInterval(() => {
        if (!changes.live) for (const deviceKey of byDevice.keys()) void readOn(deviceKey);
      }, pollMs);
    }
    function stopTimersWhenIdle() {
      if (byDevice.size > 0) return;
      clearInterval(heartbeat);
      clearInterval(poll);
      heartbeat = poll = undefined;
    }

    if (relay) {
      app.addHook('onReady', () => relay.start());
      app.addHook('onClose', () => relay.close());
    }
    // Open streams would hold the server's close until their clients leave: end them first.
    app.addHook('preClose', async () => {
      closing = true;
      for (const stream of every()) close(stream);
    });
    app.addHook('onClose', async () => {
      unsubscribe();
      unsubscribeIdentity();
      await checking;
    });

    route(
      app,
      endpoints.devices.events,
      // A stream is never compressed: a compressor holds bytes back until it has enough.
      { compress: false },
      async (request, reply) => {
        if (closing) throw new HttpError(503, 'The server is shutting down.');
        const deviceKey = request.params.key;
        const { iccid_last_digits: iccidLastDigits, after } = request.query;
        const resumeAt = resumePointOf(request.headers['last-event-id'], after);
        // Who may watch is decided before anything is sent: a device the caller may not see is a 404.
        await accessFor(request.actor, deviceKey, {
          ...(iccidLastDigits !== undefined && { iccidLastDigits }),
          ip: request.ip,
        });
        const settings = settingsNow();
        const caller = request.actor ? `user:${request.actor.user.id}` : `ip:${request.ip}`;
        const open = openByCaller.get(caller) ?? 0;
        if (open >= settings.openPerCaller)
          throw new HttpError(429, DEVICE_STREAM_TEXTS.tooManyStreams(settings.openPerCaller));
        openByCaller.set(caller, open + 1);

        const stream: DeviceStream = {
          deviceKey,
          caller,
          session: request.actor ? { id: request.actor.sessionId, userId: request.actor.user.id } : null,
          out: new PassThrough(),
          lastSent: 0,
          closed: false,
        };
        try {
          stream.lastSent = resumeAt ?? (await lastDeviceEventId(db, deviceKey));
        } catch (error) {
          // Its place is given back (others of the caller may have opened or closed meanwhile).
          const now = (openByCaller.get(caller) ?? 1) - 1;
          if (now > 0) openByCaller.set(caller, now);
          else openByCaller.delete(caller);
          throw error;
        }
        // Fastify destroys the body when the client goes away: the stream is let go with it.
        stream.out.on('error', () => close(stream));
        stream.out.on('close', () => close(stream));
        let watch = byDevice.get(deviceKey);
        if (!watch) byDevice.set(deviceKey, (watch = { streams: new Set(), reading: false, readAgain: false }));
        watch.streams.add(stream);
        startTimers();

        write(stream, `retry: ${settings.retryMs}\n\n`);
        // Rows written since the resume point, then whatever the notices bring.
        void readOn(deviceKey);
        return (
          reply
            .header('content-type', 'text/event-stream; charset=utf-8')
            .header('cache-control', 'no-store, no-transform')
            .header('x-accel-buffering', 'no')
            // A stream, not a JSON answer: the endpoint has no response schema for the serializer to apply.
            .send(stream.out as never)
        );
      },
    );
  };

/** Where a stream resumes: Last-Event-ID first (a reconnecting EventSource), else `after`; undefined for "from now". */
function resumePointOf(lastEventId: string | string[] | undefined, after: number | undefined) {
  const given = Array.isArray(lastEventId) ? lastEventId[0] : lastEventId;
  const value = given !== undefined && given.trim() !== '' ? given.trim() : after;
  if (value === undefined) return undefined;
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 0) throw new HttpError(400, DEVICE_STREAM_TEXTS.badLastEventId);
  return id;
}
