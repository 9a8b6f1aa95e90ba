/**
 * The simulator's behaviour (issue 28 tests): shadow versions, job states and time-outs, firmware over
 * the air with C42/R42, KeyLocker PINs and modes, option tables, features and config bits, swap and
 * verify, every fault scenario, and replay from a seed. A fast clock (speed 10,000) keeps it quick.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CloudEvent, DeviceCloud, DeviceLog, Job, ScenarioName } from './api.ts';
import { CONFIG_BITS, DeviceCloudError, TERMINAL_JOB_STATUSES } from './api.ts';
import { createMemoryStore } from './memory-store.ts';
import { DEFAULT_KEYLOCKER_PINS } from './models.ts';
import type { SimulatedCloud, SimulatorOptions } from './simulator.ts';
import { DEFAULT_SIM_DELAYS, createSimulatedCloud } from './simulator.ts';

const X1_KEYLOCKER = '10230000234';
const DR5400 = '10230000235';
const X1MAX = '10230000236';
const ACTIVE_OLD = '10230000240';
const REPLACEMENT = '10230000241';
const R42_FAILURE = '10230000260';
const WAIT = { waitMs: 600_000 };

const opened: SimulatedCloud[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((cloud) => cloud.close()));
});

async function fleet(options: Partial<SimulatorOptions> = {}): Promise<SimulatedCloud> {
  const cloud = createSimulatedCloud({ store: createMemoryStore(), speed: 10_000, ...options });
  opened.push(cloud);
  await cloud.start();
  return cloud;
}

async function refusal(call: Promise<unknown>): Promise<DeviceCloudError> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof DeviceCloudError)) throw new Error(`expected a DeviceCloudError, got ${String(error)}`);
  return error;
}

async function untilEnded(cloud: DeviceCloud, jobId: string): Promise<Job> {
  return vi.waitFor(
    async () => {
      const job = await cloud.job(jobId);
      if (!job || !TERMINAL_JOB_STATUSES.includes(job.status)) throw new Error(`job ${jobId} is ${job?.status}`);
      return job;
    },
    { timeout: 5000, interval: 2 },
  );
}

async function allEvents(cloud: DeviceCloud, deviceKey: string): Promise<CloudEvent[]> {
  return (await cloud.eventsAfter(0, 100_000)).filter((event) => event.device_key === deviceKey);
}

/** One word per step of a device's history: job states, firmware states and log types. */
function story(events: CloudEvent[]): string[] {
  return events.flatMap((event) => {
    if (event.type === 'job') return [`${String(event.data.command)}:${String(event.data.status)}`];
    if (event.type === 'firmware') return [`${String(event.data.target)}:${String(event.data.state)}`];
    if (event.type === 'log') return [`log:${String(event.data.type)}`];
    return [];
  });
}

const withoutRepeats = (steps: string[]) => steps.filter((step, index) => step !== steps[index - 1]);

describe('shadow', () => {
  it('bumps the version on every write, stamps only the fields changed, and refuses a stale version', async () => {
    const cloud = await fleet();
    const before = (await cloud.shadow(X1_KEYLOCKER))!;
    expect(before.version).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 5));

    const written = await cloud.updateShadow(X1_KEYLOCKER, { ignition: true }, 1);
    expect(written.version).toBe(2);
    expect(written.reported.ignition).toBe(true);
    expect(written.metadata.ignition.timestamp > before.metadata.ignition.timestamp).toBe(true);
    expect(written.metadata.carrier.timestamp).toBe(before.metadata.carrier.timestamp);

    expect((await refusal(cloud.updateShadow(X1_KEYLOCKER, { ignition: false }, 1))).code).toBe('VERSION_CONFLICT');
    expect((await cloud.shadow(X1_KEYLOCKER))!.reported.ignition).toBe(true);
    expect((await cloud.updateShadow(X1_KEYLOCKER, { ignition: true })).version).toBe(3); // no version: always writes
    expect((await refusal(cloud.updateShadow(X1_KEYLOCKER, { nonsense: 1 } as never))).code).toBe('INVALID');
  });

  it('answers null for an unknown device and NOT_FOUND to anything done to one', async () => {
    const cloud = await fleet();
    expect(await cloud.shadow('99999999999')).toBeNull();
    for (const call of [
      cloud.updateShadow('99999999999', { ignition: true }),
      cloud.sendCommand('99999999999', 'locate'),
      cloud.logs('99999999999'),
      cloud.activate('99999999999'),
      cloud.optionTables('99999999999'),
    ]) {
      expect((await refusal(call)).code).toBe('NOT_FOUND');
    }
  });

  it('keeps the features and the config bits in agreement when either is written', async () => {
    const cloud = await fleet();
    const shadow = await cloud.updateShadow(X1_KEYLOCKER, { config_bits: CONFIG_BITS.drive_lock | CONFIG_BITS.siren });
    expect(shadow.reported.features).toMatchObject({
      drive_lock_enabled: true,
      siren_enabled: true,
      shock_sensor_enabled: false,
    });
  });
});

