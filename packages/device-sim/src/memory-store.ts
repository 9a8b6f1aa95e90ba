/**
 * The fleet in this process's memory (the embedded default). Devices are kept as JSON text: about
 * 1.5 KB a device, so 100,000 fit well within 1 GB (issue 28's bench budget), and a reader can never
 * change a stored device by accident. What it keeps of the past is the retention window (store.ts
 * DEFAULT_RETENTION: jobs and logs per device, unfinished jobs always, the newest events), trimmed as it writes.
 */
import type { CloudEvent, DeviceLog, Job, JobStatus } from './api.ts';
import type { DeviceRecord, FleetStore, JobRecord, LogQuery, Retention } from './store.ts';
import { DEFAULT_LOG_LIMIT, DEFAULT_RETENTION, isUnfinished, logMatches } from './store.ts';

interface StoredDevice {
  version: number;
  json: string;
  jobNumber: number;
}

export function createMemoryStore(options: { retention?: Partial<Retention> } = {}): FleetStore {
  const retention: Retention = { ...DEFAULT_RETENTION, ...options.retention };
  const devices = new Map<string, StoredDevice>();
  const jobs = new Map<string, string>(); // job id → JobRecord as JSON
  const jobIdsByDevice = new Map<string, string[]>();
  const unfinishedJobIds = new Set<string>();
  const logsByDevice = new Map<string, DeviceLog[]>();
  let logCount = 0;
  let lastLogId = 0;
  const events: CloudEvent[] = [];
  let lastEventId = 0;

  const encodeDevice = (record: DeviceRecord) => JSON.stringify(record);
  const decodeJob = (json: string) => JSON.parse(json) as JobRecord;

  return {
    async init() {},

    async countDevices() {
      return devices.size;
    },

    async getDevice(deviceKey) {
      const stored = devices.get(deviceKey);
      return stored ? (JSON.parse(stored.json) as DeviceRecord) : null;
    },

    async insertDevices(records) {
      let added = 0;
      for (const record of records) {
        if (devices.has(record.device_key)) continue;
        devices.set(record.device_key, { version: record.version, json: encodeDevice(record), jobNumber: 0 });
        added++;
      }
      return added;
    },

    async compareAndSetDevice(record, expectedVersion) {
      const stored = devices.get(record.device_key);
      if (!stored || stored.version !== expectedVersion) return false;
      stored.version = record.version;
      stored.json = encodeDevice(record);
      return true;
    },

    async nextJobNumber(deviceKey) {
      const stored = devices.get(deviceKey);
      if (!stored) throw new Error(`no device ${deviceKey}`);
      return ++stored.jobNumber;
    },

    async insertJob(record) {
      const id = record.job.job_id;
      if (jobs.has(id)) throw new Error(`job ${id} exists`);
      jobs.set(id, JSON.stringify(record));
      let ids = jobIdsByDevice.get(record.job.device_key) ?? [];
      ids.push(id);
      if (isUnfinished(record.job.status)) unfinishedJobIds.add(id);
      if (ids.length > retention.jobsPerDevice) {
        const dropped = ids.slice(0, ids.length - retention.jobsPerDevice).filter((old) => !unfinishedJobIds.has(old));
        for (const old of dropped) jobs.delete(old);
        ids = ids.filter((kept) => jobs.has(kept));
      }
      jobIdsByDevice.set(record.job.device_key, ids);
    },

    async getJob(jobId) {
      const json = jobs.get(jobId);
      return json === undefined ? null : decodeJob(json);
    },

    async compareAndSetJob(record: JobRecord, expectedStatus: JobStatus, expectedStep: number) {
      const json = jobs.get(record.job.job_id);
      if (json === undefined) return false;
      const stored = decodeJob(json);
      if (stored.job.status !== expectedStatus || stored.step !== expectedStep) return false;
      jobs.set(record.job.job_id, JSON.stringify(record));
      if (isUnfinished(record.job.status)) unfinishedJobIds.add(record.job.job_id);
      else unfinishedJobIds.delete(record.job.job_id);
      return true;
    },

    async jobsOfDevice(deviceKey, limit) {
      const ids = jobIdsByDevice.get(deviceKey) ?? [];
      const newest: Job[] = [];
      for (let index = ids.length - 1; index >= 0 && newest.length < limit; index--) {
        const json = jobs.get(ids[index] ?? '');
        if (json !== undefined) newest.push(decodeJob(json).job);
      }
      return newest;
    },

    async unfinishedJobs() {
      return [...unfinishedJobIds].flatMap((id) => {
        const json = jobs.get(id);
        return json === undefined ? [] : [decodeJob(json)];
      });
    },

    async appendLog(entry) {
      const log: DeviceLog = { id: String(++lastLogId), ...entry };
      const list = logsByDevice.get(log.device_key) ?? [];
      list.push(log);
      if (list.length > retention.logsPerDevice) list.shift();
      else logCount++;
      logsByDevice.set(log.device_key, list);
      return structuredClone(log);
    },

    async logs(deviceKey, query: LogQuery = {}) {
      const list = logsByDevice.get(deviceKey) ?? [];
      const limit = query.limit ?? DEFAULT_LOG_LIMIT;
      const newest: DeviceLog[] = [];
      for (let index = list.length - 1; index >= 0 && newest.length < limit; index--) {
        const log = list[index];
        if (log && logMatches(log, query)) newest.push(structuredClone(log));
      }
      return newest;
    },

    async appendEvent(entry) {
      const event: CloudEvent = { id: ++lastEventId, ...entry };
      events.push(event);
      // Trimmed a tenth at a time: one big splice now and then, not one per event.
      if (events.length > retention.events * 1.1) events.splice(0, events.length - retention.events);
      return structuredClone(event);
    },

    async eventsAfter(afterId, limit) {
      // ids are consecutive: the first event kept says where `afterId` sits.
      const firstId = events[0]?.id ?? lastEventId + 1;
      const start = Math.max(0, afterId + 1 - firstId);
      return structuredClone(events.slice(start, start + limit));
    },

    async counts() {
      return {
        devices: devices.size,
        jobs: jobs.size,
        unfinished_jobs: unfinishedJobIds.size,
        logs: logCount,
        events: events.length,
      };
    },

    async trim() {
      const over = Math.max(0, events.length - retention.events);
      events.splice(0, over);
      return { jobs: 0, logs: 0, events: over };
    },
  };
}
