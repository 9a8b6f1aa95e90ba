import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contracts';
import { createTestApp, openTestDatabase, type TestContext } from '../../../test/helpers.ts';
import type { Database } from '../../db/client.ts';
import type { CloudEvent, DeviceCloud } from '../../adapters/devices/index.ts';
import { signedInAs, type TestClient } from '../../../test/client.ts';
import { deviceCommands, deviceEvents } from './schema.ts';
import { DEVICE_STREAM_TEXTS, deviceStreamSettings } from './events-routes.ts';
import { createDeviceEventRelay } from './events.ts';

/**
 * The device event stream (issue 28 §4) through a listening server: app.inject waits for the whole answer,
 * and a stream never ends on its own, so these tests read it with fetch, as a browser's EventSource would.
 */

/** DEMO-DATA devices: the last four digits of a serial are its ICCID's. */
const FIRMWARE_DEVICE = '10230000234'; // new, firmware update available, keylocker present
const TEST_DEVICE = '10230000235'; // new, firmware current
const NORTHSIDE_DEVICE = '10230000240'; // installed for Northside Auto Sound
const LAKESIDE_DEVICE = '10230000280'; // installed for Lakeside Remote Start
const iccidOf = (deviceKey: string) => deviceKey.slice(-4);
const NORTHSIDE_PURCHASER = 'purchaser@demo.test';

/** One server-sent event as the browser parses it (a comment is kept to see the heartbeat). */
export interface Frame {
  id?: number;
  event?: string;
  data?: Record<string, unknown>;
  retry?: number;
  comment?: string;
}

function parseFrame(block: string): Frame {
  const frame: Frame = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) frame.comment = line.slice(1).trim();
    const [, field, value] = /^(\w+): ?(.*)$/.exec(line) ?? [];
    if (field === 'id') frame.id = Number(value);
    if (field === 'event') frame.event = value;
    if (field === 'data') frame.data = JSON.parse(value!) as Record<string, unknown>;
    if (field === 'retry') frame.retry = Number(value);
  }
  return frame;
}