describe('jobs', () => {
  it('goes QUEUED → IN_PROGRESS → SUCCEEDED after the delays, and writes the command result to the log', async () => {
    const cloud = await fleet();
    const queued = await cloud.sendCommand(X1_KEYLOCKER, 'arm');
    expect(queued).toMatchObject({ status: 'QUEUED', command: 'arm', started_at: null, finished_at: null });
    const ended = await untilEnded(cloud, queued.job_id);
    expect(ended.status).toBe('SUCCEEDED');
    expect(story(await allEvents(cloud, X1_KEYLOCKER))).toEqual([
      'arm:QUEUED',
      'arm:IN_PROGRESS',
      'log:CMD',
      'arm:SUCCEEDED',
    ]);
    const [log] = await cloud.logs(X1_KEYLOCKER);
    expect(log).toMatchObject({ type: 'CMD', data: { job_id: queued.job_id, command: 'arm', success: true } });
    expect((await cloud.jobs(X1_KEYLOCKER)).map((job) => job.job_id)).toEqual([queued.job_id]);
  });

  it('answers early when waited for, and takes a few seconds of device time in real time at speed 1', async () => {
    const cloud = await fleet({ speed: 100 });
    const started = Date.now();
    const job = await cloud.sendCommand(X1_KEYLOCKER, 'disarm', { waitMs: 600_000 });
    const took = Date.now() - started;
    expect(job.status).toBe('SUCCEEDED');
    // pickup 1 s + execute 2.5 s of device time at speed 100: about 35 ms, far below the 6 s waited for.
    expect(took).toBeGreaterThanOrEqual((DEFAULT_SIM_DELAYS.pickup + DEFAULT_SIM_DELAYS.execute) / 100 - 2);
    expect(took).toBeLessThan(1000);
  });

  it('answers the job as it stands when the wait is shorter than the device', async () => {
    const cloud = await fleet({ speed: 1 });
    const job = await cloud.sendCommand(X1_KEYLOCKER, 'locate', { waitMs: 20 });
    expect(job.status).toBe('QUEUED');
  });

  it('REJECTS what the model cannot do: erase_device off the X1 class, hardwire off MAX models, an unknown bit', async () => {
    const cloud = await fleet();
    const erasedDr = await cloud.sendCommand(DR5400, 'erase_device', WAIT);
    expect(erasedDr).toMatchObject({ status: 'REJECTED', reason: expect.stringContaining('X1-class') });
    expect((await cloud.sendCommand(X1_KEYLOCKER, 'erase_device', WAIT)).status).toBe('SUCCEEDED');
    expect((await cloud.setHardwire(X1_KEYLOCKER, 'Low', 'Starter Kill', WAIT)).status).toBe('REJECTED');
    expect((await cloud.sendCommand(X1_KEYLOCKER, 'set_config_bit', { ...WAIT, bit: 3 })).status).toBe('REJECTED');
    expect((await refusal(cloud.sendCommand(X1_KEYLOCKER, 'fly' as never))).code).toBe('INVALID');
  });

  it('sets the hardwire input and output on a MAX model', async () => {
    const cloud = await fleet();
    expect((await cloud.setHardwire(X1MAX, 'High/Low', 'Starter Kill', WAIT)).status).toBe('SUCCEEDED');
    expect((await cloud.shadow(X1MAX))!.reported.hardwire).toEqual({ input: 'High/Low', output: 'Starter Kill' });
    expect((await refusal(cloud.setHardwire(X1MAX, 'Sideways' as never, 'None'))).code).toBe('INVALID');
  });

  it('TIMES OUT on an offline device (never picked up) after the time-out, and on command-timeout (picked up, no answer)', async () => {
    const cloud = await fleet({ speed: 1000 });
    await cloud.setScenarios(X1_KEYLOCKER, ['device-offline']);
    expect((await cloud.shadow(X1_KEYLOCKER))!.reported.online).toBe(false);
    const offline = await cloud.sendCommand(X1_KEYLOCKER, 'locate', WAIT);
    expect(offline).toMatchObject({ status: 'TIMED_OUT', started_at: null });
    const tookMs = Date.parse(offline.finished_at!) - Date.parse(offline.queued_at);
    expect(tookMs).toBeGreaterThanOrEqual(DEFAULT_SIM_DELAYS.timeout / 1000 - 2);

    await cloud.setScenarios(X1_KEYLOCKER, ['command-timeout']);
    const silent = await cloud.sendCommand(X1_KEYLOCKER, 'arm', WAIT);
    expect(silent.status).toBe('TIMED_OUT');
    expect(silent.started_at).not.toBeNull();
    const states = story(await allEvents(cloud, X1_KEYLOCKER)).filter((step) => step.startsWith('arm:'));
    expect(states).toEqual(['arm:QUEUED', 'arm:IN_PROGRESS', 'arm:TIMED_OUT']);
  });

  it('lets an offline device pick its job up if it comes back before the time-out', async () => {
    const cloud = await fleet({ speed: 1000 });
    await cloud.setScenarios(X1_KEYLOCKER, ['device-offline']);
    const queued = await cloud.sendCommand(X1_KEYLOCKER, 'arm');
    await cloud.setScenarios(X1_KEYLOCKER, []);
    expect((await untilEnded(cloud, queued.job_id)).status).toBe('SUCCEEDED');
  });
});

