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
 * Copies cloud events, each unless an instance already did (the cloud's id is unique); answers the cloud
 * ids this call wrote. The ends of jobs among them are written on their commands in the same transaction,
 * so they are written once too. A batch is a handful of statements however many events it carries: the
 * relay copies what piled up while the last batch was writing in one go.
 *
 * Each device's advisory lock (taken for the batch's devices in key order, so two writers never wait on
 * each other in a circle) makes a device's rows commit in the order of their ids: a stream reads `id >
 * last sent`, and a row with a smaller id committing after a larger one was read would never be sent.
 * Rows are inserted in the order of their cloud ids. Writers of other devices do not wait.
 */
export async function copyDeviceEvents(
  db: Db,
  events: readonly (DeviceEventToCopy & { finished: FinishedJob | null })[],
): Promise<Set<number>> {
  if (events.length === 0) return new Set();
  const rows = events.map((event) => ({
    device_key: event.deviceKey,
    cloud_event_id: event.cloudEventId,
    type: event.type,
    data: event.data,
    at: event.at.toISOString(),
  }));
  const devices = [...new Set(events.map((event) => event.deviceKey))].sort();
  return db.transaction(async (tx) => {
    // A copy of the cloud's own events: its commit need not wait for the disk. Were the database to crash
    // before the WAL reached it, the copy is redone from the cloud (the catch-up starts after the newest
    // copy that survived); a crash of the portal loses nothing. Set with the locks: one round trip for both.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('device_events:' || k)),
                 set_config('synchronous_commit', 'off', true)
            from jsonb_array_elements_text(${JSON.stringify(devices)}::jsonb) as k order by k`,
    );
    const written = (await tx.execute(sql`
      insert into ${deviceEvents} (device_key, cloud_event_id, type, data, at)
      select device_key, cloud_event_id, type, data, at
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as batch(device_key text, cloud_event_id bigint, type text, data jsonb, at timestamptz)
       order by cloud_event_id
      on conflict (cloud_event_id) do nothing
      returning cloud_event_id::text as id`)) as { rows: { id: string }[] };
    const ids = new Set(written.rows.map((row) => Number(row.id)));
    const finished = events.filter((event) => event.finished && ids.has(event.cloudEventId)).map((e) => e.finished!);
    if (finished.length > 0) {
      const ends = finished.map((end) => ({
        job_id: end.jobId,
        status: end.status,
        answer: end.answer,
        finished_at: end.finishedAt.toISOString(),
      }));
      await tx.execute(sql`
        update ${deviceCommands} as c
           set status = e.status, answer = e.answer, finished_at = e.finished_at
          from jsonb_to_recordset(${JSON.stringify(ends)}::jsonb)
            as e(job_id text, status text, answer jsonb, finished_at timestamptz)
         where c.job_id = e.job_id and c.finished_at is null`);
    }
    return ids;
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
