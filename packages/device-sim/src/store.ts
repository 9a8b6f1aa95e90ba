/**
 * Where the simulated fleet keeps its state, so it survives a restart and can be shared by two
 * processes (issue 28: "state survives a restart (its own tables, like the payments processor)").
 * Every write that two processes could race is a single compare-and-set: a shadow on its version, a
 * job on its status and step. Two stores implement it: memory (the embedded default, 100,000
 * devices in well under 1 GB) and SQL (PGlite or PostgreSQL).
 */
import type { CloudEvent, DeviceLog, Job, JobStatus, ReportedState, ScenarioName } from './api.ts';

/** The minimal SQL client: PGlite and node-postgres' Pool both have this `query`. */
export interface SqlClient {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** A device as stored: the shadow, kept lean (a timestamp only for the fields changed since creation). */
export interface DeviceRecord {
  device_key: string;
  version: number;
  reported: ReportedState;
  /** Wall-clock ms of the device's creation: the timestamp of every field not changed since. */
  created_at: number;
  /** Wall-clock ms of each top-level field's last change. */
  changed_at: Partial<Record<keyof ReportedState, number>>;
  scenarios: ScenarioName[];
  /** Where the car is parked: a fix reports around it (lat/lon are null in the shadow while there is no fix). */
  home: { latitude: number; longitude: number };
}

/** A job as stored: the Job, what it needs to run, and where its machine stands. */
export interface JobRecord {
  job: Job;
  /** The call's arguments (a PIN, option values, a firmware target, …) and the machine's working data. */
  params: Record<string, unknown>;
  /** Counts the job's transitions; a transition names the step it starts from (compare-and-set). */
  step: number;
  /** Wall-clock ms when the job's next step is due; null once it has ended. */
  due_at: number | null;
}

export interface LogQuery {
  from?: string;
  to?: string;
  type?: string;
  limit?: number;
}

export interface FleetCounts {
  devices: number;
  jobs: number;
  unfinished_jobs: number;
  logs: number;
  events: number;
}

/**
 * How much of the past a store keeps, as a real cloud keeps a retention window: the newest jobs and logs of each
 * device (unfinished jobs always) and the newest events of the fleet. Events are the stream a portal's relay reads
 * and copies as they come; a portal away for longer than the window misses the oldest (its copies are its own).
 */
export interface Retention {
  jobsPerDevice: number;
  logsPerDevice: number;
  events: number;
}
export const DEFAULT_RETENTION: Retention = { jobsPerDevice: 200, logsPerDevice: 500, events: 100_000 };

/** What a trim removed. */
export interface Trimmed {
  jobs: number;
  logs: number;
  events: number;
}

export interface FleetStore {
  /** Creates the tables (idempotent). */
  init(): Promise<void>;

  countDevices(): Promise<number>;
  /** A fresh copy the caller may change; null when there is no such device. */
  getDevice(deviceKey: string): Promise<DeviceRecord | null>;
  /** Adds devices, skipping keys already there; answers how many were added. */
  insertDevices(records: DeviceRecord[]): Promise<number>;
  /** Writes `record` (whose version is the next one) if the stored version is still `expectedVersion`. */
  compareAndSetDevice(record: DeviceRecord, expectedVersion: number): Promise<boolean>;
  /** The device's next job number (1, 2, …), atomically: seeds its jobs' randomness. */
  nextJobNumber(deviceKey: string): Promise<number>;

  insertJob(record: JobRecord): Promise<void>;
  getJob(jobId: string): Promise<JobRecord | null>;
  /** Writes `record` if the stored job is still at `expectedStatus` and `expectedStep`. */
  compareAndSetJob(record: JobRecord, expectedStatus: JobStatus, expectedStep: number): Promise<boolean>;
  /** The device's jobs, newest first. */
  jobsOfDevice(deviceKey: string, limit: number): Promise<Job[]>;
  /** Jobs not ended yet (QUEUED or IN_PROGRESS), for a restart to resume. */
  unfinishedJobs(): Promise<JobRecord[]>;

  /** Stores a log entry and answers it with its id. */
  appendLog(log: Omit<DeviceLog, 'id'>): Promise<DeviceLog>;
  /** The device's log entries, newest first. */
  logs(deviceKey: string, query?: LogQuery): Promise<DeviceLog[]>;

  /** Stores an event and answers it with its id (ids increase across the whole fleet). */
  appendEvent(event: Omit<CloudEvent, 'id'>): Promise<CloudEvent>;
  /** Events with an id above `afterId`, oldest first. */
  eventsAfter(afterId: number, limit: number): Promise<CloudEvent[]>;

  counts(): Promise<FleetCounts>;
  /**
   * Removes what is older than the retention window. The memory store trims as it writes (this only makes the
   * event window exact); the SQL store trims here, for the devices this process wrote to since its last trim,
   * so a busy fleet's tables stop growing (the simulator calls it from its sweep).
   */
  trim(): Promise<Trimmed>;
}

export const isUnfinished = (status: JobStatus): boolean => status === 'QUEUED' || status === 'IN_PROGRESS';

/** The log filter both stores apply (ISO timestamps compare as text). */
export function logMatches(log: DeviceLog, query: LogQuery): boolean {
  if (query.type !== undefined && log.type !== query.type) return false;
  if (query.from !== undefined && log.timestamp < query.from) return false;
  if (query.to !== undefined && log.timestamp > query.to) return false;
  return true;
}

export const DEFAULT_LOG_LIMIT = 100;
