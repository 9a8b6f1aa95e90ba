import { TERMINAL_JOB_STATUSES, type CloudEvent, type DeviceCloud, type Job } from '../../adapters/devices/types.ts';
import { DEVICE_TEST_COMMAND_NAMES } from '@portal/contracts';
import type { Db } from '../../db/client.ts';
import {
  copyDeviceEvents,
  finishDeviceCommand,
  lastCopiedCloudEventId,
  lastJobEvent,
  type FinishedJob,
} from './repo/events.ts';

/**
 * The relay (issue 28 §4): the device cloud's events copied into `device_events`, whose rows the event
 * streams send (events-routes.ts). Every instance relays; each cloud event is written once, by whichever
 * instance hears it first (its cloud id is unique), and the table's trigger wakes every instance's
 * streams of that device.
 *
 * Nothing is lost: every event heard is written (a second write of one does nothing); at start, and
 * whenever an event comes whose predecessors were not heard (a gap: the cloud's stream dropped, or
 * another process of the cloud wrote them), the relay first reads the cloud's events after the newest
 * one copied, in order; a slow sweep (every `catchUpEveryMs`) does the same for a gap no later event
 * reveals. Writes take turns (one chain per relay); the events heard while one is writing are written
 * together by the next, in the order of their ids, in one transaction of a few statements (repo
 * copyDeviceEvents): under load the relay writes fewer, larger batches instead of falling behind.
 */

/** The names a stream's events go by (SSE `event:`): the cloud's, and 'test' for a device test's job. */
export type DeviceEventType = 'job' | 'test' | 'firmware' | 'log' | 'shadow';

/**
 * spec 02 §4 device tests (Verify GPS, Arm, Disarm, Panic On/Off, Remote Start/Stop, Trunk, Aux 1/2,
 * Reset Device Settings): their jobs are the tests' outcomes, sent as 'test' so the test screen listens to
 * one name. Every other job (configuration items, PINs, option tables, the firmware download) is 'job'.
 */
export const DEVICE_TEST_COMMANDS: ReadonlySet<string> = new Set(DEVICE_TEST_COMMAND_NAMES);

/** The stream's name of a cloud event. */
export function deviceEventTypeOf(event: Pick<CloudEvent, 'type' | 'data'>): DeviceEventType {
  if (event.type === 'job' && DEVICE_TEST_COMMANDS.has(String(event.data.command))) return 'test';
  return event.type;
}

/** A job's end as its command records it (device_commands: status, answer, finished_at), or null while it runs. */
export function finishedJobOf(data: Record<string, unknown>): FinishedJob | null {
  const job = data as Partial<Job>;
  if (typeof job.job_id !== 'string' || !job.status || !TERMINAL_JOB_STATUSES.includes(job.status)) return null;
  return {
    jobId: job.job_id,
    status: job.status,
    answer: { reason: job.reason ?? null, result: job.result ?? null },
    finishedAt: new Date(job.finished_at ?? Date.now()),
  };
}

/**
 * Writes a job's end on the command that started it when the relay copied that end before the command
 * was recorded (a fast device answers while the call is still writing its row). The devices service calls
 * it after recording a command whose job was still running; it writes nothing when the job has not ended.
 */
export async function settleDeviceCommand(db: Db, deviceKey: string, jobId: string): Promise<void> {
  const data = await lastJobEvent(db, deviceKey, jobId);
  const finished = data && finishedJobOf(data);
  if (finished) await finishDeviceCommand(db, finished);
}

export interface DeviceEventRelay {
  /** Listens to the cloud and copies what it missed while down. */
  start(): Promise<void>;
  /** Resolves once every event heard so far is written (tests; a close waits for it). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export interface DeviceEventRelayOptions {
  db: Db;
  /** The cloud; its `start` (when it has one, idempotent) runs before the relay reads it. */
  cloud: DeviceCloud & { start?: () => Promise<void> };
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
  /** How often a catch-up runs although no gap was seen (a cloud that went silent); default 10 s. */
  catchUpEveryMs?: number;
  /** Events read per catch-up call. */
  batch?: number;
}