describe('firmware over the air', () => {
  it('updates the controller and the KeyLocker: Downloading → Downloaded (C42) → Updating → success (R42)', async () => {
    const cloud = await fleet();
    const offered = await cloud.checkFirmwareUpdate(X1_KEYLOCKER);
    expect(offered.controller!.available_version).not.toBeNull();
    expect(offered.kl1!.available_version).not.toBeNull();

    for (const target of ['controller', 'kl1'] as const) {
      const job = await cloud.startFirmwareUpdate(X1_KEYLOCKER, target);
      expect(job).toMatchObject({ command: 'update_firmware', status: 'QUEUED' });
      expect((await untilEnded(cloud, job.job_id)).status).toBe('SUCCEEDED');
    }
    const after = await cloud.checkFirmwareUpdate(X1_KEYLOCKER);
    expect(after.controller).toMatchObject({
      state: 'idle',
      result: 'success',
      current_version: offered.controller!.available_version,
      available_version: null,
    });
    expect(after.kl1).toMatchObject({ result: 'success', current_version: offered.kl1!.available_version });
    expect((await cloud.shadow(X1_KEYLOCKER))!.reported.keylocker!.version).toBe(offered.kl1!.available_version);

    const steps = withoutRepeats(story(await allEvents(cloud, X1_KEYLOCKER)));
    const oneUpdate = (target: string) => [
      'update_firmware:QUEUED',
      'update_firmware:IN_PROGRESS',
      `${target}:downloading`,
      `${target}:downloaded`,
      'log:C42',
      `${target}:updating`,
      `${target}:idle`,
      'log:R42',
      'update_firmware:SUCCEEDED',
    ];
    expect(steps).toEqual([...oneUpdate('controller'), ...oneUpdate('kl1')]);

    const progress = (await allEvents(cloud, X1_KEYLOCKER))
      .filter((event) => event.type === 'firmware' && event.data.target === 'controller')
      .map((event) => event.data.progress);
    expect(progress.slice(0, 11)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);

    const r42 = await cloud.logs(X1_KEYLOCKER, { type: 'R42' });
    expect(r42.map((log) => log.data)).toEqual([
      expect.objectContaining({ target: 'kl1', success: true, to_version: offered.kl1!.available_version }),
      expect.objectContaining({ target: 'controller', success: true }),
    ]);
    const c42 = await cloud.logs(X1_KEYLOCKER, { type: 'C42' });
    expect(c42.map((log) => log.description)).toEqual(['FOTA Download to Device', 'FOTA Download to Device']);
    expect((await refusal(cloud.startFirmwareUpdate(X1_KEYLOCKER, 'controller'))).code).toBe('CONFLICT');
  });

  it('refuses a second update of a target while one is queued or under way', async () => {
    const cloud = await fleet({ speed: 1 });
    await cloud.startFirmwareUpdate(X1_KEYLOCKER, 'controller');
    expect((await refusal(cloud.startFirmwareUpdate(X1_KEYLOCKER, 'controller'))).code).toBe('CONFLICT');
    expect((await cloud.startFirmwareUpdate(X1_KEYLOCKER, 'kl1')).status).toBe('QUEUED');
  });

  it('fails at the result step on 10230000260 (r42-failure) for the controller and the KeyLocker, keeping the old versions', async () => {
    const cloud = await fleet();
    const before = await cloud.checkFirmwareUpdate(R42_FAILURE);
    for (const target of ['controller', 'kl1'] as const) {
      const ended = await untilEnded(cloud, (await cloud.startFirmwareUpdate(R42_FAILURE, target)).job_id);
      expect(ended).toMatchObject({ status: 'FAILED', reason: expect.stringContaining('FOTA Result failed') });
    }
    const after = await cloud.checkFirmwareUpdate(R42_FAILURE);
    for (const target of ['controller', 'kl1'] as const) {
      expect(after[target]).toMatchObject({
        state: 'idle',
        result: 'failed',
        current_version: before[target]!.current_version,
        available_version: before[target]!.available_version,
      });
    }
    const r42 = await cloud.logs(R42_FAILURE, { type: 'R42' });
    expect(r42.map((log) => log.data)).toEqual([
      expect.objectContaining({ target: 'kl1', success: false, result: 'failed' }),
      expect.objectContaining({ target: 'controller', success: false, result: 'failed' }),
    ]);
    expect(await cloud.logs(R42_FAILURE, { type: 'C42' })).toHaveLength(2);
    const steps = withoutRepeats(story(await allEvents(cloud, R42_FAILURE)));
    expect(steps.slice(0, 9)).toEqual([
      'update_firmware:QUEUED',
      'update_firmware:IN_PROGRESS',
      'controller:downloading',
      'controller:downloaded',
      'log:C42',
      'controller:updating',
      'controller:idle',
      'log:R42',
      'update_firmware:FAILED',
    ]);
  });

  it('firmware-download-stalls: progress stops, the job TIMES OUT, no C42, and the target is idle with a failed result', async () => {
    const cloud = await fleet();
    await cloud.setScenarios(X1_KEYLOCKER, ['firmware-download-stalls']);
    const ended = await untilEnded(cloud, (await cloud.startFirmwareUpdate(X1_KEYLOCKER, 'controller')).job_id);
    expect(ended).toMatchObject({ status: 'TIMED_OUT', reason: expect.stringMatching(/stalled at \d0%/) });
    const progress = (await allEvents(cloud, X1_KEYLOCKER))
      .filter((event) => event.type === 'firmware')
      .map((event) => Number(event.data.progress));
    const stalledAt = Math.max(...progress);
    expect(stalledAt).toBeGreaterThanOrEqual(30);
    expect(stalledAt).toBeLessThanOrEqual(70);
    expect(await cloud.logs(X1_KEYLOCKER, { type: 'C42' })).toEqual([]);
    expect((await cloud.checkFirmwareUpdate(X1_KEYLOCKER)).controller).toMatchObject({
      state: 'idle',
      result: 'failed',
    });
  });

  it('refuses an update of firmware that is current or of a KeyLocker the device does not have', async () => {
    const cloud = await fleet();
    expect((await refusal(cloud.startFirmwareUpdate(DR5400, 'controller'))).code).toBe('CONFLICT');
    expect((await refusal(cloud.startFirmwareUpdate(DR5400, 'kl1'))).code).toBe('NOT_SUPPORTED');
    expect((await cloud.sendCommand(DR5400, 'update_firmware', WAIT)).status).toBe('FAILED');
  });
});

