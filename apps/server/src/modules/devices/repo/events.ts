import { and, asc, eq, gt, isNull, max, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { deviceCommands, deviceEvents } from '../schema.ts';

/**
 * The SQL of the device event stream (issue 28 §4): the relay's writes (modules/devices/events.ts) and the
 * streams' reads (events-routes.ts). Rules live there; this file only reads and writes.
 */

/** A device event as the stream sends it. */
export interface StoredDeviceEvent {
  id: number;
  type: string;
  data: Record<string, unknown>;
  at: Date;
}

/** A cloud event as it is copied: once, whoever copies it first. */
export interface DeviceEventToCopy {
  deviceKey: string;
  cloudEventId: number;
  type: string;
  data: Record<string, unknown>;
  at: Date;
}

/** The job's outcome written on the command that started it, when the event ends a job. */
export interface FinishedJob {
  jobId: string;
  status: string;
  answer: Record<string, unknown> | null;
  finishedAt: Date;
}

/** The newest cloud event any instance copied (0 before the first): where catching up starts. */
export async function lastCopiedCloudEventId(db: Db): Promise<number> {
  const [row] = await db.select({ last: max(deviceEvents.cloudEventId) }).from(deviceEvents);
  return Number(row?.last ?? 0);
}

/**
 * Copies one cloud event, unless an instance already did (the cloud's id is unique); answers whether this
 * call wrote it. A job's end is written on its command in the same transaction, so it is written once too.
 *
 * The device's advisory lock makes its rows commit in the order of their ids: a stream reads `id > last
 * sent`, and a row with a smaller id committing after a larger one was read would never be sent. Two
 * writers of one device (two instances copying, or the relay and a catch-up) take turns; other devices
 * do not wait.
 */
export async function copyDeviceEvent(db: Db, event: DeviceEventToCopy, finished: FinishedJob | null) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`device_events:${event.deviceKey}`}))`);
    const written = await tx
      .insert(deviceEvents)
      .values(event)
      .onConflictDoNothing({ target: deviceEvents.cloudEventId })
      .returning({ id: deviceEvents.id });
    if (written.length === 0) return false;
    if (finished) await finishDeviceCommand(tx, finished);
    return true;
  });
}

/** The device's newest event id (0 when it has none): where a stream without Last-Event-ID starts. */
export async function lastDeviceEventId(db: Db, deviceKey: string): Promise<number> {
  const [row] = await db
    .select({ last: max(deviceEvents.id) })
    .from(deviceEvents)
    .where(eq(deviceEvents.deviceKey, deviceKey));
  return Number(row?.last ?? 0);
}

/** The device's events after `afterId`, oldest first, at most `limit`. */
export function deviceEventsAfter(db: Db, deviceKey: string, afterId: number, limit: number) {
  return db
    .select({ id: deviceEvents.id, type: deviceEvents.type, data: deviceEvents.data, at: deviceEvents.at })
    .from(deviceEvents)
    .where(and(eq(deviceEvents.deviceKey, deviceKey), gt(deviceEvents.id, afterId)))
    .orderBy(asc(deviceEvents.id))
    .limit(limit) as Promise<StoredDeviceEvent[]>;
}

/** The newest job event of one job on the device, or null (settling a command written after its job's end). */
export async function lastJobEvent(db: Db, deviceKey: string, jobId: string) {
  const [row] = await db
    .select({ data: deviceEvents.data })
    .from(deviceEvents)
    .where(and(eq(deviceEvents.deviceKey, deviceKey), sql`${deviceEvents.data}->>'job_id' = ${jobId}`))
    .orderBy(sql`${deviceEvents.id} desc`)
    .limit(1);
  return row?.data ?? null;
}

/** Writes a job's end on its command, unless it is already written. */
export async function finishDeviceCommand(db: Db | Tx, finished: FinishedJob) {
  await db
    .update(deviceCommands)
    .set({ status: finished.status, answer: finished.answer, finishedAt: finished.finishedAt })
    .where(and(eq(deviceCommands.jobId, finished.jobId), isNull(deviceCommands.finishedAt)));
}
