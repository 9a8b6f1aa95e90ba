/**
 * The FleetStore contract on both stores (compare-and-set on a shadow's version and on a job's status
 * and step, job numbers, logs newest first with their filters, events with increasing ids), then the
 * simulator on SQL: state survives a restart, and two simulators sharing one store never advance a job
 * twice (issue 28: "state survives a restart (its own tables, like the payments processor)").
 * One PGlite for the file (it takes seconds to start); each test starts from dropped tables.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CloudEvent, DeviceCloud, DeviceLog, Job } from './api.ts';
import { TERMINAL_JOB_STATUSES } from './api.ts';
import { demoDeviceRecords } from './fleet.ts';
import { createMemoryStore } from './memory-store.ts';
import type { SimulatedCloud } from './simulator.ts';
import { createSimulatedCloud } from './simulator.ts';
import { createSqlStore } from './sql-store.ts';
import type { FleetStore, JobRecord, Retention } from './store.ts';

let db: PGlite;
beforeAll(async () => {
  db = new PGlite();
  await db.waitReady;
}, 120_000);
afterAll(async () => {
  await db.close();
});

async function emptySqlStore(options?: { retention?: Partial<Retention> }): Promise<FleetStore> {
  await db.query('DROP TABLE IF EXISTS device_sim_devices, device_sim_jobs, device_sim_logs, device_sim_events');
  return createSqlStore(db, options);
}

const stores: [string, (options?: { retention?: Partial<Retention> }) => Promise<FleetStore>][] = [
  ['memory', async (options) => createMemoryStore(options)],
  ['SQL (PGlite)', emptySqlStore],
];

const KEY = '10230000234';

function jobRecord(jobId: string, status: Job['status'] = 'QUEUED'): JobRecord {
  return {
    job: {
      job_id: jobId,
      device_key: KEY,
      command: 'arm',
      bit: null,
      status,
      reason: null,
      result: null,
      queued_at: new Date().toISOString(),
      started_at: null,
      finished_at: null,
    },
    params: { phase: 'pickup' },
    step: 0,
    due_at: Date.now(),
  };
}

function logEntry(type: string, timestamp: string): Omit<DeviceLog, 'id'> {
  return {
    device_key: KEY,
    type,
    description: type,
    timestamp,
    latitude: null,
    longitude: null,
    cellular_signal_strength: -70,
    carrier: 'AT&T',
    speed: 0,
    gps_status: 'no-fix',
    gps_direction: 'N',
    gps_degree: 0,
    backup_battery_voltage: 4,
    controller: 'FT-X1',
    imei: '1',
    iccid: '2',
    ble_mac_address: '3',
    firmware_version: '1',
    ble_firmware_version: '1',
    controller_model: 'CM7300',
    controller_version: '2.1',
    obd: null,
    keylocker: null,
    data: { n: 1 },
  };
}

describe.each(stores)('FleetStore: %s', (_name, open) => {
  it('inserts devices once and writes a shadow only at the expected version', async () => {
    const store = await open();
    await store.init();
    await store.init(); // idempotent
    const records = demoDeviceRecords('store', Date.now());
    expect(await store.insertDevices(records)).toBe(records.length);
    expect(await store.insertDevices(records)).toBe(0);
    expect(await store.countDevices()).toBe(records.length);

    const device = (await store.getDevice(KEY))!;
    expect(device).toEqual(records.find((record) => record.device_key === KEY));
    device.reported.ignition = true; // a copy: the store is unchanged until written
    expect((await store.getDevice(KEY))!.reported.ignition).toBe(false);

    expect(await store.compareAndSetDevice({ ...device, version: 2 }, 1)).toBe(true);
    expect(await store.compareAndSetDevice({ ...device, version: 2 }, 1)).toBe(false);
    expect((await store.getDevice(KEY))!).toMatchObject({ version: 2, reported: { ignition: true } });
    expect(await store.getDevice('nope')).toBeNull();

    expect([await store.nextJobNumber(KEY), await store.nextJobNumber(KEY)]).toEqual([1, 2]);
  });

  it('moves a job only from the status and step it is at, and lists the unfinished ones', async () => {
    const store = await open();
    await store.init();
    await store.insertDevices(demoDeviceRecords('store', Date.now()));
    await store.insertJob(jobRecord('a'));
    await store.insertJob(jobRecord('b'));
    const started: JobRecord = { ...jobRecord('a', 'IN_PROGRESS'), step: 1 };
    expect(await store.compareAndSetJob(started, 'QUEUED', 0)).toBe(true);
    expect(await store.compareAndSetJob(started, 'QUEUED', 0)).toBe(false); // the second process loses
    expect(await store.compareAndSetJob({ ...started, step: 2 }, 'IN_PROGRESS', 0)).toBe(false); // stale step
    const ended: JobRecord = { ...jobRecord('a', 'SUCCEEDED'), step: 2, due_at: null };
    expect(await store.compareAndSetJob(ended, 'IN_PROGRESS', 1)).toBe(true);

    expect((await store.getJob('a'))!).toMatchObject({ step: 2, due_at: null, job: { status: 'SUCCEEDED' } });
    expect((await store.unfinishedJobs()).map((record) => record.job.job_id)).toEqual(['b']);
    expect((await store.jobsOfDevice(KEY, 10)).map((job) => job.job_id)).toEqual(['b', 'a']);
    expect((await store.jobsOfDevice(KEY, 1)).map((job) => job.job_id)).toEqual(['b']);
    expect(await store.getJob('zzz')).toBeNull();
  });

  it('keeps logs newest first with type and time filters, and events with increasing ids', async () => {
    const store = await open();
    await store.init();
    const first = await store.appendLog(logEntry('GPS', '2026-01-01T00:00:00.000Z'));
    await store.appendLog(logEntry('C42', '2026-01-02T00:00:00.000Z'));
    await store.appendLog(logEntry('R42', '2026-01-03T00:00:00.000Z'));
    expect(first.id).toEqual(expect.any(String));
    expect((await store.logs(KEY)).map((log) => log.type)).toEqual(['R42', 'C42', 'GPS']);
    expect((await store.logs(KEY, { type: 'C42' })).map((log) => log.type)).toEqual(['C42']);
    expect((await store.logs(KEY, { from: '2026-01-02T00:00:00.000Z' })).map((log) => log.type)).toEqual([
      'R42',
      'C42',
    ]);
    expect((await store.logs(KEY, { to: '2026-01-01T12:00:00.000Z' }))[0]).toEqual(first);
    expect(await store.logs(KEY, { limit: 1 })).toHaveLength(1);
    expect(await store.logs('other')).toEqual([]);

    // Twelve events and logs: ids past 9 must still sort as numbers, not as text.
    const events = [];
    for (let index = 0; index < 12; index++) {
      const type = (['job', 'shadow', 'log', 'firmware'] as const)[index % 4]!;
      events.push(await store.appendEvent({ device_key: KEY, type, at: new Date().toISOString(), data: { index } }));
    }
    const ids = events.map((event) => event.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(12);
    expect(await store.eventsAfter(0, 100)).toEqual(events);
    expect(await store.eventsAfter(events[8]!.id, 2)).toEqual([events[9], events[10]]);
    expect(await store.eventsAfter(events[11]!.id, 10)).toEqual([]);
    for (let index = 0; index < 9; index++) await store.appendLog(logEntry('CMD', '2026-01-04T00:00:00.000Z'));
    const logIds = (await store.logs(KEY)).map((log) => Number(log.id));
    expect(logIds).toEqual([...logIds].sort((a, b) => b - a));
    expect(await store.counts()).toMatchObject({ logs: 12, events: 12, devices: 0 });
  });

  it('keeps only its retention window: the newest jobs and logs of a device, unfinished jobs always, the newest events', async () => {
    const store = await open({ retention: { jobsPerDevice: 2, logsPerDevice: 3, events: 4 } });
    await store.init();
    await store.insertJob(jobRecord('still-running', 'IN_PROGRESS'));
    for (let index = 0; index < 4; index++) await store.insertJob(jobRecord(`done-${index}`, 'SUCCEEDED'));
    for (let index = 0; index < 5; index++) await store.appendLog(logEntry(`L${index}`, '2026-01-01T00:00:00.000Z'));
    const events: CloudEvent[] = [];
    for (let index = 0; index < 7; index++)
      events.push(
        await store.appendEvent({ device_key: KEY, type: 'log', at: new Date().toISOString(), data: { index } }),
      );
    await store.trim();
    expect((await store.jobsOfDevice(KEY, 100)).map((job) => job.job_id)).toEqual([
      'done-3',
      'done-2',
      'still-running',
    ]);
    expect((await store.unfinishedJobs()).map((record) => record.job.job_id)).toEqual(['still-running']);
    expect((await store.logs(KEY)).map((log) => log.type)).toEqual(['L4', 'L3', 'L2']);
    expect(await store.eventsAfter(0, 100)).toEqual(events.slice(-4));
    // What is kept is trimmed again only once it is over the window.
    expect(await store.trim()).toEqual({ jobs: 0, logs: 0, events: 0 });
  });
});

describe('the SQL store: events asked for together', () => {
  it('are written in batches, with ids ascending in the order asked, each answered with its own', async () => {
    const store = await emptySqlStore();
    await store.init();
    const at = new Date().toISOString();
    const asked = Array.from({ length: 40 }, (_, index) => ({
      device_key: index % 2 ? KEY : 'other',
      type: 'job' as const,
      at,
      data: { index },
    }));
    const appended = await Promise.all(asked.map((entry) => store.appendEvent(entry)));
    expect(appended.map((event) => event.data.index)).toEqual(asked.map((entry) => entry.data.index));
    const ids = appended.map((event) => event.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(40);
    expect(await store.eventsAfter(0, 100)).toEqual(appended);
  });
});

describe('the memory store', () => {
  it('keeps the newest 200 jobs of a device, and every unfinished one', async () => {
    const store = createMemoryStore();
    await store.insertJob(jobRecord('unfinished'));
    for (let index = 0; index < 250; index++) await store.insertJob(jobRecord(`done-${index}`, 'SUCCEEDED'));
    const kept = await store.jobsOfDevice(KEY, 1000);
    expect(kept.length).toBeLessThanOrEqual(201);
    expect(kept[0]!.job_id).toBe('done-249');
    expect(await store.getJob('unfinished')).not.toBeNull();
    expect(await store.getJob('done-0')).toBeNull();
    expect((await store.unfinishedJobs()).map((record) => record.job.job_id)).toEqual(['unfinished']);
  });
});

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const resource of opened.splice(0).reverse()) await resource.close();
});

async function simulator(speed: number, sweepMs?: number): Promise<SimulatedCloud> {
  const cloud = createSimulatedCloud({
    store: createSqlStore(db),
    speed,
    seed: 'restart',
    ...(sweepMs ? { sweepMs } : {}),
  });
  opened.push(cloud);
  await cloud.start();
  return cloud;
}

const until = <T>(read: () => Promise<T>, accept: (value: T) => boolean) =>
  vi.waitFor(
    async () => {
      const value = await read();
      if (!accept(value)) throw new Error(`not yet: ${JSON.stringify(value)}`);
      return value;
    },
    { timeout: 10_000, interval: 2 },
  );

const ended = (cloud: DeviceCloud, jobId: string) =>
  until(
    () => cloud.job(jobId),
    (job: Job | null) => job !== null && TERMINAL_JOB_STATUSES.includes(job.status),
  ).then((job) => job!);

describe('the simulator on a SQL store (PGlite)', () => {
  it('seeds the demo fleet into device_sim_ tables once', async () => {
    await emptySqlStore();
    const first = await simulator(10_000);
    const count = await first.deviceCount();
    expect(count).toBe(9);
    await first.close();
    const second = await simulator(10_000);
    expect(await second.deviceCount()).toBe(count);
    const tables = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_name LIKE 'device_sim_%' ORDER BY table_name`,
    );
    expect(tables.rows.map((row) => row.table_name)).toEqual([
      'device_sim_devices',
      'device_sim_events',
      'device_sim_jobs',
      'device_sim_logs',
    ]);
  });

  it('trims its tables to the retention window as it runs, so a busy fleet stops growing', async () => {
    await emptySqlStore();
    const cloud = createSimulatedCloud({
      store: createSqlStore(db, { retention: { jobsPerDevice: 1, logsPerDevice: 1, events: 3 } }),
      speed: 10_000,
      trimMs: 20,
    });
    opened.push(cloud);
    await cloud.start();
    for (let index = 0; index < 3; index++) {
      const job = await cloud.sendCommand('10230000235', 'query_status');
      await ended(cloud, job.job_id);
    }
    await until(
      async () => ({
        jobs: (await cloud.jobs('10230000235')).length,
        logs: (await cloud.logs('10230000235')).length,
        events: (await cloud.eventsAfter(0)).length,
      }),
      (kept) => kept.jobs === 1 && kept.logs === 1 && kept.events === 3,
    );
  });

  it('answers a job at a speed that does not divide its delays (due times are whole milliseconds)', async () => {
    await emptySqlStore();
    const cloud = await simulator(3_333);
    const job = await cloud.sendCommand('10230000235', 'query_status');
    expect((await ended(cloud, job.job_id)).status).toBe('SUCCEEDED');
  });

  it('finishes a job left in progress by a simulator that stopped, once started again over the same store', async () => {
    await emptySqlStore();
    const before = await simulator(100);
    const queued = await before.sendCommand(KEY, 'locate');
    await until(
      () => before.job(queued.job_id),
      (job) => job?.status === 'IN_PROGRESS',
    );
    await before.close();

    const after = await simulator(100);
    const job = await ended(after, queued.job_id);
    expect(job.status).toBe('SUCCEEDED');
    const states = (await after.eventsAfter(0))
      .filter((event) => event.type === 'job' && event.data.job_id === queued.job_id)
      .map((event) => event.data.status);
    expect(states).toEqual(['QUEUED', 'IN_PROGRESS', 'SUCCEEDED']);
    expect(await after.logs(KEY, { type: 'GPS' })).toHaveLength(1);
  });

  it('resumes a firmware update mid-download after a restart, without starting the download again', async () => {
    await emptySqlStore();
    const before = await simulator(100);
    const started = await before.startFirmwareUpdate(KEY, 'controller');
    await until(
      () => before.checkFirmwareUpdate(KEY),
      (firmware) => (firmware.controller?.progress ?? 0) >= 30,
    );
    await before.close();
    const progressAtStop = (await before.checkFirmwareUpdate(KEY)).controller!.progress;
    const lastEventBefore = (await before.eventsAfter(0, 10_000)).at(-1)!.id;

    const after = await simulator(100);
    expect((await ended(after, started.job_id)).status).toBe('SUCCEEDED');
    const resumed = (await after.eventsAfter(lastEventBefore, 10_000)).filter(
      (event: CloudEvent) => event.type === 'firmware',
    );
    expect(Number(resumed[0]!.data.progress)).toBeGreaterThan(progressAtStop);
    expect((await after.checkFirmwareUpdate(KEY)).controller).toMatchObject({
      result: 'success',
      available_version: null,
    });
    expect(await after.logs(KEY, { type: 'C42' })).toHaveLength(1);
    expect(await after.logs(KEY, { type: 'R42' })).toHaveLength(1);
  });

  it('advances a job once when two simulators share the store and both resume it', async () => {
    await emptySqlStore();
    const first = await simulator(50);
    const queued = await first.sendCommand(KEY, 'arm');
    const second = await simulator(50); // resumes the same unfinished job
    expect((await ended(first, queued.job_id)).status).toBe('SUCCEEDED');
    await new Promise((resolve) => setTimeout(resolve, 150)); // time for a double step to show, if any
    const states = (await second.eventsAfter(0))
      .filter((event) => event.type === 'job' && event.data.job_id === queued.job_id)
      .map((event) => event.data.status);
    expect(states).toEqual(['QUEUED', 'IN_PROGRESS', 'SUCCEEDED']);
    expect(await second.logs(KEY, { type: 'CMD' })).toHaveLength(1);
  });

  it('takes over the jobs of an instance that stopped, without a restart (the overdue sweep)', async () => {
    await emptySqlStore();
    const survivor = await simulator(100, 30);
    const stopping = await simulator(100);
    const queued = await stopping.sendCommand(KEY, 'disarm');
    await stopping.close(); // its job stays QUEUED in the store, due in 10 ms
    expect((await ended(survivor, queued.job_id)).status).toBe('SUCCEEDED');
  });
});