describe('keylocker', () => {
  it(`starts with the demo PINs (master ${DEFAULT_KEYLOCKER_PINS.master}, secondary ${DEFAULT_KEYLOCKER_PINS.secondary}), sets them, and clears the secondary only with the master`, async () => {
    const cloud = await fleet();
    const pins = () => cloud.shadow(X1_KEYLOCKER).then((shadow) => shadow!.reported.keylocker!.pins);
    expect(await pins()).toEqual({
      master: { value: '1234', enabled: true },
      secondary: { value: '5678', enabled: true },
    });
    expect((await cloud.setPin(X1_KEYLOCKER, '4321', false, WAIT)).status).toBe('SUCCEEDED');
    expect((await pins()).master).toEqual({ value: '4321', enabled: true });

    // Not waited for, a wrong master PIN is a FAILED job; waited for, a refusal.
    const wrong = await cloud.clearPin(X1_KEYLOCKER, '1234');
    expect(await untilEnded(cloud, wrong.job_id)).toMatchObject({
      status: 'FAILED',
      reason: 'The master PIN does not match',
    });
    expect((await refusal(cloud.clearPin(X1_KEYLOCKER, '1234', WAIT))).code).toBe('INVALID');
    expect((await pins()).secondary.enabled).toBe(true);

    expect((await cloud.clearPin(X1_KEYLOCKER, '4321', WAIT)).status).toBe('SUCCEEDED');
    expect((await pins()).secondary).toEqual({ value: '', enabled: false });
    expect((await refusal(cloud.setPin(X1_KEYLOCKER, '12345', true))).code).toBe('INVALID');
    expect((await refusal(cloud.setPin(DR5400, '1111', false))).code).toBe('NOT_SUPPORTED');
    expect((await cloud.logs(X1_KEYLOCKER, { type: 'KL' })).length).toBe(4);
  });

  it('switches modes, and each mode has its own option table with the spec defaults', async () => {
    const cloud = await fleet();
    const addOn = await cloud.optionTables(X1_KEYLOCKER, { keylocker: true }, WAIT);
    expect(addOn.schema).toBe('keylocker-add-on');
    // spec 02 §4: 0.8 s lock pulse, 10 min passive arming, 30 s horn duration
    expect(addOn.values).toMatchObject({ lock_pulse: 8, passive_arming_delay: 110, horn_duration: 30 });
    expect(addOn.definitions.find((definition) => definition.id === 'lock_pulse')!.choices[0]!.label).toBe('0.8 s');

    expect((await cloud.setKeylockerMode(X1_KEYLOCKER, 'standalone', WAIT)).status).toBe('SUCCEEDED');
    expect((await cloud.shadow(X1_KEYLOCKER))!.reported.keylocker!.mode).toBe('standalone');
    expect((await refusal(cloud.optionTables(X1_KEYLOCKER, { keylocker: true, skip_query: true }))).code).toBe(
      'QUERY_REQUIRED',
    );
    const standalone = await cloud.optionTables(X1_KEYLOCKER, { keylocker: true }, WAIT);
    expect(standalone.schema).toBe('keylocker-standalone');
    expect(standalone.values).toMatchObject({ lock_pulse: 8, passive_arming_delay: 110, horn_duration: 30 });
    const poc = await cloud.optionTables(X1_KEYLOCKER, { schema: 'poc' }, WAIT);
    const pic = await cloud.optionTables(X1_KEYLOCKER, { schema: 'pic' }, WAIT);
    expect([poc.schema, pic.schema]).toEqual(['poc', 'pic']);
    expect((await refusal(cloud.setKeylockerMode(X1_KEYLOCKER, 'sideways' as never))).code).toBe('INVALID');
  });

  it('keylocker-unpaired: KeyLocker commands FAIL, pairing fails while the scenario stays and succeeds after', async () => {
    const cloud = await fleet();
    await cloud.setScenarios(X1_KEYLOCKER, ['keylocker-unpaired']);
    expect((await cloud.shadow(X1_KEYLOCKER))!.reported.keylocker!.paired).toBe(false);
    expect(await cloud.setPin(X1_KEYLOCKER, '1111', false, WAIT)).toMatchObject({
      status: 'FAILED',
      reason: 'The KeyLocker is not paired',
    });
    expect((await cloud.sendCommand(X1_KEYLOCKER, 'query_keylocker', WAIT)).status).toBe('FAILED');
    expect((await refusal(cloud.optionTables(X1_KEYLOCKER, { keylocker: true }, WAIT))).code).toBe('CONFLICT');
    expect((await cloud.sendCommand(X1_KEYLOCKER, 'reset_keylocker_pairing', WAIT)).status).toBe('FAILED');

    await cloud.setScenarios(X1_KEYLOCKER, []);
    expect((await cloud.shadow(X1_KEYLOCKER))!.reported.keylocker!.paired).toBe(false);
    expect((await cloud.sendCommand(X1_KEYLOCKER, 'reset_keylocker_pairing', WAIT)).status).toBe('SUCCEEDED');
    expect((await cloud.shadow(X1_KEYLOCKER))!.reported.keylocker!.paired).toBe(true);
    const status = await cloud.sendCommand(X1_KEYLOCKER, 'query_keylocker', WAIT);
    expect(status).toMatchObject({ status: 'SUCCEEDED', result: { paired: true, mode: 'add-on', key_present: true } });
    const [log] = await cloud.logs(X1_KEYLOCKER, { type: 'KL' });
    expect(log!.keylocker).toEqual({
      key_present: true,
      mode: 'add-on',
      roof_locked: true,
      roof_open: false,
      version: '1.4.2',
    });
  });

  it('FAILS a KeyLocker command sent to a device without one', async () => {
    const cloud = await fleet();
    expect(await cloud.sendCommand(DR5400, 'query_keylocker', WAIT)).toMatchObject({
      status: 'FAILED',
      reason: 'No KeyLocker is attached to this device',
    });
  });
});

