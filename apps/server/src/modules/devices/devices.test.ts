import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DASHCAM_QUERY_COUNT,
  DEVICE_TEXTS,
  REFUSAL_CODES,
  endpoints,
  type DeviceCheckResponse,
  type DeviceJob,
  type ValidationError,
} from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs, unchecked, type TestClient } from '../../../test/client.ts';
import { idOf, lastMailTo, partnerByCode } from '../../../test/builders.ts';
import { deviceCommands, deviceInstallations } from './schema.ts';
import { DeviceCloudError } from '../../adapters/devices/index.ts';
import { withRequery } from './service.ts';

/**
 * Every device call of spec 02 §7 through HTTP on the real database and the in-process simulated fleet
 * (DEMO-DATA "Devices"; the cloud's clock fast: test/helpers.ts). Who may drive a device: access.test.ts.
 */

let t: TestContext;
let guest: TestClient;
let purchaser: TestClient;

/** DEMO-DATA: a demo device's ICCID ends with the last four digits of its serial. */
const digitsOf = (key: string) => key.slice(-4);

beforeAll(async () => {
  t = await createTestApp();
  guest = await signedInAs(t.app, null);
  purchaser = await signedInAs(t.app, 'purchaser@demo.test');
});
afterAll(() => t.close());

/** The job once it has ended (the cloud's clock is fast: a few hundred ms at most). */
async function jobToEnd(client: TestClient, jobId: string, digits?: string): Promise<DeviceJob> {
  for (let i = 0; i < 100; i++) {
    const res = await client.call(endpoints.devices.job, {
      params: { id: jobId },
      query: digits ? { iccid_last_digits: digits } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json();
    if (['SUCCEEDED', 'FAILED', 'TIMED_OUT', 'REJECTED'].includes(job.status)) return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${jobId} did not end`);
}

const check = (client: TestClient, device_key: string, iccid_last_digits?: string, isCanadianUser?: boolean) =>
  client.call(endpoints.devices.deviceCheck, { body: { device_key, iccid_last_digits, isCanadianUser } });

describe('device checks (spec 02 §4 device states, §8 service-mode error)', () => {
  it('answers a new device in service mode with the spec’s fields and the activation types it allows', async () => {
    const res = await check(guest, '10230000234', '0234', true);
    expect(res.statusCode, res.body).toBe(200);
    const [device] = res.json<DeviceCheckResponse>().results;
    expect(device).toMatchObject({
      device_key: '10230000234',
      product: 'FT-X1',
      plan: null,
      device_state: 'new',
      service_mode: true,
      initialDeviceState: 'new',
      initialServiceMode: true,
      is_keylocker_present: true,
      keylocker: { mode: expect.any(String) },
      firmwareChecked: false,
      numberOfCommandsSent: 0,
      deviceReplaced: false,
      replacedDeviceVerified: false,
      isCanadianUser: true,
      requestsExitServiceMode: true,
      replaceDeviceOnly: false,
      canEraseDevice: true,
      installed: false,
    });
    expect(device!.allowedActivationTypes).toContain('new-device');
  });

  it('accepts a serial typed in lower case (spec 02 §5: upper-cased)', async () => {
    const res = await check(guest, '10230000235', '0235');
    expect(res.statusCode).toBe(200);
  });

  it('refuses a device not in service mode with the spec’s service-mode error (10230000250)', async () => {
    const res = await check(guest, '10230000250', '0250');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: DEVICE_TEXTS.notInServiceMode, code: REFUSAL_CODES.NOT_IN_SERVICE_MODE });
    expect(DEVICE_TEXTS.notInServiceMode).toContain('not currently in Service Mode');
  });

  it('says a paused device in service mode is for replace-device only (10230000270)', async () => {
    const res = await check(guest, '10230000270', '0270');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<DeviceCheckResponse>().results[0]).toMatchObject({
      device_state: 'paused',
      service_mode: true,
      replaceDeviceOnly: true,
      allowedActivationTypes: ['replace-device'],
    });
  });

  it('the purchasing check needs no service mode (a plan for 10230000250 or an active device)', async () => {
    const res = await guest.call(endpoints.devices.devicePurchasingCheck, {
      body: { device_key: '10230000250', iccid_last_digits: '0250' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mine = await purchaser.call(endpoints.devices.devicePurchasingCheck, { body: { device_key: '10230000240' } });
    expect(mine.json<DeviceCheckResponse>().results[0]).toMatchObject({
      device_state: 'active',
      installed: true,
      plan: { name: 'Premium', duration: '1_year' },
      allowedActivationTypes: ['purchase-subscription'],
    });
  });

  it('refuses malformed input with field errors (400 { validation })', async () => {
    for (const body of [
      { device_key: '1023-0000' },
      { device_key: '' },
      { device_key: '10230000234', iccid_last_digits: '12a4' },
      { device_key: '10230000234', isCanadianUser: 'yes' },
      {},
    ]) {
      const res = await guest.call(endpoints.devices.deviceCheck, { body: unchecked(body) });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toHaveProperty('validation');
    }
  });

  it('answers 404 for a device the cloud does not know', async () => {
    const res = await check(guest, '99999999999', '9999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: REFUSAL_CODES.DEVICE_NOT_FOUND });
  });
});

describe('send-command (spec 02 §7) and the recorded history (issue 28 §5)', () => {
  it('sends a command, answers its job, and records who sent it', async () => {
    const res = await purchaser.call(endpoints.devices.sendCommand, {
      body: { device_key: '10230000240', command: 'arm' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json();
    expect(job).toMatchObject({ device_key: '10230000240', command: 'arm' });
    expect(job.jobs).toHaveLength(1);
    const ended = await jobToEnd(purchaser, job.job_id);
    expect(ended.status).toBe('SUCCEEDED');

    const [row] = await t.db.select().from(deviceCommands).where(eq(deviceCommands.jobId, job.job_id));
    expect(row).toMatchObject({
      action: 'send-command:arm',
      userId: await idOf(t.db, 'purchaser@demo.test'),
      actingUserId: null,
      businessPartnerId: (await partnerByCode(t.db, 'C100234')).id,
      status: 'SUCCEEDED',
    });
    expect(row!.finishedAt).not.toBeNull();

    const history = await purchaser.call(endpoints.devices.history, { params: { key: '10230000240' } });
    expect(history.statusCode).toBe(200);
    expect(history.json().results[0]).toMatchObject({
      action: 'send-command:arm',
      job_id: job.job_id,
      user: { email: 'purchaser@demo.test' },
      business: { companyName: 'Northside Auto Sound' },
    });
  });

  it('the dash camera query sends five queries (spec 02 §4)', async () => {
    const res = await guest.call(endpoints.devices.sendCommand, {
      body: { device_key: '10230000235', command: 'dashcam_query', iccid_last_digits: '0235', wait_ms: 0 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().jobs).toHaveLength(DASHCAM_QUERY_COUNT);
    const rows = await t.db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.action, 'send-command:dashcam_query'));
    expect(rows).toHaveLength(DASHCAM_QUERY_COUNT);
    expect(rows.every((r) => r.userId === null && r.businessPartnerId === null)).toBe(true);
    const check235 = await check(guest, '10230000235', '0235');
    expect(check235.json<DeviceCheckResponse>().results[0]!.numberOfCommandsSent).toBe(DASHCAM_QUERY_COUNT);
  });

  it('Reset Device Settings (erase_device) is for X1-class devices only', async () => {
    const res = await guest.call(endpoints.devices.sendCommand, {
      body: { device_key: '10230000235', command: 'erase_device', iccid_last_digits: '0235' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: DEVICE_TEXTS.eraseX1Only, code: REFUSAL_CODES.DEVICE_NOT_SUPPORTED });
    const x1 = await guest.call(endpoints.devices.sendCommand, {
      body: { device_key: '10230000236', command: 'erase_device', iccid_last_digits: '0236' },
    });
    expect(x1.statusCode, x1.body).toBe(200);
  });

  it('set_config_bit takes one of the spec’s bits; other commands take none', async () => {
    const ok = await guest.call(endpoints.devices.sendCommand, {
      body: { device_key: '10230000236', command: 'set_config_bit', bit: 16, iccid_last_digits: '0236' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().bit).toBe(16);
    for (const body of [
      { device_key: '10230000236', command: 'set_config_bit', iccid_last_digits: '0236' },
      { device_key: '10230000236', command: 'set_config_bit', bit: 3, iccid_last_digits: '0236' },
      { device_key: '10230000236', command: 'arm', bit: 2, iccid_last_digits: '0236' },
      { device_key: '10230000236', command: 'fly', iccid_last_digits: '0236' },
      { device_key: '10230000236', command: 'arm', wait_ms: -1, iccid_last_digits: '0236' },
    ]) {
      const res = await guest.call(endpoints.devices.sendCommand, { body: unchecked(body) });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toHaveProperty('validation');
    }
  });

  it('a configuration item takes its duration code or runtime (spec 02 §5), and the unit keeps it', async () => {
    const sent = await guest.call(endpoints.devices.sendCommand, {
      body: { device_key: '10230000236', command: 'config_power_settings', value: 105, iccid_last_digits: '0236' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const job = sent.json();
    const ended = job.status === 'SUCCEEDED' ? job : await jobToEnd(guest, job.job_id, '0236');
    expect(ended).toMatchObject({ status: 'SUCCEEDED', result: { value: 105 } });
    const runtime = await guest.call(endpoints.devices.sendCommand, {
      body: { device_key: '10230000236', command: 'config_engine_monitoring', value: 25, iccid_last_digits: '0236' },
    });
    expect(runtime.statusCode, runtime.body).toBe(200);
    for (const body of [
      { command: 'config_power_settings', value: 100 }, // neither seconds (1–99) nor minutes (101–115)
      { command: 'config_power_settings', value: 116 },
      { command: 'config_engine_monitoring', value: 20 }, // runtimes are 3, 15, 25, 45
      { command: 'config_security_events', value: 5 }, // takes none
      { command: 'arm', value: 5 },
    ]) {
      const res = await guest.call(endpoints.devices.sendCommand, {
        body: unchecked({ device_key: '10230000236', iccid_last_digits: '0236', ...body }),
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const { validation } = res.json() as unknown as { validation: { field: string }[] };
      expect(validation.map((issue) => issue.field)).toEqual(['value']);
    }
  });

  it('a job of someone else’s device is not found; an unknown job is not found', async () => {
    const sent = await purchaser.call(endpoints.devices.sendCommand, {
      body: { device_key: '10230000240', command: 'locate', wait_ms: 0 },
    });
    const id = sent.json().job_id;
    const other = await guest.call(endpoints.devices.job, { params: { id } });
    expect(other.statusCode).toBe(404);
    const unknown = await purchaser.call(endpoints.devices.job, { params: { id: 'no-such-job' } });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('firmware (spec 02 §4 firmware update; DEMO-DATA 10230000234, 10230000260)', () => {
  it('10230000234 offers an update for the controller and the KeyLocker; the check is recorded', async () => {
    const res = await guest.call(endpoints.devices.checkFirmwareUpdate, {
      params: { key: '10230000234' },
      query: { iccid_last_digits: '0234' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      is_firmware_available: true,
      is_ext_device_firmware_available: true,
      ext_device_firmware_details: { device: 'kl1', name: 'KeyLocker' },
    });
    const after = await check(guest, '10230000234', '0234');
    expect(after.json<DeviceCheckResponse>().results[0]!.firmwareChecked).toBe(true);
  });

  it('10230000260 fails at the result step (R42), seen through the firmware call, its job and the logs', async () => {
    const started = await guest.call(endpoints.devices.firmwareUpdate, {
      params: { key: '10230000260' },
      body: { target: 'controller', iccid_last_digits: '0260' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const job = await jobToEnd(guest, started.json().job_id, '0260');
    expect(job.status).toBe('FAILED');
    const logs = await guest.call(endpoints.devices.logs, {
      query: { device_key: '10230000260', iccid_last_digits: '0260', type: 'R42' },
    });
    expect(logs.statusCode, logs.body).toBe(200);
    expect(logs.json().results[0]).toMatchObject({ type: 'R42', description: 'FOTA Result' });
    const c42 = await guest.call(endpoints.devices.logs, {
      query: { device_key: '10230000260', iccid_last_digits: '0260', type: 'C42' },
    });
    expect(c42.json().results.length).toBeGreaterThan(0);
  });

  it('a device whose firmware is current refuses an update (409); a bad target is a field error', async () => {
    const res = await guest.call(endpoints.devices.firmwareUpdate, {
      params: { key: '10230000235' },
      body: { target: 'controller', iccid_last_digits: '0235' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: REFUSAL_CODES.DEVICE_CONFLICT });
    const bad = await guest.call(endpoints.devices.firmwareUpdate, {
      params: { key: '10230000235' },
      body: unchecked({ target: 'radio', iccid_last_digits: '0235' }),
    });
    expect(bad.statusCode).toBe(400);
    const kl = await guest.call(endpoints.devices.firmwareUpdate, {
      params: { key: '10230000235' },
      body: { target: 'kl1', iccid_last_digits: '0235' },
    });
    expect(kl.statusCode).toBe(422);
  });

  it('logs take dates (whole UTC days) and refuse malformed ones', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await guest.call(endpoints.devices.logs, {
      query: { device_key: '10230000260', iccid_last_digits: '0260', from: today, to: today, limit: 5 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results.length).toBeLessThanOrEqual(5);
    for (const query of [{ from: '27/11/2026' }, { limit: '0' }, { limit: 'x' }, { type: 'R 42' }]) {
      const bad = await guest.call(endpoints.devices.logs, {
        query: unchecked({ device_key: '10230000260', iccid_last_digits: '0260', ...query }),
      });
      expect(bad.statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});

describe('KeyLocker: PINs and mode (spec 02 §3, §4)', () => {
  const key = '10230000234';
  const proof = { iccid_last_digits: '0234' };

  it('sets a PIN (the record keeps which, never the digits), and refuses a PIN that is not four digits', async () => {
    const res = await guest.call(endpoints.devices.setPin, {
      params: { key },
      body: { pin: '4321', is_secondary_pin: true, ...proof },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('SUCCEEDED');
    const [row] = await t.db.select().from(deviceCommands).where(eq(deviceCommands.jobId, res.json().job_id));
    expect(row!.request).toEqual({ is_secondary_pin: true });
    const bad = await guest.call(endpoints.devices.setPin, {
      params: { key },
      body: unchecked({ pin: '12', is_secondary_pin: false, ...proof }),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('clears the secondary PIN with the master PIN; a wrong master PIN is a field error', async () => {
    const wrong = await guest.call(endpoints.devices.clearPin, {
      params: { key },
      query: { master_pin: '0000', ...proof },
    });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json<ValidationError>().validation[0]!.field).toBe('master_pin');
    const missing = await guest.call(endpoints.devices.clearPin, { params: { key }, query: unchecked(proof) });
    expect(missing.statusCode).toBe(400);
  });

  it('puts the KeyLocker in standalone or add-on mode; a device without one is 422', async () => {
    const res = await guest.call(endpoints.devices.keylockerMode, {
      params: { key },
      body: { mode: 'standalone', ...proof },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await check(guest, key, '0234');
    expect(after.json<DeviceCheckResponse>().results[0]!.keylocker).toEqual({ mode: 'standalone' });
    const none = await guest.call(endpoints.devices.keylockerMode, {
      params: { key: '10230000235' },
      body: { mode: 'add-on', iccid_last_digits: '0235' },
    });
    expect(none.statusCode).toBe(422);
    const bad = await guest.call(endpoints.devices.keylockerMode, {
      params: { key },
      body: unchecked({ mode: 'both', ...proof }),
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('option tables (spec 02 §4, §9 requery limit 2)', () => {
  it('a skip_query the device refuses is asked again with the query forced', async () => {
    const first = await guest.call(endpoints.devices.optionTables, {
      params: { key: '10230000236' },
      query: { skip_query: 'true', iccid_last_digits: '0236' },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ schema: 'FT-7200S', requeries: 1 });
    expect(first.json().queried_at).not.toBeNull();
    // Queried now: skipping is allowed.
    const second = await guest.call(endpoints.devices.optionTables, {
      params: { key: '10230000236' },
      query: { skip_query: 'true', iccid_last_digits: '0236' },
    });
    expect(second.json().requeries).toBe(0);
  });

  it('writes values (the same retry), and refuses a value out of range or an unknown schema', async () => {
    const tables = await guest.call(endpoints.devices.optionTables, {
      params: { key: '10230000235' },
      query: { iccid_last_digits: '0235', show_1_2: 'true' },
    });
    expect(tables.statusCode, tables.body).toBe(200);
    const definition = tables.json().definitions[0]!;
    const value = definition.choices[definition.choices.length - 1]!.value;
    const res = await guest.call(endpoints.devices.updateOptionTables, {
      params: { key: '10230000235' },
      body: { values: { [definition.id]: value }, skip_query: true, iccid_last_digits: '0235' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().values[definition.id]).toBe(value);
    const outOfRange = await guest.call(endpoints.devices.updateOptionTables, {
      params: { key: '10230000235' },
      body: { values: { [definition.id]: 987654 }, iccid_last_digits: '0235' },
    });
    expect(outOfRange.statusCode).toBe(400);
    const wrongSchema = await guest.call(endpoints.devices.optionTables, {
      params: { key: '10230000235' },
      query: { schema: 'CM900AS', iccid_last_digits: '0235' },
    });
    expect(wrongSchema.statusCode).toBe(422);
    const badQuery = await guest.call(endpoints.devices.optionTables, {
      params: { key: '10230000235' },
      query: unchecked({ skip_query: 'maybe', iccid_last_digits: '0235' }),
    });
    expect(badQuery.statusCode).toBe(400);
  });

  it('the server owns the retry: a refused skip_query is asked again with the query forced, twice at most, and the web makes one call', async () => {
    const cloud = t.devices;
    const realRead = cloud.optionTables.bind(cloud);
    const realWrite = cloud.updateOptionTables.bind(cloud);
    const asked: (boolean | undefined)[] = [];
    // A device that keeps saying the query is required: three asks (the first and two requeries), then its refusal.
    cloud.optionTables = async (_key, query) => {
      asked.push(query?.skip_query);
      throw new DeviceCloudError('QUERY_REQUIRED', 'The CM2500 table must be queried from the device');
    };
    try {
      const refused = await guest.call(endpoints.devices.optionTables, {
        params: { key: '10230000235' },
        query: { skip_query: 'true', iccid_last_digits: '0235' },
      });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({ code: REFUSAL_CODES.DEVICE_QUERY_REQUIRED });
      expect(asked).toEqual([true, false, false]);
    } finally {
      cloud.optionTables = realRead;
    }
    // A write the device first refuses is forced once and answered with how many requeries it took.
    const writes: (boolean | undefined)[] = [];
    cloud.updateOptionTables = async (key, values, query, options) => {
      writes.push(query?.skip_query);
      if (writes.length === 1) throw new DeviceCloudError('QUERY_REQUIRED', 'query the device');
      return realWrite(key, values, query, options);
    };
    try {
      const tables = await guest.call(endpoints.devices.optionTables, {
        params: { key: '10230000235' },
        query: { iccid_last_digits: '0235' },
      });
      const definition = tables.json().definitions[0]!;
      const value = definition.choices[0]!.value;
      const written = await guest.call(endpoints.devices.updateOptionTables, {
        params: { key: '10230000235' },
        body: { values: { [definition.id]: value }, skip_query: true, iccid_last_digits: '0235' },
      });
      expect(written.statusCode, written.body).toBe(200);
      expect(written.json()).toMatchObject({ requeries: 1, values: { [definition.id]: value } });
      expect(writes).toEqual([true, false]);
    } finally {
      cloud.updateOptionTables = realWrite;
    }
  });

  it('the KeyLocker’s POC and PIC tables are the special option tables', async () => {
    const res = await guest.call(endpoints.devices.specialOptionTables, {
      params: { key: '10230000234' },
      query: { skip_query: 'true', iccid_last_digits: '0234' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ schema: 'poc', requeries: 1 });
    const pic = await guest.call(endpoints.devices.specialOptionTables, {
      params: { key: '10230000234' },
      query: { schema: 'pic', iccid_last_digits: '0234' },
    });
    expect(pic.json().schema).toBe('pic');
    const none = await guest.call(endpoints.devices.specialOptionTables, {
      params: { key: '10230000235' },
      query: { iccid_last_digits: '0235' },
    });
    expect(none.statusCode).toBe(422);
    const write = await guest.call(endpoints.devices.updateSpecialOptionTables, {
      params: { key: '10230000234' },
      body: { values: {}, schema: 'pic', iccid_last_digits: '0234' },
    });
    expect(write.statusCode, write.body).toBe(200);
  });
});

describe('features and hardwire (spec 02 §3)', () => {
  it('reads and changes feature settings, asking the device when told', async () => {
    const read = await guest.call(endpoints.devices.features, {
      params: { key: '10230000235' },
      query: { query_device: 'true', iccid_last_digits: '0235' },
    });
    expect(read.statusCode, read.body).toBe(200);
    const siren = read.json().siren_enabled;
    const res = await guest.call(endpoints.devices.updateFeatures, {
      params: { key: '10230000235' },
      body: { siren_enabled: !siren, iccid_last_digits: '0235' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().siren_enabled).toBe(!siren);
    const bad = await guest.call(endpoints.devices.updateFeatures, {
      params: { key: '10230000235' },
      body: unchecked({ siren_enabled: 'on', iccid_last_digits: '0235' }),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('sets the hardwire input and output on the X1MAX (10230000236); other models 422', async () => {
    const res = await guest.call(endpoints.devices.hardwiredMode, {
      body: {
        device_key: '10230000236',
        hardwired_input: 'High/Low',
        hardwired_output: 'Starter Kill',
        iccid_last_digits: '0236',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('SUCCEEDED');
    const other = await guest.call(endpoints.devices.hardwiredMode, {
      body: { device_key: '10230000235', hardwired_input: 'Low', hardwired_output: 'None', iccid_last_digits: '0235' },
    });
    expect(other.statusCode).toBe(422);
    const bad = await guest.call(endpoints.devices.hardwiredMode, {
      body: unchecked({ device_key: '10230000236', hardwired_input: 'Sideways', hardwired_output: 'None' }),
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('swap, activate, install, welcome, link an installer (spec 02 §4, §7)', () => {
  it('swaps 10230000240 for 10230000241: the old is replaced, the new must be verified, then activates', async () => {
    // The old unit's own settings first, so they differ from the new unit's factory ones.
    const oldTables = await purchaser.call(endpoints.devices.optionTables, {
      params: { key: '10230000240' },
      query: { show_1_2: 'true' },
    });
    expect(oldTables.statusCode, oldTables.body).toBe(200);
    const newTablesBefore = await purchaser.call(endpoints.devices.optionTables, {
      params: { key: '10230000241' },
      query: { show_1_2: 'true', iccid_last_digits: '0241' },
    });
    expect(newTablesBefore.statusCode, newTablesBefore.body).toBe(200);
    const definition = oldTables.json().definitions[0]!;
    const changed = definition.choices.find((c) => c.value !== newTablesBefore.json().values[definition.id])!.value;
    const setTable = await purchaser.call(endpoints.devices.updateOptionTables, {
      params: { key: '10230000240' },
      body: { values: { [definition.id]: changed } },
    });
    expect(setTable.statusCode, setTable.body).toBe(200);
    const newFeaturesBefore = (
      await purchaser.call(endpoints.devices.features, {
        params: { key: '10230000241' },
        query: { iccid_last_digits: '0241' },
      })
    ).json();
    const setFeatures = await purchaser.call(endpoints.devices.updateFeatures, {
      params: { key: '10230000240' },
      body: {
        siren_enabled: !newFeaturesBefore.siren_enabled,
        valet_mode_enabled: !newFeaturesBefore.valet_mode_enabled,
      },
    });
    expect(setFeatures.statusCode, setFeatures.body).toBe(200);
    const oldFeatures = setFeatures.json();
    const oldValues = (
      await purchaser.call(endpoints.devices.optionTables, {
        params: { key: '10230000240' },
        query: { show_1_2: 'true', skip_query: 'true' },
      })
    ).json().values;
    expect(oldValues[definition.id]).toBe(changed);
    expect(oldValues).not.toEqual(newTablesBefore.json().values);
    expect(oldFeatures).not.toEqual(newFeaturesBefore);

    const res = await purchaser.call(endpoints.devices.swap, {
      body: { old_device_key: '10230000240', new_device_key: '10230000241', new_iccid_last_digits: '0241' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().old).toMatchObject({
      device_state: 'replaced',
      replaced_by: '10230000241',
      deviceReplaced: true,
    });
    expect(res.json().new).toMatchObject({
      replaces: '10230000240',
      deviceReplaced: true,
      replacedDeviceVerified: false,
      installed: true,
    });
    // The new unit is Northside's now: no proof needed, and a guest does not see it.
    const installed = await t.db
      .select()
      .from(deviceInstallations)
      .where(eq(deviceInstallations.deviceKey, '10230000241'));
    expect(installed[0]!.businessPartnerId).toBe((await partnerByCode(t.db, 'C100234')).id);
    expect((await check(guest, '10230000241', '0241')).statusCode).toBe(404);

    const activated = await purchaser.call(endpoints.devices.activate, { body: { device_key: '10230000241' } });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json()).toMatchObject({ replacedDeviceVerified: true, activated: true, device_state: 'active' });
    // What it took over, as the answer says it and as the new unit reads back: the option tables and feature
    // settings are the old unit's, the plan moved; neither unit has a KeyLocker, so there are no PINs to take.
    expect(activated.json()).toMatchObject({
      is_keylocker_present: false,
      keylocker: null,
      plan: { name: 'Premium', duration: '1_year' },
      taken_over: {
        replaces: '10230000240',
        option_tables: [oldTables.json().schema],
        feature_settings: true,
        keylocker: null,
        plan: { name: 'Premium', duration: '1_year' },
      },
    });
    const newTables = await purchaser.call(endpoints.devices.optionTables, {
      params: { key: '10230000241' },
      query: { show_1_2: 'true', skip_query: 'true' },
    });
    expect(newTables.statusCode, newTables.body).toBe(200);
    expect(newTables.json()).toMatchObject({ schema: oldTables.json().schema, values: oldValues });
    const newFeatures = await purchaser.call(endpoints.devices.features, { params: { key: '10230000241' }, query: {} });
    expect(newFeatures.json()).toEqual(oldFeatures);
    // Verified once: activating again answers the same taking over, nothing verified again.
    const again = await purchaser.call(endpoints.devices.activate, { body: { device_key: '10230000241' } });
    expect(again.json().taken_over).toEqual(activated.json().taken_over);
    // A unit that replaces none answers no taking over.
    const plain = await purchaser.call(endpoints.devices.activate, {
      body: { device_key: '10230000234', iccid_last_digits: '0234' },
    });
    expect(plain.json().taken_over).toBeNull();

    const swapAgain = await purchaser.call(endpoints.devices.swap, {
      body: { old_device_key: '10230000240', new_device_key: '10230000241' },
    });
    expect(swapAgain.statusCode).toBe(409);
    const same = await purchaser.call(endpoints.devices.swap, {
      body: { old_device_key: '10230000241', new_device_key: '10230000241' },
    });
    expect(same.statusCode).toBe(400);
  });

  it('installs 10230000234 for the installer’s business with the installers involved', async () => {
    const installer = await idOf(t.db, 'installer@demo.test');
    const res = await purchaser.call(endpoints.devices.install, {
      body: {
        device_key: '10230000234',
        exit_service_mode: true,
        involved_installers: [installer],
        iccid_last_digits: '0234',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ installed: true, service_mode: false });
    const [row] = await t.db.select().from(deviceInstallations).where(eq(deviceInstallations.deviceKey, '10230000234'));
    expect(row).toMatchObject({
      businessPartnerId: (await partnerByCode(t.db, 'C100234')).id,
      installedByUserId: await idOf(t.db, 'purchaser@demo.test'),
      involvedInstallers: [installer],
    });
    // Installed for Northside: the ICCID digits no longer open it to a guest.
    expect(
      (
        await guest.call(endpoints.devices.features, {
          params: { key: '10230000234' },
          query: { iccid_last_digits: '0234' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses installers who are not the business’s, and exit service mode for a product without X', async () => {
    const notStaff = await purchaser.call(endpoints.devices.install, {
      body: {
        device_key: '10230000236',
        exit_service_mode: false,
        involved_installers: [await idOf(t.db, 'sms@demo.test')],
        iccid_last_digits: '0236',
      },
    });
    expect(notStaff.statusCode).toBe(400);
    expect(notStaff.json<ValidationError>().validation[0]!.field).toBe('involved_installers');
    const dr = await guest.call(endpoints.devices.install, {
      body: { device_key: '10230000235', exit_service_mode: true, iccid_last_digits: '0235' },
    });
    expect(dr.statusCode).toBe(422);
    expect(dr.json()).toEqual({ detail: DEVICE_TEXTS.exitServiceModeXOnly, code: REFUSAL_CODES.DEVICE_NOT_SUPPORTED });
    const bad = await guest.call(endpoints.devices.install, {
      body: unchecked({ device_key: '10230000235', iccid_last_digits: '0235' }),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a guest’s installation stays the business of nobody', async () => {
    const res = await guest.call(endpoints.devices.install, {
      body: { device_key: '10230000235', exit_service_mode: false, iccid_last_digits: '0235' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().installed).toBe(false);
    const rows = await t.db.select().from(deviceInstallations).where(eq(deviceInstallations.deviceKey, '10230000235'));
    expect(rows).toEqual([]);
  });

  it('sends the welcome message without sign-in, to the lowercased e-mail (spec 02 §5)', async () => {
    const res = await guest.call(endpoints.devices.welcome, {
      body: {
        device_key: '10230000236',
        email: '  Dana.Owner@Example.COM ',
        name: 'Dana Owner',
        iccid_last_digits: '0236',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      device_key: '10230000236',
      email: 'dana.owner@example.com',
      detail: DEVICE_TEXTS.welcomeSent,
    });
    const mail = await lastMailTo(t.db, 'dana.owner@example.com');
    expect(mail?.text).toContain('10230000236');
    const bad = await guest.call(endpoints.devices.welcome, {
      body: unchecked({ device_key: '10230000236', email: 'not-an-email', name: 'Dana', iccid_last_digits: '0236' }),
    });
    expect(bad.statusCode).toBe(400);
    const noProof = await guest.call(endpoints.devices.welcome, {
      body: { device_key: '10230000236', email: 'dana@example.com', name: 'Dana' },
    });
    expect(noProof.statusCode).toBe(403);
  });

  it('links an installer of the business a device is installed for', async () => {
    const installer = await idOf(t.db, 'installer@demo.test');
    const res = await purchaser.call(endpoints.devices.linkInstaller, {
      params: { key: '10230000241' },
      body: { user_id: installer },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().involved_installers).toContain(installer);
    const stranger = await purchaser.call(endpoints.devices.linkInstaller, {
      params: { key: '10230000241' },
      body: { user_id: await idOf(t.db, 'sms@demo.test') },
    });
    expect(stranger.statusCode).toBe(400);
    const notInstalled = await purchaser.call(endpoints.devices.linkInstaller, {
      params: { key: '10230000236' },
      body: { user_id: installer },
    });
    expect(notInstalled.statusCode).toBe(409);
    expect(notInstalled.json<{ code: string }>().code).toBe(REFUSAL_CODES.DEVICE_NOT_INSTALLED);
    const anonymous = await guest.call(endpoints.devices.linkInstaller, {
      params: { key: '10230000241' },
      body: { user_id: installer },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

it('every device endpoint refuses a malformed serial in its path (400)', async () => {
  const res = await guest.call(endpoints.devices.features, { params: { key: 'no-such key!' } });
  expect(res.statusCode).toBe(400);
  expect(digitsOf('10230000234')).toBe('0234');
});

describe('every device call refuses what its schema does not take (400 { validation })', () => {
  const key = { key: '10230000236' };
  const proof = { iccid_last_digits: '0236' };
  const cases: [string, () => ReturnType<TestClient['call']>][] = [
    ['job: an empty id', () => guest.call('GET', '/api/iot/jobs/%20')],
    ['logs: no device_key', () => guest.call(endpoints.devices.logs, { query: unchecked(proof) })],
    [
      'swap: no new device',
      () => guest.call(endpoints.devices.swap, { body: unchecked({ old_device_key: '10230000236' }) }),
    ],
    [
      'activate: a serial with a dash',
      () => guest.call(endpoints.devices.activate, { body: { device_key: '1023-0' } }),
    ],
    [
      'install: exit_service_mode not a boolean',
      () =>
        guest.call(endpoints.devices.install, {
          body: unchecked({ device_key: '10230000236', exit_service_mode: 'yes' }),
        }),
    ],
    [
      'welcome: no name',
      () =>
        guest.call(endpoints.devices.welcome, {
          body: unchecked({ device_key: '10230000236', email: 'a@example.com', ...proof }),
        }),
    ],
    [
      'check-firmware-update: ICCID digits that are not four digits',
      () =>
        guest.call(endpoints.devices.checkFirmwareUpdate, {
          params: key,
          query: unchecked({ iccid_last_digits: '12345' }),
        }),
    ],
    [
      'pin: is_secondary_pin missing',
      () => guest.call(endpoints.devices.setPin, { params: key, body: unchecked({ pin: '1234', ...proof }) }),
    ],
    [
      'option-tables: values not whole numbers',
      () =>
        guest.call(endpoints.devices.updateOptionTables, {
          params: key,
          body: unchecked({ values: { a: 1.5 }, ...proof }),
        }),
    ],
    [
      'special-option-tables: a schema that is not poc or pic',
      () =>
        guest.call(endpoints.devices.specialOptionTables, {
          params: key,
          query: unchecked({ schema: 'CMX', ...proof }),
        }),
    ],
    [
      'features: query_device not a flag',
      () => guest.call(endpoints.devices.features, { params: key, query: unchecked({ query_device: 'x', ...proof }) }),
    ],
    [
      'link-installer: no user',
      () => purchaser.call(endpoints.devices.linkInstaller, { params: { key: '10230000241' }, body: unchecked({}) }),
    ],
    [
      'history: a limit past 200',
      () => guest.call(endpoints.devices.history, { params: key, query: unchecked({ limit: '500', ...proof }) }),
    ],
  ];
  it.each(cases)('%s', async (_what, send) => {
    const res = await send();
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toHaveProperty('validation');
  });
});

describe('the option tables’ requery limit (spec 02 §9: 2)', () => {
  const view = { schema: 'CMX', definitions: [], values: {}, queried_at: null };
  it('asks again with the query forced, and gives up after the second requery', async () => {
    const asked: (boolean | undefined)[] = [];
    const refusing = async (query: { skip_query?: boolean }) => {
      asked.push(query.skip_query);
      throw new DeviceCloudError('QUERY_REQUIRED', 'query the device');
    };
    await expect(withRequery({ skip_query: true }, refusing)).rejects.toMatchObject({ code: 'QUERY_REQUIRED' });
    expect(asked).toEqual([true, false, false]);
    let calls = 0;
    const secondTime = async () => {
      if (calls++ === 0) throw new DeviceCloudError('QUERY_REQUIRED', 'query the device');
      return view;
    };
    expect(await withRequery({ skip_query: true }, secondTime)).toEqual({ ...view, requeries: 1 });
    const offline = async () => {
      throw new DeviceCloudError('DEVICE_OFFLINE', 'no answer');
    };
    await expect(withRequery({}, offline)).rejects.toMatchObject({ code: 'DEVICE_OFFLINE' });
  });
});
