/**
 * What every `DeviceCloud` must do, on the demo fleet (DEMO-DATA "Devices"): run by contract.test.ts on the
 * in-process simulator and on the same simulator behind its HTTP service, and meant for any other cloud
 * (a real one's sandbox) that plugs in through the interface.
 *
 * `make` answers a fresh cloud holding the demo fleet for each test (tests change devices), on a clock
 * fast enough that `waitMs` of a couple of simulated minutes returns within milliseconds.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DeviceCloudError,
  TERMINAL_JOB_STATUSES,
  type CloudErrorCode,
  type CloudEvent,
  type DeviceCloud,
  type DeviceCommand,
  type Job,
} from './api.ts';

export interface CloudUnderTest {
  cloud: DeviceCloud;
  close(): Promise<void>;
}

/** The demo devices the contract uses (DEMO-DATA "Devices"). */
export const DEMO = {
  x1WithKeylocker: '10230000234', // FT-X1, new, service mode, firmware update available, keylocker
  dr5400: '10230000235', // DR5400, no keylocker, firmware current
  x1Max: '10230000236', // FT-X1MAX: the hardwire step applies
  activeOld: '10230000240', // FT-X2 on a plan: the old device of replace-device
  replacement: '10230000241', // FT-X2, new: its replacement
  r42Failure: '10230000260', // FT-X1: the firmware update fails at R42
  unknown: '99999999999',
} as const;

/**
 * Long enough on the cloud's clock for any command of a device that answers (simulated ms), also on a busy
 * machine where the fast clock's real milliseconds go by before the job's steps get the CPU. A waited call
 * returns as soon as its job ends, so only a device that never answers waits this long.
 */
export const WAIT_MS = 3_600_000;
/** How long a test waits in real time for something asynchronous to show. */
const REAL_TIMEOUT_MS = 10_000;