describe('option tables', () => {
  it('refuses skip_query until queried, answers after a forced query, and again after the device was reset', async () => {
    const cloud = await fleet();
    expect((await refusal(cloud.optionTables(X1_KEYLOCKER, { skip_query: true }))).code).toBe('QUERY_REQUIRED');
    expect((await refusal(cloud.updateOptionTables(X1_KEYLOCKER, { runtime: 25 }, { skip_query: true }))).code).toBe(
      'QUERY_REQUIRED',
    );
    const queried = await cloud.optionTables(X1_KEYLOCKER, {}, WAIT);
    expect(queried).toMatchObject({ schema: 'CM7300', queried_at: expect.any(String) });
    expect(queried.values.runtime).toBe(15);
    expect(queried.definitions.find((definition) => definition.id === 'runtime')!.choices.map((c) => c.value)).toEqual([
      3, 15, 25, 45,
    ]);
    expect((await cloud.jobs(X1_KEYLOCKER, 1))[0]).toMatchObject({
      command: 'query_option_tables',
      status: 'SUCCEEDED',
    });

    const written = await cloud.updateOptionTables(X1_KEYLOCKER, { runtime: 25 }, { skip_query: true }, WAIT);
    expect(written.values.runtime).toBe(25);
    expect((await cloud.optionTables(X1_KEYLOCKER, { skip_query: true })).values.runtime).toBe(25);
    expect((await refusal(cloud.updateOptionTables(X1_KEYLOCKER, { runtime: 30 }, {}, WAIT))).code).toBe('INVALID');
    expect((await refusal(cloud.updateOptionTables(X1_KEYLOCKER, { warp_drive: 1 }, {}, WAIT))).code).toBe('INVALID');

    // Reset Device Settings changes the tables on the device: the cloud's copy is no longer fresh.
    await cloud.sendCommand(X1_KEYLOCKER, 'erase_device', WAIT);
    expect((await refusal(cloud.optionTables(X1_KEYLOCKER, { skip_query: true }))).code).toBe('QUERY_REQUIRED');
    expect((await cloud.optionTables(X1_KEYLOCKER, {}, WAIT)).values.runtime).toBe(15);
  });

  it('shows sections 1_2 and 3_4 as asked', async () => {
    const cloud = await fleet();
    const first = await cloud.optionTables(X1_KEYLOCKER, { show_1_2: true }, WAIT);
    expect(first.definitions.length).toBeGreaterThan(0);
    expect(first.definitions.every((definition) => definition.section === '1_2')).toBe(true);
    expect(Object.keys(first.values).sort()).toEqual(first.definitions.map((definition) => definition.id).sort());
    const second = await cloud.optionTables(X1_KEYLOCKER, { show_3_4: true, skip_query: true });
    expect(second.definitions.every((definition) => definition.section === '3_4')).toBe(true);
  });

  it('is NOT_SUPPORTED for a controller out of scope, another controller, or KeyLocker tables without a KeyLocker', async () => {
    const cloud = await fleet();
    await cloud.updateShadow(DR5400, { controller_model: 'Controller' });
    expect((await refusal(cloud.optionTables(DR5400, {}, WAIT))).code).toBe('NOT_SUPPORTED');
    expect((await refusal(cloud.optionTables(X1_KEYLOCKER, { schema: 'CMX' }, WAIT))).code).toBe('NOT_SUPPORTED');
    expect((await refusal(cloud.optionTables(DR5400, { keylocker: true }, WAIT))).code).toBe('NOT_SUPPORTED');
  });

  it('answers DEVICE_OFFLINE when the device never answers the query', async () => {
    const cloud = await fleet();
    await cloud.setScenarios(X1_KEYLOCKER, ['device-offline']);
    expect((await refusal(cloud.optionTables(X1_KEYLOCKER, {}))).code).toBe('DEVICE_OFFLINE');
  });
});

