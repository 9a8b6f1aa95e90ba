/**
 * The fleet in SQL (PGlite or PostgreSQL), in tables of its own prefixed device_sim_, so the
 * simulated cloud survives a restart and two processes can share it. Every write is one statement;
 * the racy ones are compare-and-set (a shadow on its version, a job on its status and step), so two
 * processes never advance one job twice. Big integers are read as text (PGlite and node-postgres
 * parse int8 differently), so ORDER BY names the table's column, not the text alias.
 */
import type { CloudEvent, CloudEventType, DeviceLog, Job, JobStatus } from './api.ts';
import type { DeviceRecord, FleetStore, JobRecord, LogQuery, Retention, SqlClient } from './store.ts';
import { DEFAULT_LOG_LIMIT, DEFAULT_RETENTION } from './store.ts';

/** duplicate_table, unique_violation (pg_type) and duplicate_object: what concurrent CREATE … IF NOT EXISTS can raise. */
const CREATE_RACES = new Set(['42P07', '23505', '42710']);

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS device_sim_devices (
    device_key text PRIMARY KEY,
    version integer NOT NULL,
    record jsonb NOT NULL,
    job_number integer NOT NULL DEFAULT 0
  )`,
  `CREATE TABLE IF NOT EXISTS device_sim_jobs (
    seq bigserial PRIMARY KEY,
    job_id text NOT NULL UNIQUE,
    device_key text NOT NULL,
    status text NOT NULL,
    step integer NOT NULL,
    due_at bigint,
    record jsonb NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS device_sim_jobs_by_device ON device_sim_jobs (device_key, seq DESC)`,
  `CREATE INDEX IF NOT EXISTS device_sim_jobs_unfinished ON device_sim_jobs (status)
    WHERE status IN ('QUEUED', 'IN_PROGRESS')`,
  `CREATE TABLE IF NOT EXISTS device_sim_logs (
    id bigserial PRIMARY KEY,
    device_key text NOT NULL,
    type text NOT NULL,
    at text NOT NULL,
    log jsonb NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS device_sim_logs_by_device ON device_sim_logs (device_key, id DESC)`,
  `CREATE TABLE IF NOT EXISTS device_sim_events (
    id bigserial PRIMARY KEY,
    device_key text NOT NULL,
    type text NOT NULL,
    at text NOT NULL,
    data jsonb NOT NULL
  )`,
];

const INSERT_BATCH = 1000;
/** Events written in one statement at most. */
const EVENT_BATCH = 500;
/** The advisory lock key that serialises event ids (any constant of our own). */
const EVENT_ORDER_LOCK = 2_026_028;

interface DeviceRow {
  version: number;
  record: DeviceRecord;
}
interface JobRow {
  record: JobRecord;
}
interface LogRow {
  id: string;
  log: Omit<DeviceLog, 'id'>;
}
interface EventRow {
  id: string;
  device_key: string;
  type: CloudEventType;
  at: string;
  data: Record<string, unknown>;
}

const toEvent = (row: EventRow): CloudEvent => ({
  id: Number(row.id),
  device_key: row.device_key,
  type: row.type,
  at: row.at,
  data: row.data,
});

export function createSqlStore(client: SqlClient, options: { retention?: Partial<Retention> } = {}): FleetStore {
  const retention: Retention = { ...DEFAULT_RETENTION, ...options.retention };
  /** Devices this process gave a job or a log since its last trim: the ones whose past may be over the window. */
  const written = new Set<string>();
  const deleted = async (sql: string, params: unknown[]) =>
    Number((await client.query<{ n: string }>(sql, params)).rows[0]?.n ?? 0);
  const count = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0]?.n ?? 0);

  /**
   * Events are appended in batches: the ones asked for while a batch is being written go together in the
   * next, in the order asked. Ids must commit in their order (a reader resuming after id n, Last-Event-ID,
   * would otherwise skip an n − 1 still committing), so a batch takes the event-order lock (held to its
   * commit, before the ids are drawn); one batch is one lock and one commit however many events it holds,
   * where one event per statement made every event wait for the commits of all before it.
   */
  const pendingEvents: {
    entry: Omit<CloudEvent, 'id'>;
    resolve: (event: CloudEvent) => void;
    reject: (error: unknown) => void;
  }[] = [];
  let writingEvents = false;
  async function writeEvents() {
    writingEvents = true;
    try {
      while (pendingEvents.length > 0) {
        const batch = pendingEvents.splice(0, EVENT_BATCH);
        try {
          const { rows } = await client.query<{ id: string }>(
            `INSERT INTO device_sim_events (device_key, type, at, data)
             SELECT e.value->>'device_key', e.value->>'type', e.value->>'at', e.value->'data'
               FROM (SELECT pg_advisory_xact_lock(${EVENT_ORDER_LOCK})) AS in_order,
                    jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(value, n)
              ORDER BY e.n
             RETURNING id::text AS id`,
            [JSON.stringify(batch.map((pending) => pending.entry))],
          );
          // Drawn in the order inserted, under the lock: the batch's ids ascend in the order asked.
          const ids = rows.map((row) => Number(row.id)).sort((a, b) => a - b);
          batch.forEach((pending, index) => pending.resolve({ id: ids[index] ?? 0, ...pending.entry }));
        } catch (error) {
          for (const pending of batch) pending.reject(error);
        }
      }
    } finally {
      writingEvents = false;
    }
  }

  return {
    async init() {
      for (const statement of SCHEMA)
        for (let attempt = 1; ; attempt++) {
          try {
            await client.query(statement);
            break;
          } catch (error) {
            // Two instances starting together: PostgreSQL's CREATE … IF NOT EXISTS can still collide in its
            // catalog (the other made the table a moment before); asked again, it finds it.
            if (attempt < 3 && CREATE_RACES.has((error as { code?: string }).code ?? '')) continue;
            throw error;
          }
        }
    },

    countDevices: () => count('SELECT count(*)::text AS n FROM device_sim_devices'),

    async getDevice(deviceKey) {
      const { rows } = await client.query<DeviceRow>(
        'SELECT version, record FROM device_sim_devices WHERE device_key = $1',
        [deviceKey],
      );
      const row = rows[0];
      return row ? { ...row.record, version: row.version } : null;
    },

    async insertDevices(records) {
      let added = 0;
      for (let start = 0; start < records.length; start += INSERT_BATCH) {
        const batch = records.slice(start, start + INSERT_BATCH).map((record) => ({
          device_key: record.device_key,
          version: record.version,
          record,
        }));
        const { rows } = await client.query(
          `INSERT INTO device_sim_devices (device_key, version, record)
           SELECT device_key, version, record
             FROM jsonb_to_recordset($1::jsonb) AS batch(device_key text, version integer, record jsonb)
           ON CONFLICT (device_key) DO NOTHING
           RETURNING device_key`,
          [JSON.stringify(batch)],
        );
        added += rows.length;
      }
      return added;
    },

    async compareAndSetDevice(record, expectedVersion) {
      const { rows } = await client.query(
        `UPDATE device_sim_devices SET version = $2, record = $3::jsonb
          WHERE device_key = $1 AND version = $4
          RETURNING device_key`,
        [record.device_key, record.version, JSON.stringify(record), expectedVersion],
      );
      return rows.length === 1;
    },

    async nextJobNumber(deviceKey) {
      const { rows } = await client.query<{ job_number: number }>(
        `UPDATE device_sim_devices SET job_number = job_number + 1 WHERE device_key = $1 RETURNING job_number`,
        [deviceKey],
      );
      const row = rows[0];
      if (!row) throw new Error(`no device ${deviceKey}`);
      return row.job_number;
    },

    async insertJob(record) {
      written.add(record.job.device_key);
      await client.query(
        `INSERT INTO device_sim_jobs (job_id, device_key, status, step, due_at, record)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb)`,
        [
          record.job.job_id,
          record.job.device_key,
          record.job.status,
          record.step,
          record.due_at,
          JSON.stringify(record),
        ],
      );
    },

    async getJob(jobId) {
      const { rows } = await client.query<JobRow>('SELECT record FROM device_sim_jobs WHERE job_id = $1', [jobId]);
      return rows[0]?.record ?? null;
    },

    async compareAndSetJob(record: JobRecord, expectedStatus: JobStatus, expectedStep: number) {
      const { rows } = await client.query(
        `UPDATE device_sim_jobs SET status = $2, step = $3, due_at = $4, record = $5::jsonb
          WHERE job_id = $1 AND status = $6 AND step = $7
          RETURNING job_id`,
        [
          record.job.job_id,
          record.job.status,
          record.step,
          record.due_at,
          JSON.stringify(record),
          expectedStatus,
          expectedStep,
        ],
      );
      return rows.length === 1;
    },

    async jobsOfDevice(deviceKey, limit) {
      const { rows } = await client.query<JobRow>(
        'SELECT record FROM device_sim_jobs WHERE device_key = $1 ORDER BY seq DESC LIMIT $2',
        [deviceKey, limit],
      );
      return rows.map((row): Job => row.record.job);
    },

    async unfinishedJobs() {
      const { rows } = await client.query<JobRow>(
        `SELECT record FROM device_sim_jobs WHERE status IN ('QUEUED', 'IN_PROGRESS') ORDER BY seq`,
      );
      return rows.map((row) => row.record);
    },

    async appendLog(entry) {
      written.add(entry.device_key);
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO device_sim_logs (device_key, type, at, log) VALUES ($1, $2, $3, $4::jsonb) RETURNING id::text AS id`,
        [entry.device_key, entry.type, entry.timestamp, JSON.stringify(entry)],
      );
      return { id: rows[0]?.id ?? '', ...entry };
    },

    async logs(deviceKey, query: LogQuery = {}) {
      const conditions = ['device_key = $1'];
      const params: unknown[] = [deviceKey];
      if (query.type !== undefined) conditions.push(`type = $${params.push(query.type)}`);
      if (query.from !== undefined) conditions.push(`at >= $${params.push(query.from)}`);
      if (query.to !== undefined) conditions.push(`at <= $${params.push(query.to)}`);
      const limit = `$${params.push(query.limit ?? DEFAULT_LOG_LIMIT)}`;
      const { rows } = await client.query<LogRow>(
        `SELECT id::text AS id, log FROM device_sim_logs WHERE ${conditions.join(' AND ')} ORDER BY device_sim_logs.id DESC LIMIT ${limit}`,
        params,
      );
      return rows.map((row) => ({ id: row.id, ...row.log }));
    },

    appendEvent(entry) {
      return new Promise<CloudEvent>((resolve, reject) => {
        pendingEvents.push({ entry, resolve, reject });
        if (!writingEvents) void writeEvents();
      });
    },

    async eventsAfter(afterId, limit) {
      const { rows } = await client.query<EventRow>(
        `SELECT id::text AS id, device_key, type, at, data FROM device_sim_events WHERE device_sim_events.id > $1 ORDER BY device_sim_events.id LIMIT $2`,
        [afterId, limit],
      );
      return rows.map(toEvent);
    },

    async counts() {
      const [devices, jobs, unfinished, logs, events] = await Promise.all([
        count('SELECT count(*)::text AS n FROM device_sim_devices'),
        count('SELECT count(*)::text AS n FROM device_sim_jobs'),
        count(`SELECT count(*)::text AS n FROM device_sim_jobs WHERE status IN ('QUEUED', 'IN_PROGRESS')`),
        count('SELECT count(*)::text AS n FROM device_sim_logs'),
        count('SELECT count(*)::text AS n FROM device_sim_events'),
      ]);
      return { devices, jobs, unfinished_jobs: unfinished, logs, events };
    },

    async trim() {
      const keys = [...written];
      written.clear();
      const events = await deleted(
        `WITH gone AS (
           DELETE FROM device_sim_events
            WHERE id <= (SELECT max(id) FROM device_sim_events) - $1
           RETURNING 1)
         SELECT count(*)::text AS n FROM gone`,
        [retention.events],
      );
      if (keys.length === 0) return { jobs: 0, logs: 0, events };
      // Each device's newest rows by its own index (device_key, id/seq DESC); the rest of its past goes.
      const logs = await deleted(
        `WITH gone AS (
           DELETE FROM device_sim_logs WHERE id IN (
             SELECT id FROM (
               SELECT id, row_number() OVER (PARTITION BY device_key ORDER BY id DESC) AS newest
                 FROM device_sim_logs WHERE device_key = ANY($1::text[])) ranked
              WHERE newest > $2)
           RETURNING 1)
         SELECT count(*)::text AS n FROM gone`,
        [keys, retention.logsPerDevice],
      );
      const jobs = await deleted(
        `WITH gone AS (
           DELETE FROM device_sim_jobs WHERE seq IN (
             SELECT seq FROM (
               SELECT seq, status, row_number() OVER (PARTITION BY device_key ORDER BY seq DESC) AS newest
                 FROM device_sim_jobs WHERE device_key = ANY($1::text[])) ranked
              WHERE newest > $2 AND status NOT IN ('QUEUED', 'IN_PROGRESS'))
           RETURNING 1)
         SELECT count(*)::text AS n FROM gone`,
        [keys, retention.jobsPerDevice],
      );
      return { jobs, logs, events };
    },
  };
}
