/**
 * The simulated device cloud (issue 28), modelled on real clouds:
 * - shadow = AWS IoT Device Shadow: `reported` with a version bumped on every write and a timestamp
 *   per top-level field; a write naming a stale version is refused (VERSION_CONFLICT);
 * - command = AWS IoT Jobs: QUEUED → (device picks it up) IN_PROGRESS → SUCCEEDED | FAILED, REJECTED
 *   when the device refuses what it cannot do, TIMED_OUT when it never answers (offline, out of
 *   signal, 'command-timeout'). Every transition is a compare-and-set on the job's status and step
 *   in the store, so two processes sharing a store never advance a job twice, and a due time is
 *   stored with each step, so a restarted simulator resumes where the last one stopped;
 * - firmware = LwM2M firmware object (/5): a download job takes the target Idle → Downloading
 *   (progress 0–100) → Downloaded (log C42 'FOTA Download to Device'); the update_firmware command
 *   takes every downloaded target to Updating → result success or failed (log R42 'FOTA Result'),
 *   for the controller and the KeyLocker (kl1), spec 02 §4 firmware update;
 * - fault scenarios (api.ts SCENARIOS) are replayable: every random value comes from a generator
 *   seeded by the cloud's seed, the device and the job (random.ts).
 * A step applies its effects in this order: the job's compare-and-set, the shadow change, the log
 * entries, then the job's event, so whoever sees a job end can read what it did.
 */
import type {
  CloudEvent,
  CloudEventType,
  CloudOptions,
  DeviceCloud,
  DeviceCommand,
  DeviceLog,
  FeatureSettings,
  FirmwareObject,
  FirmwareTarget,
  HardwireInput,
  HardwireOutput,
  Job,
  JobCommand,
  JobStatus,
  KeylockerMode,
  OptionTablesQuery,
  OptionTablesView,
  ReportedState,
  ScenarioName,
  Shadow,
} from './api.ts';
import {
  CONFIG_BITS,
  DEVICE_COMMANDS,
  DeviceCloudError,
  HARDWIRE_INPUTS,
  HARDWIRE_OUTPUTS,
  SCENARIOS,
  TERMINAL_JOB_STATUSES,
} from './api.ts';
import type { Clock } from './clock.ts';
import { createClock } from './clock.ts';
import { demoDeviceRecords, generatedDeviceRecord } from './fleet.ts';
import {
  DEFAULT_FEATURES,
  FEATURE_OF_CONFIG_BIT,
  compassDirection,
  configBitsOf,
  featuresWithConfigBits,
  hasHardwire,
  isX1Class,
  normalSignal,
  roundTo,
  weakSignal,
} from './models.ts';
import { defaultValues, schemaOfQuery, validateOptionValues, visibleDefinitions } from './option-tables.ts';
import type { Random } from './random.ts';
import { seededRandom } from './random.ts';
import type { DeviceRecord, FleetStore, JobRecord } from './store.ts';
import { isUnfinished } from './store.ts';

/** Delays in milliseconds of the device's time (divided by `speed` in real time). */
export interface SimDelays {
  /** QUEUED → IN_PROGRESS: the device picks the job up over cellular. */
  pickup: number;
  /** IN_PROGRESS → answer: the device does it and reports. */
  execute: number;
  /** A job the device never answers ends TIMED_OUT this long after it was queued. */
  timeout: number;
  /** 'weak-signal': picking up and answering take this many times longer (still within the timeout). */
  weakSignalFactor: number;
  /** Firmware download: each 10 % of progress. */
  downloadStep: number;
  /** 'firmware-download-stalls': the download job times out this long after progress stopped. */
  downloadStall: number;
  /** Firmware Updating → result, after update_firmware. */
  firmwareUpdate: number;
}

/** Real-time defaults: a command answers in ~3.5 s, a firmware update takes ~40 s in all. */
export const DEFAULT_SIM_DELAYS: SimDelays = {
  pickup: 1000,
  execute: 2500,
  timeout: 30_000,
  weakSignalFactor: 3,
  downloadStep: 2000,
  downloadStall: 30_000,
  firmwareUpdate: 15_000,
};

export interface SimulatorOptions {
  store: FleetStore;
  /** 1 = real time (default); 1000 = a second of the device's time passes in 1 ms. */
  speed?: number;
  delays?: Partial<SimDelays>;
  /** Seeds every random value (identifiers, positions, signal, stalls): same seed, same replay. */
  seed?: string;
  /** How often (real ms, default 5000) to take over jobs overdue by as long, left by a stopped instance. */
  sweepMs?: number;
  /** How often (real ms, default a minute) the store trims what is past its retention window. */
  trimMs?: number;
}

export interface SimulatedCloud extends DeviceCloud {
  /** store.init(), seeds the demo fleet if the store is empty, resumes unfinished jobs and firmware updates. */
  start(): Promise<void>;
  seedDemoFleet(): Promise<void>;
  /** Adds `count` generated devices (keys 1024xxxxxxx from 10240000000); answers their keys. */
  generateFleet(count: number, seed?: string): Promise<string[]>;
  deviceCount(): Promise<number>;
}

const KEYLOCKER_COMMANDS: readonly JobCommand[] = ['query_keylocker', 'set_pin', 'clear_pin', 'set_keylocker_mode'];
const KEYLOCKER_SCHEMAS = ['keylocker-standalone', 'keylocker-add-on', 'poc', 'pic'];
const CONFIG_BIT_VALUES: readonly number[] = Object.values(CONFIG_BITS);
const FEATURE_NAMES = Object.keys(DEFAULT_FEATURES) as (keyof FeatureSettings)[];
const GENERATE_BATCH = 2000;
const WRONG_MASTER_PIN = 'The master PIN does not match';
const WAIT_POLL_REAL_MS = 100;
const SWEEP_REAL_MS = 5000;
const TRIM_REAL_MS = 60_000;

const isTerminal = (status: JobStatus) => TERMINAL_JOB_STATUSES.includes(status);
const isOffline = (record: DeviceRecord) => !record.reported.online || record.scenarios.includes('device-offline');
const has = (record: DeviceRecord, scenario: ScenarioName) => record.scenarios.includes(scenario);
const targetName = (target: FirmwareTarget) => (target === 'kl1' ? 'KeyLocker' : 'controller');

/** What the device answers to a job: its status, why, what it says, and what it changed. */
interface Answer {
  status: 'SUCCEEDED' | 'FAILED';
  reason: string | null;
  result: Record<string, unknown> | null;
  /** Changes to the device's reported state (applied after the job's compare-and-set). */
  change?: (record: DeviceRecord, now: number) => void;
  /** The log entry the answer writes (type and description; data gets the job's outcome). */
  log: { type: string; description: string; data?: Record<string, unknown> };
}