describe('features and config bits', () => {
  it('set_config_bit turns a feature on (bit) and off (negative bit); updateFeatures writes the bits', async () => {
    const cloud = await fleet();
    const reported = () => cloud.shadow(X1_KEYLOCKER).then((shadow) => shadow!.reported);
    expect((await reported()).config_bits).toBe(CONFIG_BITS.siren | CONFIG_BITS.shock_sensor);

    await cloud.sendCommand(X1_KEYLOCKER, 'set_config_bit', { ...WAIT, bit: CONFIG_BITS.drive_lock });
    await cloud.sendCommand(X1_KEYLOCKER, 'set_config_bit', { ...WAIT, bit: -CONFIG_BITS.siren });
    expect(await reported()).toMatchObject({
      config_bits: CONFIG_BITS.shock_sensor | CONFIG_BITS.drive_lock,
      features: { drive_lock_enabled: true, siren_enabled: false, shock_sensor_enabled: true },
    });

    const features = await cloud.updateFeatures(
      X1_KEYLOCKER,
      { passive_arming_enabled: true, turbo_timer_start_enabled: true, valet_mode_enabled: true },
      WAIT,
    );
    expect(features).toMatchObject({ passive_arming_enabled: true, valet_mode_enabled: true });
    expect((await reported()).config_bits).toBe(
      CONFIG_BITS.shock_sensor | CONFIG_BITS.drive_lock | CONFIG_BITS.passive_arming | CONFIG_BITS.turbo_timer,
    );
    expect(await cloud.features(X1_KEYLOCKER, true, WAIT)).toEqual(features);
    expect((await cloud.jobs(X1_KEYLOCKER, 1))[0]!.command).toBe('query_features');
    expect((await refusal(cloud.updateFeatures(X1_KEYLOCKER, { warp: true } as never))).code).toBe('INVALID');
  });
});