/** An open stream: its answer, and the frames read from it one by one. */
async function openStream(
  base: string,
  deviceKey: string,
  options: { headers?: Record<string, string>; query?: string } = {},
) {
  const abort = new AbortController();
  const response = await fetch(`${base}/api/device/${deviceKey}/events${options.query ?? ''}`, {
    headers: options.headers,
    signal: abort.signal,
  });
  const reader = response.ok ? response.body!.pipeThrough(new TextDecoderStream()).getReader() : null;
  let buffer = '';
  let ended = false;
  const frames: Frame[] = [];

  /** The next frame, or null once the server ended the stream. */
  async function next(): Promise<Frame | null> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const frame = parseFrame(block);
        frames.push(frame);
        return frame;
      }
      if (ended || !reader) return null;
      const { value, done } = await reader.read();
      if (done) ended = true;
      else buffer += value;
    }
  }

  return {
    response,
    frames,
    next,
    /** Reads frames until one matches; fails after `timeoutMs`. Answers every event frame read meanwhile. */
    async until(match: (frame: Frame) => boolean, timeoutMs = 15_000): Promise<Frame[]> {
      const events: Frame[] = [];
      const timer = setTimeout(() => abort.abort(new Error('timed out waiting for an event')), timeoutMs);
      try {
        for (;;) {
          const frame = await next();
          if (!frame) throw new Error('the stream ended');
          if (frame.id !== undefined) events.push(frame);
          if (match(frame)) return events;
        }
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => abort.abort(),
  };
}
type Stream = Awaited<ReturnType<typeof openStream>>;

/** The firmware object's last step of an update: back to Idle with a result (LwM2M). */
const isFirmwareEnd = (frame: Frame) => frame.event === 'firmware' && frame.data?.step === 'result';
const isLogR42 = (frame: Frame) => frame.event === 'log' && frame.data?.type === 'R42';

let t: TestContext;
let base: string;

async function listening(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** The stream's rows in the table, in order, after `afterId`. */
const rowsAfter = async (deviceKey: string, afterId: number) =>
  (
    await t.db
      .select({ id: deviceEvents.id, type: deviceEvents.type })
      .from(deviceEvents)
      .where(eq(deviceEvents.deviceKey, deviceKey))
      .orderBy(asc(deviceEvents.id))
  ).filter((row) => row.id > afterId);

const guest = (deviceKey: string) => `?iccid_last_digits=${iccidOf(deviceKey)}`;
let guests = 0;
/** A guest's own address (the server trusts the loopback proxy): guests' stream limits are per address. */
const guestAddress = () => ({ 'x-forwarded-for': `10.28.${(++guests >> 8) & 255}.${guests & 255}` });

async function startFirmwareUpdate(client: TestClient, deviceKey: string) {
  const started = await client.call(endpoints.devices.firmwareUpdate, {
    params: { key: deviceKey },
    body: { target: 'controller', iccid_last_digits: iccidOf(deviceKey) },
  });
  expect(started.statusCode, started.body).toBeLessThan(300);
}

// The module's own setting, put back after the file: the next file in this worker loads the same module.
const defaultPollMs = deviceStreamSettings.pollMs;
beforeAll(async () => {
  // Set before any stream opens: the streams' timers start with the first.
  deviceStreamSettings.pollMs = 200;
  t = await createTestApp({ DEVICE_SIM_SPEED: '20', DEVICE_STREAM_HEARTBEAT_MS: '300' });
  base = await listening(t.app);
});
afterAll(async () => {
  // fetch (undici) may hold connections it opened and never used: Node's close waits for those until the
  // keep-alive timeout (72 s), as it leaves them out of closeIdleConnections. Every stream has ended here.
  t?.app.server.closeAllConnections();
  await t?.close();
  deviceStreamSettings.pollMs = defaultPollMs;
});

describe('GET /api/device/:key/events', () => {
  it("sends a firmware update's steps in order, each once, as the table holds them", async () => {
    const installer = await signedInAs(t.app, null);
    const stream = await openStream(base, FIRMWARE_DEVICE, { headers: guestAddress(), query: guest(FIRMWARE_DEVICE) });
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('content-encoding')).toBeNull();
    const first = await stream.next();
    expect(first?.retry).toBeGreaterThan(0);
    const from = (await rowsAfter(FIRMWARE_DEVICE, 0)).at(-1)?.id ?? 0;

    await startFirmwareUpdate(installer, FIRMWARE_DEVICE);
    const events = await stream.until(isFirmwareEnd);
    stream.close();

    const steps = events.filter((e) => e.event === 'firmware').map((e) => e.data!.state);
    // LwM2M's firmware object: Downloading → Downloaded → Updating → back to Idle with a result.
    const firstOf = (state: string) => steps.indexOf(state);
    expect(firstOf('downloading')).toBeGreaterThanOrEqual(0);
    expect(firstOf('downloading')).toBeLessThan(firstOf('downloaded'));
    expect(firstOf('downloaded')).toBeLessThan(firstOf('updating'));
    expect(firstOf('updating')).toBeLessThan(steps.lastIndexOf('idle'));
    expect(events.at(-1)!.data!.result).toBe('success');
    // C42 'FOTA Download to Device' was logged before the update's end.
    expect(events.some((e) => e.event === 'log' && e.data!.type === 'C42')).toBe(true);

    const ids = events.map((e) => e.id!);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    const rows = await rowsAfter(FIRMWARE_DEVICE, from);
    expect(rows.slice(0, ids.length)).toEqual(events.map((e) => ({ id: e.id, type: e.event })));
  });

  it('loses and repeats nothing when the browser drops mid-update and reconnects with Last-Event-ID', async () => {
    const deviceKey = '10230000260'; // its update fails at R42: the whole update runs, and ends in a log
    const installer = await signedInAs(t.app, null);
    const from = (await rowsAfter(deviceKey, 0)).at(-1)?.id ?? 0;
    const first = await openStream(base, deviceKey, { headers: guestAddress(), query: guest(deviceKey) });
    await first.next(); // retry:, sent once the stream's start is fixed
    await startFirmwareUpdate(installer, deviceKey);
    const before = await first.until((frame) => frame.event === 'firmware' && frame.data?.state === 'downloading');
    first.close();
    const lastSeen = before.at(-1)!.id!;

    const second = await openStream(base, deviceKey, {
      query: guest(deviceKey),
      headers: { ...guestAddress(), 'last-event-id': String(lastSeen) },
    });
    const after = await second.until(isLogR42);
    second.close();

    const received = [...before, ...after].map((e) => ({ id: e.id, type: e.event }));
    const rows = await rowsAfter(deviceKey, from);
    expect(received).toEqual(rows.slice(0, received.length));
    expect(after[0]!.id).toBeGreaterThan(lastSeen);
    expect(after.at(-1)!.data!.data).toMatchObject({ success: false });
  });

  it('resumes from ?after= as from Last-Event-ID, sending the rows after it first', async () => {
    const deviceKey = '10230000236';
    const installer = await signedInAs(t.app, null);
    const from = (await rowsAfter(deviceKey, 0)).at(-1)?.id ?? 0;
    const sent = await installer.call(endpoints.devices.sendCommand, {
      body: { device_key: deviceKey, command: 'locate', iccid_last_digits: iccidOf(deviceKey) },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // The job's events are written (queued, in progress, its end) before anyone watches.
    let rows = await rowsAfter(deviceKey, from);
    for (let tries = 0; tries < 100 && rows.length < 3; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      rows = await rowsAfter(deviceKey, from);
    }
    expect(rows.length).toBeGreaterThanOrEqual(3);

    const stream = await openStream(base, deviceKey, {
      headers: guestAddress(),
      query: `${guest(deviceKey)}&after=${rows[0]!.id}`,
    });
    const events = await stream.until((frame) => frame.id === rows.at(-1)!.id);
    stream.close();
    expect(events.map((e) => ({ id: e.id, type: e.event }))).toEqual(rows.slice(1));
  });

  it('sends a long history after ?after= in order, batch after batch', async () => {
    const deviceKey = '10230000241';
    const from = (await rowsAfter(deviceKey, 0)).at(-1)?.id ?? 0;
    const history = Array.from({ length: 450 }, (_, n) => ({ deviceKey, type: 'log', data: { n } }));
    await t.db.insert(deviceEvents).values(history);
    const stream = await openStream(base, deviceKey, {
      headers: guestAddress(),
      query: `${guest(deviceKey)}&after=${from}`,
    });
    const events = await stream.until((frame) => frame.data?.n === 449);
    stream.close();
    expect(events.map((e) => e.data!.n)).toEqual(history.map((row) => row.data.n));
    expect(events.map((e) => e.id)).toEqual((await rowsAfter(deviceKey, from)).map((row) => row.id));
  });

  it("sends a device test's job as 'test' and writes its end on the command", async () => {
    const installer = await signedInAs(t.app, null);
    const stream = await openStream(base, TEST_DEVICE, { headers: guestAddress(), query: guest(TEST_DEVICE) });
    await stream.next();
    const sent = await installer.call(endpoints.devices.sendCommand, {
      body: { device_key: TEST_DEVICE, command: 'arm', iccid_last_digits: iccidOf(TEST_DEVICE) },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const jobId = sent.json().job_id;
    const events = await stream.until((frame) => frame.event === 'test' && frame.data?.status === 'SUCCEEDED');
    stream.close();
    expect(events.filter((e) => e.event === 'test').every((e) => e.data!.job_id === jobId)).toBe(true);

    await t.noticed();
    const [command] = await t.db.select().from(deviceCommands).where(eq(deviceCommands.jobId, jobId));
    expect(command).toMatchObject({ status: 'SUCCEEDED' });
    expect(command!.finishedAt).not.toBeNull();
  });

  it('sends a heartbeat comment while nothing happens', async () => {
    const stream = await openStream(base, TEST_DEVICE, { headers: guestAddress(), query: guest(TEST_DEVICE) });
    await stream.until((frame) => frame.comment === 'ping', 5_000);
    stream.close();
  });

  it('answers 404 before any event for a device of another dealer, and 400 for a bad Last-Event-ID', async () => {
    const purchaser = await signedInAs(t.app, NORTHSIDE_PURCHASER);
    const cookie = { cookie: purchaser.jar.header() };
    const refused = await openStream(base, LAKESIDE_DEVICE, { headers: cookie, query: guest(LAKESIDE_DEVICE) });
    expect(refused.response.status).toBe(404);
    expect(refused.response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await refused.response.json()).toHaveProperty('detail');

    const bad = await openStream(base, NORTHSIDE_DEVICE, { headers: { ...cookie, 'last-event-id': 'x1' } });
    expect(bad.response.status).toBe(400);
    expect(await bad.response.json()).toEqual({ detail: DEVICE_STREAM_TEXTS.badLastEventId });
  });

  it('holds at most five open streams per user, and frees a place when one closes', async () => {
    const purchaser = await signedInAs(t.app, NORTHSIDE_PURCHASER);
    const cookie = { cookie: purchaser.jar.header() };
    const open: Stream[] = [];
    for (let i = 0; i < deviceStreamSettings.openPerCaller; i++) {
      const stream = await openStream(base, NORTHSIDE_DEVICE, { headers: cookie });
      expect(stream.response.status).toBe(200);
      await stream.next();
      open.push(stream);
    }
    const sixth = await openStream(base, NORTHSIDE_DEVICE, { headers: cookie });
    expect(sixth.response.status).toBe(429);
    expect(await sixth.response.json()).toEqual({
      detail: DEVICE_STREAM_TEXTS.tooManyStreams(deviceStreamSettings.openPerCaller),
    });
    // Another user is not held to this one's streams.
    const other = await signedInAs(t.app, 'installer@demo.test');
    const theirs = await openStream(base, FIRMWARE_DEVICE, {
      headers: { cookie: other.jar.header() },
      query: guest(FIRMWARE_DEVICE),
    });
    expect(theirs.response.status).toBe(200);
    theirs.close();

    open.pop()!.close();
    // The server hears of the close a moment later.
    let again: Stream | undefined;
    for (let tries = 0; tries < 50; tries++) {
      again = await openStream(base, NORTHSIDE_DEVICE, { headers: cookie });
      if (again.response.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(again!.response.status).toBe(200);
    for (const stream of [...open, again!]) stream.close();
  });

  it("ends a signed-in caller's streams with their session: sign-out ends them, another person's go on", async () => {
    const purchaser = await signedInAs(t.app, NORTHSIDE_PURCHASER);
    const other = await signedInAs(t.app, NORTHSIDE_PURCHASER);
    const mine = await openStream(base, NORTHSIDE_DEVICE, { headers: { cookie: purchaser.jar.header() } });
    const theirs = await openStream(base, NORTHSIDE_DEVICE, { headers: { cookie: other.jar.header() } });
    expect([mine.response.status, theirs.response.status]).toEqual([200, 200]);
    await mine.next();
    await theirs.next();
    const out = await purchaser.call(endpoints.auth.signOut);
    expect(out.statusCode, out.body).toBe(200);
    // The stream ends (its reader sees the end, not an error), well before a heartbeat would find it.
    const started = Date.now();
    while (await mine.next());
    expect(Date.now() - started).toBeLessThan(5_000);
    // The same person's other session (another phone) still streams: its heartbeat arrives.
    await theirs.until((frame) => frame.comment === 'ping');
    theirs.close();
  });

  it('ends its streams when the server closes, without waiting for the clients', async () => {
    const other = await t.anotherInstance();
    const otherBase = await listening(other);
    const stream = await openStream(otherBase, TEST_DEVICE, { headers: guestAddress(), query: guest(TEST_DEVICE) });
    await stream.next();
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    // The stream ended: its reader sees the end, not an error.
    while (await stream.next());
  });

  it('reads on every pollMs while the change feed is down (no notices arrive)', async () => {
    // Last in this describe: the feed stays down for the rest of the file's server.
    await t.changes.close();
    const deviceKey = '10230000241';
    const stream = await openStream(base, deviceKey, { headers: guestAddress(), query: guest(deviceKey) });
    await stream.next();
    await t.db.insert(deviceEvents).values({ deviceKey, type: 'log', data: { polled: true } });
    const [event] = await stream.until((frame) => frame.data?.polled === true, 5_000);
    stream.close();
    expect(event!.id).toBe((await rowsAfter(deviceKey, 0)).at(-1)!.id);
  });
});

describe('the relay', () => {
  /** A cloud of events only: what the relay reads (eventsAfter) and hears (subscribe). */
  function fakeCloud() {
    const events: CloudEvent[] = [];
    const listeners = new Set<(event: CloudEvent) => void>();
    const cloud = {
      eventsAfter: async (afterId: number, limit = 100) => events.filter((e) => e.id > afterId).slice(0, limit),
      subscribe(listener: (event: CloudEvent) => void) {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    } as unknown as DeviceCloud;
    /** A new event; `heard` false: stored by the cloud but told to nobody (a dropped subscription). */
    const emit = (type: CloudEvent['type'], data: Record<string, unknown>, heard = true) => {
      const event: CloudEvent = {
        id: FIRST_ID + events.length,
        device_key: 'RELAY1',
        type,
        at: new Date().toISOString(),
        data,
      };
      events.push(event);
      if (heard) for (const listener of listeners) listener(event);
    };
    return { cloud, emit };
  }
  const log = { warn: () => {}, error: () => {} };
  /** Far above any id the seeded fleet's cloud may have written (cloud ids are unique in device_events). */
  const FIRST_ID = 9_000_000_001;
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());
  const copied = async () =>
    (
      await database.db
        .select({ cloudEventId: deviceEvents.cloudEventId, type: deviceEvents.type })
        .from(deviceEvents)
        .where(eq(deviceEvents.deviceKey, 'RELAY1'))
        .orderBy(asc(deviceEvents.id))
    ).map((row) => [row.cloudEventId! - FIRST_ID + 1, row.type]);

  it('copies each event once whichever instance hears it, and catches up on what nobody heard', async () => {
    const { cloud, emit } = fakeCloud();
    emit('log', { type: 'GPS' }); // before any relay runs: the first start copies it
    const first = createDeviceEventRelay({ db: database.db, cloud, log });
    const second = createDeviceEventRelay({ db: database.db, cloud, log });
    await first.start();
    await second.start();
    emit('job', { job_id: 'j1', command: 'arm', status: 'QUEUED' });
    emit('job', { job_id: 'j2', command: 'query_features', status: 'QUEUED' });
    emit('firmware', { state: 'downloading', step: 'progress' }, false); // heard by nobody
    emit('shadow', { version: 2, fields: ['online'] }); // its gap makes each relay read the one before
    await Promise.all([first.settled(), second.settled()]);
    await Promise.all([first.close(), second.close()]);

    expect(await copied()).toEqual([
      [1, 'log'],
      [2, 'test'], // arm is a device test (spec 02 §4)
      [3, 'job'],
      [4, 'firmware'],
      [5, 'shadow'],
    ]);
  });
});