export function createSimulatedCloud(options: SimulatorOptions): SimulatedCloud {
  const { store } = options;
  const delays: SimDelays = { ...DEFAULT_SIM_DELAYS, ...options.delays };
  const seed = options.seed ?? 'device-sim';
  const sweepMs = options.sweepMs ?? SWEEP_REAL_MS;
  const clock: Clock = createClock(options.speed ?? 1);
  const listeners = new Set<(event: CloudEvent) => void>();
  const jobWaiters = new Map<string, Set<(ended?: Job) => void>>();
  const scheduledJobs = new Map<string, () => void>();
  /** Steps running now: close() lets them finish, so a store shared with a successor is left consistent. */
  const stepsInFlight = new Set<Promise<void>>();
  let closed = false;
  let sweep: NodeJS.Timeout | null = null;
  let trimming: NodeJS.Timeout | null = null;

  async function sweepOverdueJobs() {
    const overdue = clock.now() - sweepMs;
    for (const record of await store.unfinishedJobs()) {
      if (record.due_at !== null && record.due_at < overdue && !scheduledJobs.has(record.job.job_id)) schedule(record);
    }
  }

  // ---- events ---------------------------------------------------------------------------------

  async function emit(deviceKey: string, type: CloudEventType, data: Record<string, unknown>): Promise<CloudEvent> {
    return notify(await store.appendEvent({ device_key: deviceKey, type, at: clock.nowIso(), data }));
  }

  /** Hands a stored event to the listeners. */
  function notify(event: CloudEvent): CloudEvent {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        console.error('device-sim: an event listener threw', error);
      }
    }
    return event;
  }

  async function emitJob(job: Job): Promise<void> {
    await emit(job.device_key, 'job', { ...job });
    jobEmitted(job);
  }

  /** A job's event is out: a caller waiting for its end is woken. */
  function jobEmitted(job: Job) {
    if (isTerminal(job.status)) for (const wake of jobWaiters.get(job.job_id) ?? []) wake(job);
  }

  const jobEvent = (job: Job): Omit<CloudEvent, 'id'> => ({
    device_key: job.device_key,
    type: 'job',
    at: clock.nowIso(),
    data: { ...job },
  });

  /** A new job and its event. */
  async function insertJobEmitting(record: JobRecord): Promise<void> {
    await store.insertJob(record);
    notify(await store.appendEvent(jobEvent(record.job)));
    jobEmitted(record.job);
  }

  async function emitFirmware(deviceKey: string, target: FirmwareTarget, firmware: FirmwareObject, step: string) {
    await emit(deviceKey, 'firmware', {
      target,
      state: firmware.state,
      result: firmware.result,
      progress: firmware.progress,
      step,
    });
  }

  // ---- shadows --------------------------------------------------------------------------------

  async function requireDevice(deviceKey: string): Promise<DeviceRecord> {
    const record = await store.getDevice(deviceKey);
    if (!record) throw new DeviceCloudError('NOT_FOUND', `No device ${deviceKey}`);
    return record;
  }

  function toShadow(record: DeviceRecord): Shadow {
    const created = new Date(record.created_at).toISOString();
    const metadata = {} as Shadow['metadata'];
    for (const field of Object.keys(record.reported) as (keyof ReportedState)[]) {
      const changed = record.changed_at[field];
      metadata[field] = { timestamp: changed === undefined ? created : new Date(changed).toISOString() };
    }
    return {
      device_key: record.device_key,
      version: record.version,
      reported: record.reported,
      metadata,
      scenarios: record.scenarios,
    };
  }

  /**
   * Changes a device by compare-and-set on its version. With `expectedVersion` (a caller's write) a
   * stale version is refused; without it (the simulator's own writes) a lost race is retried on the
   * newer shadow. A change that changes nothing writes nothing, unless `alwaysWrite`. `known`: the device
   * as the caller just read it (saves a read; a stale one loses the compare-and-set and is read again).
   */
  async function changeDevice(
    deviceKey: string,
    change: (record: DeviceRecord, now: number) => void,
    expectedVersion?: number,
    alwaysWrite = false,
    known?: DeviceRecord,
  ): Promise<DeviceRecord> {
    // A record the caller just read is tried first: a lost race reads the device again.
    let guess = known;
    for (;;) {
      const current = guess ?? (await requireDevice(deviceKey));
      guess = undefined;
      if (expectedVersion !== undefined && current.version !== expectedVersion) {
        throw new DeviceCloudError('VERSION_CONFLICT', `Shadow version is ${current.version}, not ${expectedVersion}`);
      }
      const next = structuredClone(current);
      const now = clock.now();
      change(next, now);
      const fields = (Object.keys(next.reported) as (keyof ReportedState)[]).filter(
        (field) => JSON.stringify(next.reported[field]) !== JSON.stringify(current.reported[field]),
      );
      const scenariosChanged = JSON.stringify(next.scenarios) !== JSON.stringify(current.scenarios);
      if (fields.length === 0 && !scenariosChanged && !alwaysWrite) return current;
      next.version = current.version + 1;
      for (const field of fields) next.changed_at[field] = now;
      const event: Omit<CloudEvent, 'id'> = {
        device_key: deviceKey,
        type: 'shadow',
        at: clock.nowIso(),
        data: { version: next.version, fields: scenariosChanged ? [...fields, 'scenarios'] : fields },
      };
      if (await store.compareAndSetDevice(next, current.version)) {
        notify(await store.appendEvent(event));
        return next;
      }
      if (expectedVersion !== undefined) {
        throw new DeviceCloudError('VERSION_CONFLICT', `Shadow of ${deviceKey} changed while writing`);
      }
    }
  }

  /** What a scenario does to the reported state the moment it is put on or taken off. */
  function applyScenarioState(record: DeviceRecord, random: Random) {
    const reported = record.reported;
    reported.online = !has(record, 'device-offline');
    const weak = has(record, 'weak-signal');
    if (weak && reported.cellular_signal_strength > -100) reported.cellular_signal_strength = weakSignal(random);
    if (!weak && reported.cellular_signal_strength <= -100) reported.cellular_signal_strength = normalSignal(random);
    if (has(record, 'no-gps-fix') || has(record, 'gps-antenna-open')) {
      reported.gps = { ...reported.gps, fix: false, latitude: null, longitude: null };
    } else if (!reported.gps.fix) {
      reported.gps = { ...reported.gps, fix: true, ...record.home }; // the receiver finds its fix again
    }
    // The KeyLocker drops its pairing; taking the scenario off does not pair it again
    // (reset_keylocker_pairing does, as on a real unit).
    if (has(record, 'keylocker-unpaired') && reported.keylocker) reported.keylocker.paired = false;
  }

  // ---- logs -----------------------------------------------------------------------------------

  function gpsStatus(record: DeviceRecord): DeviceLog['gps_status'] {
    if (has(record, 'gps-antenna-open')) return 'antenna-open';
    if (has(record, 'no-gps-fix') || !record.reported.gps.fix) return 'no-fix';
    return 'fix';
  }

  async function writeLog(
    record: DeviceRecord,
    type: string,
    description: string,
    data: Record<string, unknown> | null,
  ): Promise<DeviceLog> {
    const reported = record.reported;
    const status = gpsStatus(record);
    const keylocker = reported.keylocker;
    const entry: Omit<DeviceLog, 'id'> = {
      device_key: record.device_key,
      type,
      description,
      timestamp: clock.nowIso(),
      latitude: status === 'fix' ? reported.gps.latitude : null,
      longitude: status === 'fix' ? reported.gps.longitude : null,
      cellular_signal_strength: reported.cellular_signal_strength,
      carrier: reported.carrier,
      speed: reported.gps.speed,
      gps_status: status,
      gps_direction: reported.gps.direction,
      gps_degree: reported.gps.degree,
      backup_battery_voltage: reported.backup_battery_voltage,
      controller: reported.product,
      imei: reported.imei,
      iccid: reported.iccid,
      ble_mac_address: reported.ble_mac_address,
      firmware_version: reported.firmware.controller?.current_version ?? '',
      ble_firmware_version: reported.ble_firmware_version,
      controller_model: reported.controller_model,
      controller_version: reported.controller_version,
      obd: null,
      keylocker: keylocker
        ? {
            key_present: keylocker.key_present,
            mode: keylocker.mode,
            roof_locked: keylocker.roof_locked,
            roof_open: keylocker.roof_open,
            version: keylocker.version,
          }
        : null,
      data,
    };
    const log = await store.appendLog(entry);
    await emit(record.device_key, 'log', { ...log });
    return log;
  }

  // ---- jobs -----------------------------------------------------------------------------------

  const slowness = (record: DeviceRecord) => (has(record, 'weak-signal') ? delays.weakSignalFactor : 1);
  const jobRandom = (record: JobRecord) => seededRandom(seed, record.job.job_id, record.step);
  // Whole milliseconds: the SQL store keeps due times in a bigint (a speed that does not divide a delay gave fractions).
  const dueIn = (deviceMs: number) => Math.ceil(clock.now() + clock.realMs(deviceMs));

  async function queueJob(
    deviceKey: string,
    command: JobCommand,
    params: Record<string, unknown> = {},
    bit: number | null = null,
  ): Promise<Job> {
    const device = await requireDevice(deviceKey);
    const number = await store.nextJobNumber(deviceKey);
    const now = clock.now();
    const record: JobRecord = {
      job: {
        job_id: `${deviceKey}-${number}`,
        device_key: deviceKey,
        command,
        bit,
        status: 'QUEUED',
        reason: null,
        result: null,
        queued_at: new Date(now).toISOString(),
        started_at: null,
        finished_at: null,
      },
      params: { ...params, phase: 'pickup' },
      step: 0,
      due_at: dueIn(delays.pickup * slowness(device)),
    };
    await insertJobEmitting(record);
    schedule(record);
    return record.job;
  }

  function schedule(record: JobRecord) {
    if (closed || record.due_at === null) return;
    const jobId = record.job.job_id;
    scheduledJobs.get(jobId)?.();
    scheduledJobs.set(
      jobId,
      clock.at(record.due_at, () => {
        scheduledJobs.delete(jobId);
        const step = advance(jobId, record)
          .catch((error: unknown) => console.error(`device-sim: job ${jobId} could not advance`, error))
          .finally(() => stepsInFlight.delete(step));
        stepsInFlight.add(step);
      }),
    );
  }

  /**
   * Moves a job one step, by compare-and-set: answers the stored record when this process won the
   * step, null when another process (or an earlier timer) already took it. `emitting`: the job's event
   * goes out once the write won.
   */
  async function transition(
    from: JobRecord,
    patch: Partial<Job>,
    params: Record<string, unknown>,
    dueAt: number | null,
    emitting = false,
  ): Promise<JobRecord | null> {
    const next: JobRecord = {
      job: { ...from.job, ...patch },
      params: { ...from.params, ...params },
      step: from.step + 1,
      due_at: dueAt,
    };
    if (isTerminal(next.job.status)) {
      next.job.finished_at = clock.nowIso();
      next.due_at = null;
    }
    if (!emitting) return (await store.compareAndSetJob(next, from.job.status, from.step)) ? next : null;
    const event = jobEvent(next.job);
    if (!(await store.compareAndSetJob(next, from.job.status, from.step))) return null;
    notify(await store.appendEvent(event));
    jobEmitted(next.job);
    return next;
  }

  async function finish(
    from: JobRecord,
    status: JobStatus,
    reason: string | null,
    result: Record<string, unknown> | null = null,
  ): Promise<JobRecord | null> {
    const next = await transition(from, { status, reason, result }, {}, null);
    return next;
  }

  /**
   * Runs a job's due step. `scheduled`: the record this process scheduled it from (its own last write, or
   * a read); a record another process moved on since loses the step's compare-and-set, and that process
   * runs the job.
   */
  async function advance(jobId: string, scheduled?: JobRecord): Promise<void> {
    if (closed) return;
    const record = scheduled ?? (await store.getJob(jobId));
    if (!record || !isUnfinished(record.job.status) || record.due_at === null) return;
    if (record.due_at > clock.now() + 1) return schedule(record); // another process moved it on
    const device = await store.getDevice(record.job.device_key);
    if (!device) {
      const ended = await finish(record, 'FAILED', 'The device is no longer in the cloud');
      if (ended) await emitJob(ended.job);
      return;
    }
    if (record.job.status === 'QUEUED') return pickUp(record, device);
    const phase = record.params.phase;
    if (phase === 'no-answer') {
      const ended = await finish(record, 'TIMED_OUT', 'The device did not answer in time');
      if (ended) await emitJob(ended.job);
      return;
    }
    if (phase === 'downloading' || phase === 'stalled') return downloadStep(record, device);
    if (phase === 'install') return install(record, device);
    if (phase === 'updating') return firmwareResult(record, device);
    return answer(record, device);
  }

  /** What the device refuses to do at all (REJECTED): the command does not apply to this model. */
  function refusal(record: JobRecord, device: DeviceRecord): string | null {
    const { command } = record.job;
    const product = device.reported.product;
    if (command === 'erase_device' && !isX1Class(product)) {
      return `Reset Device Settings is for X1-class devices only, not ${product}`;
    }
    if (command === 'set_hardwire' && !hasHardwire(product)) {
      return `Hardwire input and output are on MAX models only, not ${product}`;
    }
    if (command === 'set_config_bit' && !CONFIG_BIT_VALUES.includes(Math.abs(record.job.bit ?? 0))) {
      return `Unknown config bit ${String(record.job.bit)}`;
    }
    if (isOverTheAir(record) && !device.reported.firmware[record.params.target as FirmwareTarget]) {
      return 'This device has no KeyLocker to update';
    }
    return null;
  }

  async function pickUp(record: JobRecord, device: DeviceRecord): Promise<void> {
    const queuedAt = Date.parse(record.job.queued_at);
    const timeoutAt = queuedAt + clock.realMs(delays.timeout);
    if (isOffline(device)) {
      // An offline device never picks the job up: it times out, unless it comes back first.
      const next =
        clock.now() >= timeoutAt - 1
          ? await finish(record, 'TIMED_OUT', 'The device is offline: it did not pick the command up')
          : await transition(record, {}, {}, timeoutAt);
      if (next && isTerminal(next.job.status)) await emitJob(next.job);
      else if (next) schedule(next);
      return;
    }
    const refused = refusal(record, device);
    if (refused) {
      const ended = await finish(record, 'REJECTED', refused);
      if (ended) {
        await writeLog(device, 'CMD', 'Command Result', {
          job_id: ended.job.job_id,
          command: ended.job.command,
          status: 'REJECTED',
          success: false,
          reason: refused,
        });
        await emitJob(ended.job);
      }
      return;
    }
    const started = { status: 'IN_PROGRESS' as const, started_at: clock.nowIso() };
    const slow = slowness(device);
    let next: JobRecord | null;
    if (has(device, 'command-timeout')) {
      next = await transition(record, started, { phase: 'no-answer' }, timeoutAt, true);
    } else if (isOverTheAir(record)) {
      next = await transition(record, started, { phase: 'downloading', progress: -10 }, clock.now(), true);
    } else {
      next = await transition(record, started, { phase: 'answer' }, dueIn(delays.execute * slow), true);
    }
    if (!next) return;
    schedule(next);
  }

  /** The over-the-air job startFirmwareUpdate queues (an update_firmware job naming its target). */
  const isOverTheAir = (record: JobRecord) =>
    record.job.command === 'update_firmware' && typeof record.params.target === 'string';

  /** One step of a firmware download (LwM2M Downloading): 10 % more, a stall, or Downloaded. */
  async function downloadStep(record: JobRecord, device: DeviceRecord): Promise<void> {
    const target = record.params.target as FirmwareTarget;
    const key = device.device_key;
    if (record.params.phase === 'stalled') {
      const ended = await finish(
        record,
        'TIMED_OUT',
        `The ${targetName(target)} firmware download stalled at ${String(record.params.progress)}%`,
      );
      if (!ended) return;
      const updated = await changeDevice(key, (changing) => {
        const firmware = changing.reported.firmware[target];
        if (firmware) Object.assign(firmware, { state: 'idle', result: 'failed', progress: 0 });
      });
      const firmware = updated.reported.firmware[target];
      if (firmware) await emitFirmware(key, target, firmware, 'download-failed');
      await emitJob(ended.job);
      return;
    }
    const progress = Math.min(100, Number(record.params.progress) + 10);
    // 'firmware-download-stalls': progress stops somewhere between 30 and 70 %, the same place each replay.
    const stallAt = has(device, 'firmware-download-stalls')
      ? seededRandom(seed, record.job.job_id, 'stall').int(3, 7) * 10
      : null;
    const stalls = stallAt !== null && progress >= stallAt;
    const done = !stalls && progress === 100;
    const slow = slowness(device);
    const next = await transition(
      record,
      {},
      { progress, phase: done ? 'install' : stalls ? 'stalled' : 'downloading' },
      dueIn(done ? delays.pickup * slow : stalls ? delays.downloadStall : delays.downloadStep * slow),
    );
    if (!next) return;
    const updated = await changeDevice(key, (changing) => {
      const firmware = changing.reported.firmware[target];
      if (firmware) Object.assign(firmware, { state: done ? 'downloaded' : 'downloading', progress });
    });
    const firmware = updated.reported.firmware[target];
    if (firmware) await emitFirmware(key, target, firmware, done ? 'downloaded' : 'progress');
    if (done) {
      // spec 02 §4 firmware update step 1: the download is confirmed by C42.
      await writeLog(updated, 'C42', 'FOTA Download to Device', {
        target,
        job_id: next.job.job_id,
        version: firmware?.available_version ?? null,
        success: true,
      });
    }
    schedule(next);
  }

  /** spec 02 §4 firmware update step 2: the cloud sends update_firmware; the target goes to Updating. */
  async function install(record: JobRecord, device: DeviceRecord): Promise<void> {
    const target = record.params.target as FirmwareTarget;
    const next = await transition(
      record,
      {},
      { phase: 'updating', targets: [target] },
      dueIn(delays.firmwareUpdate * slowness(device)),
    );
    if (!next) return;
    const updated = await changeDevice(device.device_key, (changing) => {
      const firmware = changing.reported.firmware[target];
      if (firmware) firmware.state = 'updating';
    });
    const firmware = updated.reported.firmware[target];
    if (firmware) await emitFirmware(device.device_key, target, firmware, 'updating');
    schedule(next);
  }

  /** LwM2M Updating → result for each target, confirmed by R42 (spec 02 §4 firmware update step 3). */
  async function firmwareResult(record: JobRecord, device: DeviceRecord): Promise<void> {
    const targets = (record.params.targets as FirmwareTarget[]) ?? [];
    const fails = has(device, 'r42-failure');
    const ended = await finish(
      record,
      fails ? 'FAILED' : 'SUCCEEDED',
      fails ? `FOTA Result failed for ${targets.map(targetName).join(' and ')}` : null,
      { targets, success: !fails },
    );
    if (!ended) return;
    const versions: Partial<Record<FirmwareTarget, { from: string; to: string | null }>> = {};
    const updated = await changeDevice(device.device_key, (changing) => {
      for (const target of targets) {
        const firmware = changing.reported.firmware[target];
        if (!firmware) continue;
        versions[target] = { from: firmware.current_version, to: firmware.available_version };
        if (fails) {
          Object.assign(firmware, { state: 'idle', result: 'failed', progress: 0 });
          continue;
        }
        Object.assign(firmware, {
          state: 'idle',
          result: 'success',
          progress: 0,
          current_version: firmware.available_version ?? firmware.current_version,
          available_version: null,
        });
        if (target === 'kl1' && changing.reported.keylocker)
          changing.reported.keylocker.version = firmware.current_version;
      }
    });
    for (const target of targets) {
      const firmware = updated.reported.firmware[target];
      if (!firmware) continue;
      await emitFirmware(device.device_key, target, firmware, 'result');
      await writeLog(updated, 'R42', 'FOTA Result', {
        target,
        job_id: ended.job.job_id,
        success: !fails,
        result: fails ? 'failed' : 'success',
        from_version: versions[target]?.from ?? null,
        to_version: versions[target]?.to ?? null,
      });
    }
    await emitJob(ended.job);
  }

  /** The device answers a job: SUCCEEDED or FAILED, the change it made, the log it wrote. */
  async function answer(record: JobRecord, device: DeviceRecord): Promise<void> {
    const random = jobRandom(record);
    const outcome = respond(record, device, random);
    const ended = await finish(record, outcome.status, outcome.reason, outcome.result);
    if (!ended) return;
    // Drawn once, outside the change: a change is run again when it loses a race, and must not draw anew.
    const signal = weakSignal(random);
    const updated = await changeDevice(
      device.device_key,
      (changing, now) => {
        if (has(changing, 'weak-signal')) changing.reported.cellular_signal_strength = signal;
        outcome.change?.(changing, now);
      },
      undefined,
      false,
      device,
    );
    if (ended.job.command === 'verify_replacement' && outcome.status === 'SUCCEEDED') {
      await takeOver(updated, String(record.params.replaces));
    }
    await writeLog(updated, outcome.log.type, outcome.log.description, {
      job_id: ended.job.job_id,
      command: ended.job.command,
      status: ended.job.status,
      success: ended.job.status === 'SUCCEEDED',
      reason: ended.job.reason,
      ...outcome.log.data,
    });
    await emitJob(ended.job);
  }

  const succeeded = (
    log: Answer['log'],
    change?: Answer['change'],
    result: Record<string, unknown> | null = null,
  ): Answer => ({ status: 'SUCCEEDED', reason: null, result, change, log });
  const failed = (reason: string, log: Answer['log']): Answer => ({ status: 'FAILED', reason, result: null, log });

  /** The device's answer to each command, from its state, its scenarios and the job's generator. */
  function respond(record: JobRecord, device: DeviceRecord, random: Random): Answer {
    const { command } = record.job;
    const params = record.params;
    const reported = device.reported;
    const commandLog = { type: 'CMD', description: 'Command Result' };
    const keylockerLog = { type: 'KL', description: 'KeyLocker Status' };

    const keylockerSchema = typeof params.schema === 'string' && KEYLOCKER_SCHEMAS.includes(params.schema);
    if (KEYLOCKER_COMMANDS.includes(command) || keylockerSchema) {
      if (!reported.keylocker) return failed('No KeyLocker is attached to this device', keylockerLog);
      if (!reported.keylocker.paired) return failed('The KeyLocker is not paired', keylockerLog);
    }

    switch (command) {
      case 'locate':
      case 'query_status': {
        const status = gpsStatus(device);
        const fix = status === 'fix';
        const degree = random.int(0, 359);
        const gps: ReportedState['gps'] = {
          fix,
          latitude: fix ? roundTo(device.home.latitude + random.between(-0.0005, 0.0005), 6) : null,
          longitude: fix ? roundTo(device.home.longitude + random.between(-0.0005, 0.0005), 6) : null,
          speed: 0,
          direction: compassDirection(degree),
          degree,
        };
        const battery = roundTo(random.between(3.9, 4.15), 2);
        const change: Answer['change'] = (changing) => {
          changing.reported.gps = gps;
          changing.reported.backup_battery_voltage = battery;
        };
        if (command === 'locate') {
          const log = { type: 'GPS', description: 'GPS Fix', data: { gps_status: status } };
          if (!fix) {
            const why = status === 'antenna-open' ? 'The GPS antenna is open (not connected)' : 'No GPS fix';
            return { ...failed(why, log), change };
          }
          return succeeded(log, change, { gps_status: status, latitude: gps.latitude, longitude: gps.longitude });
        }
        return succeeded({ type: 'STATUS', description: 'Status Report' }, change, {
          online: true,
          cellular_signal_strength: reported.cellular_signal_strength,
          gps_status: status,
          latitude: gps.latitude,
          longitude: gps.longitude,
          ignition: reported.ignition,
          backup_battery_voltage: reported.backup_battery_voltage,
        });
      }
      case 'remote_start':
      case 'remote_stop': {
        const running = command === 'remote_start';
        return succeeded(commandLog, (changing) => (changing.reported.ignition = running), { ignition: running });
      }
      case 'erase_device':
        // Reset Device Settings: factory settings, so the cloud's copies of the tables are no longer fresh.
        return succeeded(commandLog, (changing) => {
          for (const [schema, table] of Object.entries(changing.reported.option_tables)) {
            changing.reported.option_tables[schema] = { ...table, values: defaultValues(schema), queried_at: null };
          }
          changing.reported.features = { ...DEFAULT_FEATURES };
          changing.reported.config_bits = configBitsOf(DEFAULT_FEATURES);
          if (changing.reported.hardwire) changing.reported.hardwire = { input: 'None', output: 'None' };
        });
      case 'set_config_bit': {
        const bit = record.job.bit ?? 0;
        return succeeded(
          commandLog,
          (changing) => {
            const bits = bit > 0 ? changing.reported.config_bits | bit : changing.reported.config_bits & ~-bit;
            changing.reported.config_bits = bits;
            changing.reported.features = featuresWithConfigBits(changing.reported.features, bits);
          },
          { bit, feature: FEATURE_OF_CONFIG_BIT[Math.abs(bit)] ?? null },
        );
      }
      case 'query_keylocker': {
        const keylocker = reported.keylocker;
        return succeeded(keylockerLog, undefined, {
          paired: keylocker?.paired,
          mode: keylocker?.mode,
          key_present: keylocker?.key_present,
          roof_locked: keylocker?.roof_locked,
          roof_open: keylocker?.roof_open,
          version: keylocker?.version,
        });
      }
      case 'reset_keylocker_pairing':
        if (!reported.keylocker) return failed('No KeyLocker is attached to this device', keylockerLog);
        if (has(device, 'keylocker-unpaired')) {
          return failed('The KeyLocker did not answer the pairing request', keylockerLog);
        }
        return succeeded(
          keylockerLog,
          (changing) => {
            if (changing.reported.keylocker) changing.reported.keylocker.paired = true;
          },
          { paired: true },
        );
      case 'set_pin': {
        const which = params.secondary === true ? 'secondary' : 'master';
        return succeeded(
          { ...keylockerLog, data: { pin: which } },
          (changing) => {
            if (changing.reported.keylocker) {
              changing.reported.keylocker.pins[which] = { value: String(params.pin), enabled: true };
            }
          },
          { pin: which },
        );
      }
      case 'clear_pin':
        if (reported.keylocker?.pins.master.value !== params.master_pin) {
          return failed(WRONG_MASTER_PIN, { ...keylockerLog, data: { pin: 'secondary' } });
        }
        return succeeded(
          { ...keylockerLog, data: { pin: 'secondary' } },
          (changing) => {
            if (changing.reported.keylocker) changing.reported.keylocker.pins.secondary = { value: '', enabled: false };
          },
          { pin: 'secondary' },
        );
      case 'set_keylocker_mode':
        return succeeded(
          keylockerLog,
          (changing) => {
            if (changing.reported.keylocker) changing.reported.keylocker.mode = params.mode as KeylockerMode;
          },
          { mode: params.mode },
        );
      case 'query_option_tables':
      case 'update_option_tables': {
        const schema = String(params.schema);
        const written = command === 'update_option_tables' ? (params.values as Record<string, number>) : {};
        return succeeded(
          { ...commandLog, data: { schema } },
          (changing, now) => {
            const known = changing.reported.option_tables[schema]?.values ?? defaultValues(schema);
            changing.reported.option_tables[schema] = {
              schema,
              values: { ...known, ...written },
              queried_at: new Date(now).toISOString(),
            };
          },
          { schema },
        );
      }
      case 'query_features':
        return succeeded(commandLog, undefined, { features: reported.features, config_bits: reported.config_bits });
      case 'update_features':
        return succeeded(commandLog, (changing) => {
          const features = { ...changing.reported.features, ...(params.features as Partial<FeatureSettings>) };
          changing.reported.features = features;
          changing.reported.config_bits = configBitsOf(features);
        });
      case 'set_hardwire':
        return succeeded(commandLog, (changing) => {
          changing.reported.hardwire = {
            input: params.input as HardwireInput,
            output: params.output as HardwireOutput,
          };
        });
      case 'update_firmware': {
        // Sent on its own (spec 02 §4 step 2): the device acknowledges an update under way, or has none.
        const underWay = (['controller', 'kl1'] as const).filter((target) => {
          const state = reported.firmware[target]?.state;
          return state === 'downloading' || state === 'downloaded' || state === 'updating';
        });
        if (underWay.length === 0) return failed('No firmware has been downloaded to install', commandLog);
        return succeeded(commandLog, undefined, { targets: underWay });
      }
      default: {
        if (command.startsWith('config_')) {
          // A configuration item: the unit keeps the value it was sent (1: turned on, for one that takes none).
          const value = typeof params.value === 'number' ? params.value : 1;
          return succeeded(
            commandLog,
            (changing) => (changing.reported.configuration = { ...changing.reported.configuration, [command]: value }),
            { value },
          );
        }
        // arm, disarm, panic, trunk, aux and dash camera queries: the device does it.
        return succeeded(commandLog);
      }
    }
  }

  /** A verified replacement takes over the old unit's tables, PINs, features and plan; the old one retires. */
  async function takeOver(replacement: DeviceRecord, oldKey: string): Promise<void> {
    const old = await store.getDevice(oldKey);
    if (!old) return;
    await changeDevice(replacement.device_key, (changing, now) => {
      const reported = changing.reported;
      for (const [schema, table] of Object.entries(old.reported.option_tables)) {
        const keylockerTable = KEYLOCKER_SCHEMAS.includes(schema);
        if (keylockerTable && !reported.keylocker) continue;
        reported.option_tables[schema] = { ...table, queried_at: new Date(now).toISOString() };
      }
      if (reported.keylocker && old.reported.keylocker) {
        reported.keylocker.pins = structuredClone(old.reported.keylocker.pins);
        reported.keylocker.mode = old.reported.keylocker.mode;
      }
      reported.features = { ...old.reported.features };
      reported.config_bits = old.reported.config_bits;
      reported.plan = old.reported.plan;
      reported.replacement = { ...reported.replacement, verified: true };
    });
    await changeDevice(oldKey, (changing) => {
      changing.reported.device_state = 'retired';
      changing.reported.plan = null;
    });
  }

  // ---- waiting for jobs -----------------------------------------------------------------------

  /**
   * The job once it has ended, or as it stands after `waitMs` of the device's time. `queued`: the job as
   * this process just queued it (its steps are not due before this call listens, so it need not be read).
   */
  async function waitForJob(jobId: string, waitMs: number, queued?: Job): Promise<Job> {
    // Listen before looking, so a job ending between the two is not missed.
    let stopWaiting = () => {};
    let endedJob: Job | undefined;
    const ended = new Promise<void>((resolve) => {
      const waiters = jobWaiters.get(jobId) ?? new Set();
      jobWaiters.set(jobId, waiters);
      // A job may end in another process sharing the store: look now and then as well.
      const poll = setInterval(() => {
        store
          .getJob(jobId)
          .then((stored) => stored && isTerminal(stored.job.status) && wake(stored.job))
          .catch(() => undefined);
      }, WAIT_POLL_REAL_MS);
      const cancelTimer = waitMs > 0 ? clock.after(waitMs, () => wake()) : () => {};
      function wake(job?: Job) {
        endedJob ??= job;
        clearInterval(poll);
        cancelTimer();
        waiters.delete(wake);
        if (waiters.size === 0) jobWaiters.delete(jobId);
        resolve();
      }
      waiters.add(wake);
      stopWaiting = wake;
    });
    const current = queued && !isTerminal(queued.status) ? queued : ((await store.getJob(jobId))?.job ?? null);
    if (!current || waitMs <= 0 || isTerminal(current.status) || closed) stopWaiting();
    if (!current) throw new DeviceCloudError('NOT_FOUND', `No job ${jobId}`);
    await ended;
    if (endedJob) return endedJob;
    if (isTerminal(current.status)) return current;
    return (await store.getJob(jobId))?.job ?? current;
  }

  /** Runs a job for a call that answers data, not the job: waits for its end and refuses unless it succeeded. */
  async function runToEnd(
    deviceKey: string,
    command: JobCommand,
    params: Record<string, unknown>,
    options?: CloudOptions,
  ): Promise<Job> {
    const queued = await queueJob(deviceKey, command, params);
    // Long enough for any answer: a job ends by its time-out at the latest.
    const longest = delays.timeout + (delays.pickup + delays.execute) * delays.weakSignalFactor;
    const job = await waitForJob(queued.job_id, options?.waitMs ?? longest, queued);
    const reason = job.reason ?? '';
    switch (job.status) {
      case 'SUCCEEDED':
        return job;
      case 'TIMED_OUT':
        throw new DeviceCloudError('DEVICE_OFFLINE', reason);
      case 'REJECTED':
        throw new DeviceCloudError('NOT_SUPPORTED', reason);
      case 'FAILED':
        throw new DeviceCloudError(reason.includes('PIN') ? 'INVALID' : 'CONFLICT', reason);
      default:
        throw new DeviceCloudError('DEVICE_OFFLINE', `The device has not answered yet (job ${job.job_id})`);
    }
  }

  async function commandJob(
    deviceKey: string,
    command: JobCommand,
    params: Record<string, unknown>,
    options?: CloudOptions & { bit?: number; value?: number },
  ): Promise<Job> {
    const queued = await queueJob(deviceKey, command, params, options?.bit ?? null);
    const waitMs = options?.waitMs ?? 0;
    return waitMs > 0 ? waitForJob(queued.job_id, waitMs, queued) : queued;
  }

  function optionTablesView(record: DeviceRecord, schema: string, query: OptionTablesQuery): OptionTablesView {
    const definitions = visibleDefinitions(schema, query);
    const table = record.reported.option_tables[schema];
    const values = { ...defaultValues(schema), ...table?.values };
    return {
      schema,
      definitions,
      values: Object.fromEntries(
        definitions.map((definition) => [definition.id, values[definition.id] ?? definition.default]),
      ),
      queried_at: table?.queried_at ?? null,
    };
  }

  /** The KeyLocker calls are refused outright on a device without one (a paired or unpaired one is asked). */
  async function requireKeylocker(deviceKey: string) {
    if (!(await requireDevice(deviceKey)).reported.keylocker) {
      throw new DeviceCloudError('NOT_SUPPORTED', `Device ${deviceKey} has no KeyLocker`);
    }
  }

  const requireFourDigits = (pin: string, what: string) => {
    if (!/^\d{4}$/.test(pin)) throw new DeviceCloudError('INVALID', `${what} must be four digits`);
  };

  // ---- the cloud ------------------------------------------------------------------------------

  const cloud: SimulatedCloud = {
    kind: 'simulated',

    async start() {
      closed = false;
      await store.init();
      if ((await store.countDevices()) === 0) await cloud.seedDemoFleet();
      for (const record of await store.unfinishedJobs()) schedule(record);
      // Instances sharing a SQL store each run the jobs they queued; one that stops leaves its jobs
      // overdue, and the next sweep of any other instance takes them over (compare-and-set keeps it once).
      if (!sweep) {
        sweep = setInterval(() => {
          sweepOverdueJobs().catch((error: unknown) => console.error('device-sim: the overdue sweep failed', error));
        }, sweepMs);
        sweep.unref();
      }
      if (!trimming) {
        trimming = setInterval(() => {
          store.trim().catch((error: unknown) => console.error('device-sim: trimming the store failed', error));
        }, options.trimMs ?? TRIM_REAL_MS);
        trimming.unref();
      }
    },

    async seedDemoFleet() {
      await store.insertDevices(demoDeviceRecords(seed, clock.now()));
    },

    async generateFleet(count, fleetSeed = seed) {
      const keys: string[] = [];
      const now = clock.now();
      for (let start = 0; start < count; start += GENERATE_BATCH) {
        const batch: DeviceRecord[] = [];
        for (let index = start; index < Math.min(count, start + GENERATE_BATCH); index++) {
          batch.push(generatedDeviceRecord(index, fleetSeed, now));
        }
        await store.insertDevices(batch);
        for (const record of batch) keys.push(record.device_key);
      }
      return keys;
    },

    deviceCount: () => store.countDevices(),

    async shadow(deviceKey) {
      const record = await store.getDevice(deviceKey);
      return record ? toShadow(record) : null;
    },

    async updateShadow(deviceKey, patch, expectedVersion) {
      const current = await requireDevice(deviceKey);
      for (const field of Object.keys(patch)) {
        if (!(field in current.reported)) throw new DeviceCloudError('INVALID', `No reported field '${field}'`);
      }
      const record = await changeDevice(
        deviceKey,
        (changing) => {
          Object.assign(changing.reported, structuredClone(patch));
          // spec 02 §3: the features and the config bits say the same thing; keep them agreeing.
          if (patch.features && patch.config_bits === undefined) {
            changing.reported.config_bits = configBitsOf(changing.reported.features);
          } else if (patch.config_bits !== undefined && !patch.features) {
            changing.reported.features = featuresWithConfigBits(changing.reported.features, patch.config_bits);
          }
        },
        expectedVersion,
        true,
      );
      return toShadow(record);
    },

    async sendCommand(deviceKey, command, options) {
      if (!(DEVICE_COMMANDS as readonly string[]).includes(command)) {
        throw new DeviceCloudError('INVALID', `Unknown command '${command}'`);
      }
      const params = options?.value === undefined ? {} : { value: options.value };
      return commandJob(deviceKey, command satisfies DeviceCommand, params, options);
    },

    async job(jobId) {
      return (await store.getJob(jobId))?.job ?? null;
    },

    async jobs(deviceKey, limit = 50) {
      await requireDevice(deviceKey);
      return store.jobsOfDevice(deviceKey, limit);
    },

    async logs(deviceKey, query = {}) {
      await requireDevice(deviceKey);
      return store.logs(deviceKey, query);
    },

    async checkFirmwareUpdate(deviceKey) {
      return (await requireDevice(deviceKey)).reported.firmware;
    },

    async startFirmwareUpdate(deviceKey, target) {
      const firmware = (await requireDevice(deviceKey)).reported.firmware[target];
      if (!firmware) throw new DeviceCloudError('NOT_SUPPORTED', 'This device has no KeyLocker');
      if (firmware.available_version === null) {
        throw new DeviceCloudError('CONFLICT', `The ${targetName(target)} firmware is current`);
      }
      if (firmware.state !== 'idle') {
        throw new DeviceCloudError('CONFLICT', `The ${targetName(target)} firmware is ${firmware.state}`);
      }
      const alreadyQueued = (await store.unfinishedJobs()).some(
        (record) => record.job.device_key === deviceKey && isOverTheAir(record) && record.params.target === target,
      );
      if (alreadyQueued) {
        throw new DeviceCloudError('CONFLICT', `An update of the ${targetName(target)} firmware is already queued`);
      }
      return queueJob(deviceKey, 'update_firmware', { target });
    },

    async setPin(deviceKey, pin, secondary, options) {
      requireFourDigits(pin, 'A PIN');
      await requireKeylocker(deviceKey);
      return commandJob(deviceKey, 'set_pin', { pin, secondary }, options);
    },

    async clearPin(deviceKey, masterPin, options) {
      requireFourDigits(masterPin, 'The master PIN');
      await requireKeylocker(deviceKey);
      const job = await commandJob(deviceKey, 'clear_pin', { master_pin: masterPin }, options);
      // The KeyLocker checks the master PIN (the job FAILS); a caller who waited for it hears a refusal.
      if (job.status === 'FAILED' && job.reason === WRONG_MASTER_PIN) {
        throw new DeviceCloudError('INVALID', `${WRONG_MASTER_PIN} (job ${job.job_id})`);
      }
      return job;
    },

    async setKeylockerMode(deviceKey, mode, options) {
      if (mode !== 'add-on' && mode !== 'standalone')
        throw new DeviceCloudError('INVALID', `No KeyLocker mode '${mode}'`);
      await requireKeylocker(deviceKey);
      return commandJob(deviceKey, 'set_keylocker_mode', { mode }, options);
    },

    async optionTables(deviceKey, query = {}, options) {
      const record = await requireDevice(deviceKey);
      const schema = schemaOfQuery(record.reported, query);
      if (query.skip_query) {
        if (!record.reported.option_tables[schema]?.queried_at) {
          throw new DeviceCloudError('QUERY_REQUIRED', `The ${schema} table must be queried from the device`);
        }
        return optionTablesView(record, schema, query);
      }
      await runToEnd(deviceKey, 'query_option_tables', { schema }, options);
      return optionTablesView(await requireDevice(deviceKey), schema, query);
    },

    async updateOptionTables(deviceKey, values, query = {}, options) {
      const record = await requireDevice(deviceKey);
      const schema = schemaOfQuery(record.reported, query);
      validateOptionValues(schema, values);
      if (query.skip_query && !record.reported.option_tables[schema]?.queried_at) {
        throw new DeviceCloudError('QUERY_REQUIRED', `The ${schema} table must be queried from the device first`);
      }
      await runToEnd(deviceKey, 'update_option_tables', { schema, values }, options);
      return optionTablesView(await requireDevice(deviceKey), schema, query);
    },

    async features(deviceKey, queryDevice = false, options) {
      if (queryDevice) await runToEnd(deviceKey, 'query_features', {}, options);
      return (await requireDevice(deviceKey)).reported.features;
    },

    async updateFeatures(deviceKey, patch, options) {
      for (const [name, value] of Object.entries(patch)) {
        if (!FEATURE_NAMES.includes(name as keyof FeatureSettings) || typeof value !== 'boolean') {
          throw new DeviceCloudError('INVALID', `No feature setting '${name}' (true or false)`);
        }
      }
      await runToEnd(deviceKey, 'update_features', { features: patch }, options);
      return (await requireDevice(deviceKey)).reported.features;
    },

    async setHardwire(deviceKey, input, output, options) {
      if (!HARDWIRE_INPUTS.includes(input)) throw new DeviceCloudError('INVALID', `No hardwire input '${input}'`);
      if (!HARDWIRE_OUTPUTS.includes(output)) throw new DeviceCloudError('INVALID', `No hardwire output '${output}'`);
      return commandJob(deviceKey, 'set_hardwire', { input, output }, options);
    },

    async swap(oldDeviceKey, newDeviceKey) {
      if (oldDeviceKey === newDeviceKey) throw new DeviceCloudError('CONFLICT', 'A device cannot replace itself');
      const [old, replacement] = [await requireDevice(oldDeviceKey), await requireDevice(newDeviceKey)];
      const refuseIfGone = (record: DeviceRecord) => {
        const state = record.reported.device_state;
        if (state === 'replaced' || state === 'retired') {
          throw new DeviceCloudError('CONFLICT', `Device ${record.device_key} is already ${state}`);
        }
      };
      refuseIfGone(old);
      refuseIfGone(replacement);
      const replaces = replacement.reported.replacement.replaces;
      if (replaces !== null && replaces !== oldDeviceKey) {
        throw new DeviceCloudError('CONFLICT', `Device ${newDeviceKey} already replaces ${replaces}`);
      }
      const oldAfter = await changeDevice(oldDeviceKey, (changing) => {
        refuseIfGone(changing);
        changing.reported.device_state = 'replaced';
        changing.reported.replacement = { ...changing.reported.replacement, replaced_by: newDeviceKey };
      });
      const newAfter = await changeDevice(newDeviceKey, (changing) => {
        changing.reported.replacement = { replaces: oldDeviceKey, replaced_by: null, verified: false };
      });
      return { old: toShadow(oldAfter), new: toShadow(newAfter) };
    },

    async verifyReplacement(newDeviceKey, options) {
      const record = await requireDevice(newDeviceKey);
      const replaces = record.reported.replacement.replaces;
      if (replaces === null) throw new DeviceCloudError('CONFLICT', `Device ${newDeviceKey} replaces no device`);
      if (record.reported.replacement.verified) return toShadow(record);
      await requireDevice(replaces);
      await runToEnd(newDeviceKey, 'verify_replacement', { replaces }, options);
      return toShadow(await requireDevice(newDeviceKey));
    },

    async activate(deviceKey) {
      const record = await changeDevice(deviceKey, (changing) => {
        const state = changing.reported.device_state;
        if (state === 'replaced' || state === 'retired') {
          throw new DeviceCloudError('CONFLICT', `Device ${deviceKey} is ${state}`);
        }
        changing.reported.activated = true;
        changing.reported.device_state = 'active';
      });
      return toShadow(record);
    },

    async install(deviceKey, exitServiceMode) {
      const record = await changeDevice(deviceKey, (changing) => {
        const state = changing.reported.device_state;
        if (state === 'replaced' || state === 'retired') {
          throw new DeviceCloudError('CONFLICT', `Device ${deviceKey} is ${state}`);
        }
        changing.reported.installed = true;
        if (exitServiceMode) changing.reported.service_mode = false;
      });
      return toShadow(record);
    },

    async setPlan(deviceKey, plan) {
      return toShadow(await changeDevice(deviceKey, (changing) => (changing.reported.plan = plan)));
    },

    async setScenarios(deviceKey, scenarios) {
      for (const scenario of scenarios) {
        if (!SCENARIOS.includes(scenario)) throw new DeviceCloudError('INVALID', `No scenario '${scenario}'`);
      }
      const wanted = SCENARIOS.filter((scenario) => scenarios.includes(scenario)); // one order, no repeats
      const record = await changeDevice(deviceKey, (changing) => {
        changing.scenarios = [...wanted];
        applyScenarioState(changing, seededRandom(seed, deviceKey, 'scenarios', wanted.join(',')));
      });
      return toShadow(record);
    },

    async eventsAfter(afterId, limit = 1000) {
      return store.eventsAfter(afterId, limit);
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async close() {
      closed = true;
      if (sweep) clearInterval(sweep);
      sweep = null;
      if (trimming) clearInterval(trimming);
      trimming = null;
      clock.stop();
      scheduledJobs.clear();
      for (const waiters of [...jobWaiters.values()]) for (const wake of [...waiters]) wake();
      await Promise.allSettled([...stepsInFlight]);
    },
  };
  return cloud;
}