describe('swap and verify', () => {
  it('marks the old device replaced, and the verified replacement takes over its tables, PINs, features and plan', async () => {
    const cloud = await fleet();
    await cloud.updateOptionTables(ACTIVE_OLD, { runtime: 45 }, {}, WAIT);
    await cloud.updateFeatures(ACTIVE_OLD, { drive_lock_enabled: true }, WAIT);
    const oldBefore = (await cloud.shadow(ACTIVE_OLD))!;
    expect(oldBefore.reported.plan).toMatchObject({ name: 'Premium', duration: '1_year' });

    const swapped = await cloud.swap(ACTIVE_OLD, REPLACEMENT);
    expect(swapped.old.reported).toMatchObject({
      device_state: 'replaced',
      replacement: { replaced_by: REPLACEMENT },
    });
    expect(swapped.new.reported.replacement).toEqual({ replaces: ACTIVE_OLD, replaced_by: null, verified: false });

    const verified = await cloud.verifyReplacement(REPLACEMENT, WAIT);
    expect(verified.reported).toMatchObject({
      plan: oldBefore.reported.plan,
      features: oldBefore.reported.features,
      config_bits: oldBefore.reported.config_bits,
      replacement: { replaces: ACTIVE_OLD, verified: true },
    });
    expect(verified.reported.option_tables.CM900AS!.values.runtime).toBe(45);
    expect((await cloud.optionTables(REPLACEMENT, { skip_query: true })).values.runtime).toBe(45);
    const old = (await cloud.shadow(ACTIVE_OLD))!;
    expect(old.reported).toMatchObject({ device_state: 'retired', plan: null });

    expect((await refusal(cloud.swap(ACTIVE_OLD, REPLACEMENT))).code).toBe('CONFLICT');
    expect((await refusal(cloud.swap(ACTIVE_OLD, X1_KEYLOCKER))).code).toBe('CONFLICT');
  });

  it('takes the KeyLocker PINs over when both units have a KeyLocker', async () => {
    const cloud = await fleet();
    await cloud.setPin(R42_FAILURE, '2468', false, WAIT);
    await cloud.swap(R42_FAILURE, X1_KEYLOCKER);
    const verified = await cloud.verifyReplacement(X1_KEYLOCKER, WAIT);
    expect(verified.reported.keylocker!.pins.master).toEqual({ value: '2468', enabled: true });
  });

  it('refuses the same key (CONFLICT), an unknown one (NOT_FOUND), and verifying a device that replaces none', async () => {
    const cloud = await fleet();
    expect((await refusal(cloud.swap(ACTIVE_OLD, ACTIVE_OLD))).code).toBe('CONFLICT');
    expect((await refusal(cloud.swap(ACTIVE_OLD, '99999999999'))).code).toBe('NOT_FOUND');
    expect((await refusal(cloud.swap('99999999999', REPLACEMENT))).code).toBe('NOT_FOUND');
    expect((await refusal(cloud.verifyReplacement(REPLACEMENT))).code).toBe('CONFLICT');
  });

  it('answers DEVICE_OFFLINE when the replacement does not answer', async () => {
    const cloud = await fleet();
    await cloud.swap(ACTIVE_OLD, REPLACEMENT);
    await cloud.setScenarios(REPLACEMENT, ['device-offline']);
    expect((await refusal(cloud.verifyReplacement(REPLACEMENT))).code).toBe('DEVICE_OFFLINE');
    expect((await cloud.shadow(REPLACEMENT))!.reported.replacement.verified).toBe(false);
  });
});

describe('activation', () => {
  it('activates, installs and leaves service mode when asked; puts a plan on', async () => {
    const cloud = await fleet();
    expect((await cloud.activate(X1_KEYLOCKER)).reported).toMatchObject({ activated: true, device_state: 'active' });
    expect((await cloud.install(X1_KEYLOCKER, false)).reported).toMatchObject({ installed: true, service_mode: true });
    expect((await cloud.install(X1_KEYLOCKER, true)).reported.service_mode).toBe(false);
    const plan = {
      name: 'Basic',
      duration: 'month_to_month' as const,
      started_at: new Date().toISOString(),
      expires_at: null,
    };
    expect((await cloud.setPlan(X1_KEYLOCKER, plan)).reported.plan).toEqual(plan);
    await cloud.swap(ACTIVE_OLD, REPLACEMENT);
    expect((await refusal(cloud.activate(ACTIVE_OLD))).code).toBe('CONFLICT');
  });
});