/** The refusal a call ends in (fails the test if it succeeds or fails otherwise). */
export async function refusalOf(call: Promise<unknown>): Promise<DeviceCloudError> {
  const outcome = await call.then(
    (value: unknown) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected a DeviceCloudError, got ${JSON.stringify(outcome.value)}`);
  expect(outcome.error).toBeInstanceOf(DeviceCloudError);
  const error = outcome.error as DeviceCloudError;
  expect(error.message).not.toBe('');
  return error;
}
export async function expectRefusal(call: Promise<unknown>, code: CloudErrorCode): Promise<DeviceCloudError> {
  const error = await refusalOf(call);
  expect(error.code, error.message).toBe(code);
  return error;
}

/** Polls a job until it reaches a terminal status (real time bounded). */
export async function untilJobEnds(cloud: DeviceCloud, jobId: string): Promise<Job> {
  return vi.waitFor(
    async () => {
      const job = await cloud.job(jobId);
      if (!job || !TERMINAL_JOB_STATUSES.includes(job.status)) throw new Error(`job ${jobId}: ${job?.status}`);
      return job;
    },
    { timeout: REAL_TIMEOUT_MS, interval: 5 },
  );
}

/** Every kept event after `after`, oldest first, however the cloud pages them. */
export async function eventsSince(cloud: DeviceCloud, after = 0): Promise<CloudEvent[]> {
  const events: CloudEvent[] = [];
  for (;;) {
    const page = await cloud.eventsAfter(after, 500);
    if (page.length === 0) return events;
    events.push(...page);
    after = page[page.length - 1]!.id;
  }
}

/** Whether `wanted` appears in `seen` in this order (other items may sit between). */
function inOrder(seen: readonly unknown[], wanted: readonly unknown[]): boolean {
  let i = 0;
  for (const item of seen) if (i < wanted.length && item === wanted[i]) i++;
  return i === wanted.length;
}

/**
 * Subscribes and waits until the subscription demonstrably hears events (a listener over a network starts
 * hearing once its stream is open): writes the shadow until the listener sees one of its writes. Answers
 * the events heard and the id from which the listener hears everything.
 */
export async function subscribed(cloud: DeviceCloud, deviceKey: string) {
  const heard: CloudEvent[] = [];
  const unsubscribe = cloud.subscribe((event) => heard.push(event));
  let strength = -60;
  const since = await vi.waitFor(
    async () => {
      await cloud.updateShadow(deviceKey, { cellular_signal_strength: strength-- });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const first = heard.find((event) => event.device_key === deviceKey);
      if (!first) throw new Error('the subscription has heard nothing yet');
      return first.id - 1;
    },
    { timeout: REAL_TIMEOUT_MS, interval: 10 },
  );
  return { heard, since, unsubscribe };
}

export function describeDeviceCloudContract(name: string, make: () => Promise<CloudUnderTest>) {
  describe(`DeviceCloud contract: ${name}`, () => {
    let underTest: CloudUnderTest;
    let cloud: DeviceCloud;
    beforeEach(async () => {
      underTest = await make();
      cloud = underTest.cloud;
    });
    afterEach(async () => {
      await underTest.close();
    });

    describe('shadow', () => {
      it("reads a demo device's reported state, version and per-field timestamps", async () => {
        const shadow = await cloud.shadow(DEMO.x1WithKeylocker);
        expect(shadow).not.toBeNull();
        expect(shadow!.device_key).toBe(DEMO.x1WithKeylocker);
        expect(Number.isInteger(shadow!.version)).toBe(true);
        expect(shadow!.reported).toMatchObject({ product: 'FT-X1', service_mode: true, extension_device: 'kl1' });
        expect(shadow!.reported.keylocker).not.toBeNull();
        expect(shadow!.reported.firmware.controller?.available_version).toBeTruthy();
        // DEMO-DATA: the ICCID's last four digits are the serial's.
        expect(shadow!.reported.iccid.slice(-4)).toBe(DEMO.x1WithKeylocker.slice(-4));
        expect(shadow!.metadata.product.timestamp).toEqual(expect.any(String));

        const dr5400 = await cloud.shadow(DEMO.dr5400);
        expect(dr5400!.reported).toMatchObject({ product: 'DR5400', keylocker: null, service_mode: true });
        expect(dr5400!.reported.firmware.controller?.available_version ?? null).toBeNull();
      });

      it('writes reported fields under the expected version and refuses a stale version', async () => {
        const before = (await cloud.shadow(DEMO.x1WithKeylocker))!;
        const after = await cloud.updateShadow(DEMO.x1WithKeylocker, { cellular_signal_strength: -77 }, before.version);
        expect(after.version).toBeGreaterThan(before.version);
        expect(after.reported.cellular_signal_strength).toBe(-77);
        expect(after.reported.product).toBe('FT-X1'); // a patch leaves the other fields
        expect((await cloud.shadow(DEMO.x1WithKeylocker))!.version).toBe(after.version);

        await expectRefusal(
          cloud.updateShadow(DEMO.x1WithKeylocker, { cellular_signal_strength: -90 }, before.version),
          'VERSION_CONFLICT',
        );
        expect((await cloud.shadow(DEMO.x1WithKeylocker))!.reported.cellular_signal_strength).toBe(-77);
        // Without a version the write is unconditional.
        const again = await cloud.updateShadow(DEMO.x1WithKeylocker, { cellular_signal_strength: -90 });
        expect(again.version).toBeGreaterThan(after.version);
      });

      it('answers null for a device it does not have, and NOT_FOUND when asked to act on one', async () => {
        expect(await cloud.shadow(DEMO.unknown)).toBeNull();
        expect(await cloud.job('no-such-job')).toBeNull();
        await expectRefusal(cloud.updateShadow(DEMO.unknown, { ignition: true }), 'NOT_FOUND');
        await expectRefusal(cloud.sendCommand(DEMO.unknown, 'locate'), 'NOT_FOUND');
        await expectRefusal(cloud.checkFirmwareUpdate(DEMO.unknown), 'NOT_FOUND');
        await expectRefusal(cloud.swap(DEMO.activeOld, DEMO.unknown), 'NOT_FOUND');
      });
    });

    describe('jobs', () => {
      it('runs a command as a job: QUEUED when not waited for, SUCCEEDED when waited for', async () => {
        const queued = await cloud.sendCommand(DEMO.x1WithKeylocker, 'query_status');
        expect(queued).toMatchObject({ device_key: DEMO.x1WithKeylocker, command: 'query_status', status: 'QUEUED' });
        expect((await untilJobEnds(cloud, queued.job_id)).status).toBe('SUCCEEDED');

        const located = await cloud.sendCommand(DEMO.x1WithKeylocker, 'locate', { waitMs: WAIT_MS });
        expect(located.status).toBe('SUCCEEDED');
        expect(located.reason).toBeNull();
        expect(located.started_at).toEqual(expect.any(String));
        expect(located.finished_at).toEqual(expect.any(String));
        expect(await cloud.job(located.job_id)).toEqual(located);
        const history = await cloud.jobs(DEMO.x1WithKeylocker);
        expect(history.map((job) => job.job_id)).toEqual(expect.arrayContaining([queued.job_id, located.job_id]));
        expect(await cloud.jobs(DEMO.x1WithKeylocker, 1)).toHaveLength(1);
      });

      it('rejects Reset Device Settings on a device that is not X1-class (DR5400)', async () => {
        const job = await cloud.sendCommand(DEMO.dr5400, 'erase_device', { waitMs: WAIT_MS });
        expect(job.status).toBe('REJECTED');
        expect(job.reason).toEqual(expect.any(String));
      });

      it('times a command out on an offline device, and refuses what is not a command', async () => {
        await cloud.setScenarios(DEMO.x1WithKeylocker, ['device-offline']);
        expect((await cloud.shadow(DEMO.x1WithKeylocker))!.scenarios).toEqual(['device-offline']);
        const job = await cloud.sendCommand(DEMO.x1WithKeylocker, 'locate', { waitMs: WAIT_MS });
        expect(job.status).toBe('TIMED_OUT');

        await expectRefusal(cloud.sendCommand(DEMO.x1WithKeylocker, 'fly' as DeviceCommand), 'INVALID');
        await expectRefusal(cloud.setScenarios(DEMO.x1WithKeylocker, ['gremlins' as never]), 'INVALID');
      });
    });

    describe('firmware over the air', () => {
      it('updates the controller of 10230000234: firmware steps in order, C42 then R42 logs, new version', async () => {
        const before = await cloud.checkFirmwareUpdate(DEMO.x1WithKeylocker);
        const offered = before.controller!.available_version;
        expect(offered).toBeTruthy();
        const mark = (await eventsSince(cloud)).at(-1)?.id ?? 0;

        const job = await cloud.startFirmwareUpdate(DEMO.x1WithKeylocker, 'controller');
        expect((await untilJobEnds(cloud, job.job_id)).status).toBe('SUCCEEDED');
        const after = await cloud.checkFirmwareUpdate(DEMO.x1WithKeylocker);
        expect(after.controller).toMatchObject({
          current_version: offered,
          available_version: null,
          result: 'success',
        });

        const events = (await eventsSince(cloud, mark)).filter((e) => e.device_key === DEMO.x1WithKeylocker);
        const ids = events.map((e) => e.id);
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
        // One line per step: firmware states, and the log entries by type.
        const steps = events
          .filter((e) => e.type === 'firmware' || e.type === 'log')
          .map((e) => (e.type === 'firmware' ? String(e.data.state) : String(e.data.type)));
        expect(inOrder(steps, ['downloading', 'downloaded', 'C42', 'updating', 'R42']), steps.join(' → ')).toBe(true);
        const lastFirmware = events.filter((e) => e.type === 'firmware').at(-1)!;
        expect(lastFirmware.data).toMatchObject({ target: 'controller', result: 'success' });

        const [c42] = await cloud.logs(DEMO.x1WithKeylocker, { type: 'C42' });
        const [r42] = await cloud.logs(DEMO.x1WithKeylocker, { type: 'R42' });
        expect(c42).toMatchObject({ type: 'C42', description: 'FOTA Download to Device' });
        expect(r42).toMatchObject({ type: 'R42', description: 'FOTA Result' });
        expect(r42!.data).toMatchObject({ target: 'controller', success: true });
        expect(Date.parse(c42!.timestamp)).toBeLessThanOrEqual(Date.parse(r42!.timestamp));
      });

      it('fails the update of 10230000260 at the result step (R42 failure), keeping the old version', async () => {
        const before = await cloud.checkFirmwareUpdate(DEMO.r42Failure);
        const job = await cloud.startFirmwareUpdate(DEMO.r42Failure, 'controller');
        const ended = await untilJobEnds(cloud, job.job_id);
        expect(ended.status).toBe('FAILED');
        expect(ended.reason).toEqual(expect.any(String));
        const after = await cloud.checkFirmwareUpdate(DEMO.r42Failure);
        expect(after.controller).toMatchObject({
          current_version: before.controller!.current_version,
          result: 'failed',
        });
        const r42 = await cloud.logs(DEMO.r42Failure, { type: 'R42' });
        expect(r42[0]!.data).toMatchObject({ target: 'controller', success: false });
        expect(await cloud.logs(DEMO.r42Failure, { type: 'C42' })).toHaveLength(1);
      });
    });

    describe('keylocker', () => {
      it('sets the master and secondary PINs, clears the secondary with the master, refuses a wrong one', async () => {
        const master = await cloud.setPin(DEMO.x1WithKeylocker, '1357', false, { waitMs: WAIT_MS });
        expect(master.status).toBe('SUCCEEDED');
        expect((await cloud.setPin(DEMO.x1WithKeylocker, '2468', true, { waitMs: WAIT_MS })).status).toBe('SUCCEEDED');
        let pins = (await cloud.shadow(DEMO.x1WithKeylocker))!.reported.keylocker!.pins;
        expect(pins.master).toEqual({ value: '1357', enabled: true });
        expect(pins.secondary).toEqual({ value: '2468', enabled: true });

        await expectRefusal(cloud.clearPin(DEMO.x1WithKeylocker, '0000', { waitMs: WAIT_MS }), 'INVALID');
        await expectRefusal(cloud.setPin(DEMO.x1WithKeylocker, '12a4', false), 'INVALID');
        expect((await cloud.clearPin(DEMO.x1WithKeylocker, '1357', { waitMs: WAIT_MS })).status).toBe('SUCCEEDED');
        pins = (await cloud.shadow(DEMO.x1WithKeylocker))!.reported.keylocker!.pins;
        expect(pins.secondary.enabled).toBe(false);
        expect(pins.master).toEqual({ value: '1357', enabled: true });

        await expectRefusal(cloud.setPin(DEMO.dr5400, '1357', false), 'NOT_SUPPORTED');
      });

      it('switches the KeyLocker between add-on and standalone', async () => {
        const job = await cloud.setKeylockerMode(DEMO.x1WithKeylocker, 'standalone', { waitMs: WAIT_MS });
        expect(job.status).toBe('SUCCEEDED');
        expect((await cloud.shadow(DEMO.x1WithKeylocker))!.reported.keylocker!.mode).toBe('standalone');
      });
    });

    describe('option tables', () => {
      it('refuses to skip the query until the device was queried, then answers and writes the tables', async () => {
        const query = { keylocker: true };
        await expectRefusal(
          cloud.optionTables(DEMO.x1WithKeylocker, { ...query, skip_query: true }, { waitMs: WAIT_MS }),
          'QUERY_REQUIRED',
        );
        const queried = await cloud.optionTables(DEMO.x1WithKeylocker, query, { waitMs: WAIT_MS });
        expect(queried.queried_at).toEqual(expect.any(String));
        expect(queried.definitions.length).toBeGreaterThan(0);
        for (const definition of queried.definitions) {
          expect(definition.choices.map((c) => c.value)).toContain(queried.values[definition.id]);
        }
        const skipped = await cloud.optionTables(DEMO.x1WithKeylocker, { ...query, skip_query: true });
        expect(skipped.values).toEqual(queried.values);

        const option = queried.definitions.find((d) => d.choices.length > 1)!;
        const other = option.choices.find((c) => c.value !== queried.values[option.id])!.value;
        const written = await cloud.updateOptionTables(DEMO.x1WithKeylocker, { [option.id]: other }, query, {
          waitMs: WAIT_MS,
        });
        expect(written.values[option.id]).toBe(other);
        expect((await cloud.optionTables(DEMO.x1WithKeylocker, { ...query, skip_query: true })).values[option.id]).toBe(
          other,
        );
        await expectRefusal(
          cloud.updateOptionTables(DEMO.x1WithKeylocker, { [option.id]: 987_654 }, query, { waitMs: WAIT_MS }),
          'INVALID',
        );
      });

      it("answers the controller's tables by section (show_1_2, show_3_4)", async () => {
        const controller = (await cloud.shadow(DEMO.x1WithKeylocker))!.reported.controller_model;
        const all = await cloud.optionTables(DEMO.x1WithKeylocker, {}, { waitMs: WAIT_MS });
        expect(all.schema).toBe(controller);
        const first = await cloud.optionTables(DEMO.x1WithKeylocker, { show_1_2: true, skip_query: true });
        const second = await cloud.optionTables(DEMO.x1WithKeylocker, {
          show_3_4: true,
          show_1_2: false,
          skip_query: true,
        });
        expect(first.definitions.length).toBeGreaterThan(0);
        expect(second.definitions.length).toBeGreaterThan(0);
        expect(first.definitions.every((d) => d.section === '1_2')).toBe(true);
        expect(second.definitions.every((d) => d.section === '3_4')).toBe(true);
        expect(first.definitions.length + second.definitions.length).toBe(all.definitions.length);
      });
    });

    describe('settings and lifecycle', () => {
      it('reads, queries and writes feature settings, and turns a config bit on by command', async () => {
        const features = await cloud.features(DEMO.x1WithKeylocker);
        expect(typeof features.siren_enabled).toBe('boolean');
        expect(await cloud.features(DEMO.x1WithKeylocker, true, { waitMs: WAIT_MS })).toEqual(features);
        const written = await cloud.updateFeatures(
          DEMO.x1WithKeylocker,
          { siren_enabled: !features.siren_enabled },
          { waitMs: WAIT_MS },
        );
        expect(written).toEqual({ ...features, siren_enabled: !features.siren_enabled });
        expect((await cloud.shadow(DEMO.x1WithKeylocker))!.reported.features).toEqual(written);

        const sirenOff = await cloud.updateFeatures(
          DEMO.x1WithKeylocker,
          { siren_enabled: false },
          { waitMs: WAIT_MS },
        );
        expect(sirenOff.siren_enabled).toBe(false);
        const on = await cloud.sendCommand(DEMO.x1WithKeylocker, 'set_config_bit', { bit: 2, waitMs: WAIT_MS });
        expect(on).toMatchObject({ status: 'SUCCEEDED', bit: 2 });
        const reported = (await cloud.shadow(DEMO.x1WithKeylocker))!.reported;
        expect(reported.config_bits & 2).toBe(2);
        expect(reported.features.siren_enabled).toBe(true);
      });

      it('sets the hardwire input and output on a MAX model only', async () => {
        const job = await cloud.setHardwire(DEMO.x1Max, 'Low', 'Trunk', { waitMs: WAIT_MS });
        expect(job.status).toBe('SUCCEEDED');
        expect((await cloud.shadow(DEMO.x1Max))!.reported.hardwire).toEqual({ input: 'Low', output: 'Trunk' });
        const refused = await cloud.setHardwire(DEMO.x1WithKeylocker, 'Low', 'Trunk', { waitMs: WAIT_MS });
        expect(refused.status).toBe('REJECTED');
      });

      it('activates and installs a device, out of service mode when asked, and puts a plan on it', async () => {
        expect((await cloud.activate(DEMO.x1WithKeylocker)).reported.activated).toBe(true);
        const installed = await cloud.install(DEMO.x1WithKeylocker, true);
        expect(installed.reported).toMatchObject({ installed: true, service_mode: false });
        const plan = {
          name: 'Premium',
          duration: '1_year' as const,
          started_at: '2026-01-01T00:00:00.000Z',
          expires_at: '2027-01-01T00:00:00.000Z',
        };
        expect((await cloud.setPlan(DEMO.x1WithKeylocker, plan)).reported.plan).toEqual(plan);
        expect((await cloud.setPlan(DEMO.x1WithKeylocker, null)).reported.plan).toBeNull();
        await expectRefusal(cloud.activate(DEMO.unknown), 'NOT_FOUND');
      });

      it("pages a device's jobs and logs, newest first, by type and time", async () => {
        for (const command of ['locate', 'arm', 'disarm'] as const) {
          await cloud.sendCommand(DEMO.x1WithKeylocker, command, { waitMs: WAIT_MS });
        }
        const jobs = await cloud.jobs(DEMO.x1WithKeylocker);
        expect(jobs.map((job) => job.command).slice(0, 3)).toEqual(['disarm', 'arm', 'locate']);
        expect(await cloud.jobs(DEMO.x1WithKeylocker, 2)).toEqual(jobs.slice(0, 2));

        const logs = await cloud.logs(DEMO.x1WithKeylocker);
        expect(logs.length).toBeGreaterThanOrEqual(3);
        const times = logs.map((log) => Date.parse(log.timestamp));
        expect(times).toEqual([...times].sort((a, b) => b - a));
        expect(await cloud.logs(DEMO.x1WithKeylocker, { limit: 2 })).toEqual(logs.slice(0, 2));
        const type = logs[0]!.type;
        expect((await cloud.logs(DEMO.x1WithKeylocker, { type })).every((log) => log.type === type)).toBe(true);
        const oldest = logs[logs.length - 1]!.timestamp;
        const upTo = await cloud.logs(DEMO.x1WithKeylocker, { to: oldest });
        expect(upTo.every((log) => log.timestamp <= oldest)).toBe(true);
        expect(await cloud.logs(DEMO.x1WithKeylocker, { from: '2999-01-01T00:00:00.000Z' })).toEqual([]);
      });

      it('updates the KeyLocker firmware (kl1) as well as the controller', async () => {
        const offered = (await cloud.checkFirmwareUpdate(DEMO.x1WithKeylocker)).kl1!.available_version;
        expect(offered).toBeTruthy();
        const job = await cloud.startFirmwareUpdate(DEMO.x1WithKeylocker, 'kl1');
        expect((await untilJobEnds(cloud, job.job_id)).status).toBe('SUCCEEDED');
        expect((await cloud.checkFirmwareUpdate(DEMO.x1WithKeylocker)).kl1).toMatchObject({
          current_version: offered,
          available_version: null,
        });
        await expectRefusal(cloud.startFirmwareUpdate(DEMO.dr5400, 'kl1'), 'NOT_SUPPORTED');
      });
    });

    describe('replacement', () => {
      it('swaps 10230000240 for 10230000241, verifies the replacement, and refuses a second swap', async () => {
        const oldBefore = (await cloud.shadow(DEMO.activeOld))!;
        const swapped = await cloud.swap(DEMO.activeOld, DEMO.replacement);
        expect(swapped.old.reported.device_state).toBe('replaced');
        expect(swapped.old.reported.replacement.replaced_by).toBe(DEMO.replacement);
        expect(swapped.new.reported.replacement).toMatchObject({ replaces: DEMO.activeOld, verified: false });

        const verified = await cloud.verifyReplacement(DEMO.replacement, { waitMs: WAIT_MS });
        expect(verified.reported.replacement.verified).toBe(true);
        expect(verified.reported.plan).toEqual(oldBefore.reported.plan);

        await expectRefusal(cloud.swap(DEMO.activeOld, DEMO.replacement), 'CONFLICT');
      });
    });

    describe('events', () => {
      it('keeps events in id order and pages them with eventsAfter', async () => {
        await cloud.sendCommand(DEMO.x1WithKeylocker, 'locate', { waitMs: WAIT_MS });
        const all = await eventsSince(cloud);
        expect(all.length).toBeGreaterThanOrEqual(2);
        const ids = all.map((e) => e.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids).toEqual([...ids].sort((a, b) => a - b));

        const from = all[all.length - 2]!.id;
        const page = await cloud.eventsAfter(from, 1);
        expect(page.map((e) => e.id)).toEqual([all[all.length - 1]!.id]);
        expect(await cloud.eventsAfter(all[all.length - 1]!.id)).toEqual([]);
        expect(page[0]).toEqual(all[all.length - 1]);
      });

      it("tells a subscriber a job's states as they happen, in the order eventsAfter keeps them", async () => {
        const { heard, since, unsubscribe } = await subscribed(cloud, DEMO.x1WithKeylocker);
        const job = await cloud.sendCommand(DEMO.x1WithKeylocker, 'locate', { waitMs: WAIT_MS });
        expect(job.status).toBe('SUCCEEDED');
        const kept = await eventsSince(cloud, since);
        await vi.waitFor(() => expect(heard.at(-1)?.id).toBeGreaterThanOrEqual(kept.at(-1)!.id), {
          timeout: REAL_TIMEOUT_MS,
        });
        const last = kept.at(-1)!.id;
        expect(heard.filter((e) => e.id > since && e.id <= last)).toEqual(kept);
        const states = heard
          .filter((e) => e.type === 'job' && e.data.job_id === job.job_id)
          .map((e) => e.data.status as string);
        expect(states.at(-1)).toBe('SUCCEEDED');
        expect(inOrder(states, ['QUEUED', 'IN_PROGRESS', 'SUCCEEDED'])).toBe(true);

        unsubscribe();
        const count = heard.length;
        await cloud.updateShadow(DEMO.x1WithKeylocker, { ignition: true });
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(heard).toHaveLength(count);
      });
    });
  });
}