export function createDeviceEventRelay(options: DeviceEventRelayOptions): DeviceEventRelay {
  const { db, cloud, log } = options;
  const batch = options.batch ?? 500;
  /** The newest cloud event id known written (by this instance or another). */
  let lastId = 0;
  let started = false;
  let closed = false;
  let unsubscribe: (() => void) | null = null;
  let sweep: NodeJS.Timeout | undefined;
  /** Every write goes through this one chain: events are written one at a time, in order. */
  let chain: Promise<void> = Promise.resolve();

  const enqueue = (step: () => Promise<void>) => {
    chain = chain.then(step).catch((error: unknown) => {
      // An event heard but not written waits in `unwritten`; the next catch-up (a gap or the sweep) writes it.
      log.error({ err: error }, 'copying device events failed; the next catch-up retries');
    });
    return chain;
  };

  /** Events heard whose write failed (the database was away): written first by the next catch-up. */
  const unwritten: CloudEvent[] = [];
  /** Events heard and not yet taken by a write: the next drain writes them all at once. */
  const heard: CloudEvent[] = [];
  let drainQueued = false;
  /** Cloud ids this relay wrote lately: a live event a catch-up already brought is not written twice. */
  const written = new Set<number>();

  /** Writes events (any that this relay wrote already left out) in one transaction, in the order of their ids. */
  async function write(events: readonly CloudEvent[]) {
    const fresh = events.filter((event) => !written.has(event.id)).sort((a, b) => a.id - b.id);
    if (fresh.length === 0) return;
    await copyDeviceEvents(
      db,
      fresh.map((event) => ({
        deviceKey: event.device_key,
        cloudEventId: event.id,
        type: deviceEventTypeOf(event),
        data: event.data,
        at: new Date(event.at),
        finished: event.type === 'job' ? finishedJobOf(event.data) : null,
      })),
    );
    for (const event of fresh) {
      lastId = Math.max(lastId, event.id);
      written.add(event.id);
    }
    if (written.size > 10_000) for (const id of [...written].slice(0, 5_000)) written.delete(id);
  }

  /** Copies the cloud's events after the newest known, in order, until there are none left. */
  async function catchUp() {
    if (unwritten.length > 0) {
      await write(unwritten);
      unwritten.length = 0;
    }
    lastId = Math.max(lastId, await lastCopiedCloudEventId(db));
    for (;;) {
      if (closed) return;
      const events = await cloud.eventsAfter(lastId, batch);
      await write(events);
      if (events.length < batch) return;
    }
  }

  /** Writes every event heard since the last drain. */
  async function drain() {
    drainQueued = false;
    if (closed) return;
    const events = heard.splice(0).sort((a, b) => a.id - b.id);
    if (events.length === 0) return;
    try {
      // A gap: events before or between these were not heard here. The cloud's ids increase, so reading after the
      // newest copied brings them (and these), in order.
      const gap = events.some((event, index) => event.id > (index === 0 ? lastId : events[index - 1]!.id) + 1);
      if (gap) await catchUp();
      // Written whatever their ids: the cloud may hand on two events in another order than their ids (two
      // writes at once), and one with an id below the newest copied is not therefore copied. The unique
      // cloud id makes a second write of one do nothing.
      await write(events);
    } catch (error) {
      unwritten.push(...events);
      throw error;
    }
  }

  function hear(event: CloudEvent) {
    if (closed) return;
    heard.push(event);
    if (drainQueued) return;
    drainQueued = true;
    void enqueue(drain);
  }

  return {
    async start() {
      if (started) return;
      started = true;
      await cloud.start?.();
      // Listen first, so what happens during the catch-up is queued behind it (and not written twice).
      unsubscribe = cloud.subscribe(hear);
      await enqueue(catchUp);
      const everyMs = options.catchUpEveryMs ?? 10_000;
      sweep = setInterval(() => void enqueue(catchUp), everyMs);
      sweep.unref();
    },
    settled: () => chain,
    async close() {
      closed = true;
      clearInterval(sweep);
      unsubscribe?.();
      await chain;
    },
  };
}