describe('fault scenarios', () => {
  it('weak-signal: around −105 dBm, commands take longer and still succeed', async () => {
    const cloud = await fleet({ speed: 100 });
    const normal = await cloud.sendCommand(X1_KEYLOCKER, 'locate', WAIT);
    await cloud.setScenarios(X1_KEYLOCKER, ['weak-signal']);
    const signal = (await cloud.shadow(X1_KEYLOCKER))!.reported.cellular_signal_strength;
    expect(signal).toBeGreaterThanOrEqual(-108);
    expect(signal).toBeLessThanOrEqual(-102);
    const weak = await cloud.sendCommand(X1_KEYLOCKER, 'locate', WAIT);
    expect(weak.status).toBe('SUCCEEDED');
    const took = (job: Job) => Date.parse(job.finished_at!) - Date.parse(job.queued_at);
    expect(took(weak)).toBeGreaterThan(took(normal) * 2);
    const [log] = await cloud.logs(X1_KEYLOCKER, { type: 'GPS' });
    expect(log!.cellular_signal_strength).toBeLessThanOrEqual(-100);
  });

  it.each([
    ['no-gps-fix', 'no-fix', 'No GPS fix'],
    ['gps-antenna-open', 'antenna-open', 'The GPS antenna is open (not connected)'],
  ] as const)('%s: Verify GPS fails, the log says %s with no position', async (scenario, status, reason) => {
    const cloud = await fleet();
    await cloud.setScenarios(X1_KEYLOCKER, [scenario]);
    expect(await cloud.sendCommand(X1_KEYLOCKER, 'locate', WAIT)).toMatchObject({ status: 'FAILED', reason });
    const report = await cloud.sendCommand(X1_KEYLOCKER, 'query_status', WAIT);
    expect(report).toMatchObject({ status: 'SUCCEEDED', result: { gps_status: status, latitude: null } });
    const logs = await cloud.logs(X1_KEYLOCKER);
    expect(logs.map((log) => [log.type, log.gps_status, log.latitude, log.longitude])).toEqual([
      ['STATUS', status, null, null],
      ['GPS', status, null, null],
    ]);

    await cloud.setScenarios(X1_KEYLOCKER, []);
    const fixed = await cloud.sendCommand(X1_KEYLOCKER, 'locate', WAIT);
    expect(fixed).toMatchObject({ status: 'SUCCEEDED', result: { gps_status: 'fix', latitude: expect.any(Number) } });
  });

  it('refuses a scenario it does not know and keeps one order', async () => {
    const cloud = await fleet();
    expect((await refusal(cloud.setScenarios(X1_KEYLOCKER, ['gremlins' as ScenarioName]))).code).toBe('INVALID');
    const shadow = await cloud.setScenarios(X1_KEYLOCKER, ['no-gps-fix', 'weak-signal', 'no-gps-fix']);
    expect(shadow.scenarios).toEqual(['weak-signal', 'no-gps-fix']);
  });
});

describe('replay', () => {
  const comparable = (logs: DeviceLog[]) => logs.map(({ timestamp: _timestamp, ...rest }) => rest);

  async function session(seed: string) {
    const cloud = await fleet({ seed });
    await cloud.setScenarios(X1_KEYLOCKER, ['weak-signal']);
    for (const command of ['locate', 'query_status', 'remote_start', 'locate'] as const) {
      await cloud.sendCommand(X1_KEYLOCKER, command, WAIT);
    }
    await cloud.setScenarios(X1_KEYLOCKER, ['firmware-download-stalls']);
    await untilEnded(cloud, (await cloud.startFirmwareUpdate(X1_KEYLOCKER, 'controller')).job_id);
    return {
      logs: comparable(await cloud.logs(X1_KEYLOCKER)),
      shadow: (await cloud.shadow(X1_KEYLOCKER))!.reported,
      stall: (await cloud.jobs(X1_KEYLOCKER, 1))[0]!.reason,
    };
  }

  it('replays exactly: the same seed gives the same logs, positions, signal and stall point', async () => {
    const first = await session('replay');
    const second = await session('replay');
    expect(second).toEqual(first);
    expect(first.logs).toHaveLength(4);
    const other = await session('another seed');
    expect(other.logs).not.toEqual(first.logs);
    expect(other.shadow.imei).not.toBe(first.shadow.imei);
  });
});

describe('events', () => {
  it('calls subscribers with every stored event, ids increasing, until unsubscribed', async () => {
    const cloud = await fleet();
    const heard: CloudEvent[] = [];
    const unsubscribe = cloud.subscribe((event) => heard.push(event));
    await cloud.sendCommand(X1_KEYLOCKER, 'locate', WAIT);
    await cloud.updateShadow(X1_KEYLOCKER, { ignition: true });
    expect(heard).toEqual(await cloud.eventsAfter(0));
    expect(heard.map((event) => event.type)).toEqual(['job', 'job', 'shadow', 'log', 'job', 'shadow']);
    const ids = heard.map((event) => event.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(await cloud.eventsAfter(ids[2]!, 2)).toEqual(heard.slice(3, 5));
    unsubscribe();
    await cloud.updateShadow(X1_KEYLOCKER, { ignition: false });
    expect(heard).toHaveLength(6);
  });
});
