import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DEVICE_PROOF_LIMITS,
  DEVICE_TEXTS,
  REFUSAL_CODES,
  endpoints,
  type DeviceCheckResponse,
} from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs, testClient, type TestClient } from '../../../test/client.ts';
import { idOf, partnerByCode } from '../../../test/builders.ts';
import { unusedTotp } from '../../../test/totp.ts';
import { DEMO_TOTP_SECRET } from '../../seed/people.ts';
import { deviceCommands, deviceProofFailures } from './schema.ts';

/**
 * Who may drive a device (issue 28 §5; access.ts), through HTTP: the proof of possession and its limits,
 * another dealer's device, a guest on an installed device, the installer account told to activate as a
 * guest, a rep acting for the dealer, and the per-device command limit.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ DEVICE_COMMANDS_PER_MINUTE: '4' });
});
afterAll(() => t.close());

const check = (client: TestClient, device_key: string, iccid_last_digits?: string) =>
  client.call(endpoints.devices.devicePurchasingCheck, { body: { device_key, iccid_last_digits } });

const notFound = { detail: DEVICE_TEXTS.deviceNotFound, code: REFUSAL_CODES.DEVICE_NOT_FOUND };

describe('a device installed for nobody: whoever proves they hold it', () => {
  it('asks for the ICCID digits, refuses wrong ones, and opens with the right ones — guests included', async () => {
    const guest = testClient(t.app);
    const none = await check(guest, '10230000236');
    expect(none.statusCode).toBe(403);
    expect(none.json()).toEqual({ detail: DEVICE_TEXTS.proofRequired, code: REFUSAL_CODES.DEVICE_PROOF_REQUIRED });
    const wrong = await check(guest, '10230000236', '1111');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ detail: DEVICE_TEXTS.proofWrong, code: REFUSAL_CODES.DEVICE_PROOF_WRONG });
    const right = await check(guest, '10230000236', '0236');
    expect(right.statusCode, right.body).toBe(200);
    // A dealer's people prove it as anyone does while it is installed for nobody.
    const owner = await signedInAs(t.app, 'owner@demo.test');
    expect((await check(owner, '10230000236')).statusCode).toBe(403);
    expect((await check(owner, '10230000236', '0236')).statusCode).toBe(200);
  });

  it(`stops guessing at ${DEVICE_PROOF_LIMITS.perDevice} wrong tries per device, from any address, right digits included`, async () => {
    for (let i = 0; i < DEVICE_PROOF_LIMITS.perDevice; i++) {
      const res = await check(testClient(t.app), '10230000235', String(1000 + i));
      expect(res.statusCode).toBe(403);
    }
    const limited = await check(testClient(t.app), '10230000235', '0235');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: DEVICE_TEXTS.proofLimited, code: REFUSAL_CODES.DEVICE_PROOF_LIMITED });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60);
    // Other devices are not held up.
    expect((await check(testClient(t.app), '10230000250', '0250')).statusCode).toBe(200);
  });

  it(`stops an address at ${DEVICE_PROOF_LIMITS.perAddress} wrong tries, whichever devices`, async () => {
    const guesser = testClient(t.app);
    // Wrong tries of the last minutes on other devices (as many devices as it takes, none past its own limit).
    await t.db.insert(deviceProofFailures).values(
      Array.from({ length: DEVICE_PROOF_LIMITS.perAddress }, (_, i) => ({
        deviceKey: `1029000${String(i).padStart(4, '0')}`,
        ip: guesser.remoteAddress,
      })),
    );
    const res = await check(guesser, '10230000234', '0234');
    expect(res.statusCode).toBe(429);
    expect(res.json<{ code: string }>().code).toBe(REFUSAL_CODES.DEVICE_PROOF_LIMITED);
    // Another address is not.
    expect((await check(testClient(t.app), '10230000234', '0234')).statusCode).toBe(200);
    // Tries older than the window do not count.
    await t.db
      .update(deviceProofFailures)
      .set({ at: new Date(Date.now() - DEVICE_PROOF_LIMITS.windowMs - 1000) })
      .where(eq(deviceProofFailures.ip, guesser.remoteAddress));
    expect((await check(guesser, '10230000234', '0234')).statusCode).toBe(200);
  });
});

describe('a device installed for a business: its people and its reps only', () => {
  it('another dealer’s device is not found, the right ICCID digits or not — as a device that does not exist', async () => {
    const purchaser = await signedInAs(t.app, 'purchaser@demo.test');
    const lakesides = await check(purchaser, '10230000280', '0280');
    expect(lakesides.statusCode).toBe(404);
    expect(lakesides.json()).toEqual(notFound);
    expect((await check(purchaser, '99999999998', '9998')).json()).toEqual(notFound);
    const command = await purchaser.call(endpoints.devices.sendCommand, {
      body: { device_key: '10230000280', command: 'arm', iccid_last_digits: '0280' },
    });
    expect(command.statusCode).toBe(404);
    const logs = await purchaser.call(endpoints.devices.logs, {
      query: { device_key: '10230000280', iccid_last_digits: '0280' },
    });
    expect(logs.statusCode).toBe(404);
  });

  it('a guest with the right digits does not see an installed device', async () => {
    const guest = testClient(t.app);
    expect((await check(guest, '10230000240', '0240')).json()).toEqual(notFound);
    const history = await guest.call(endpoints.devices.history, {
      params: { key: '10230000240' },
      query: { iccid_last_digits: '0240' },
    });
    expect(history.statusCode).toBe(404);
  });

  it('Northside’s staff use theirs without digits; a rep without a business does not see it', async () => {
    const installer = await signedInAs(t.app, 'installer@demo.test');
    const res = await check(installer, '10230000240');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<DeviceCheckResponse>().results[0]!.installed).toBe(true);
    const rep = await signedInAs(t.app, 'insiderep@demo.test');
    expect((await check(rep, '10230000240', '0240')).statusCode).toBe(404);
  });

  it('a rep acting for Northside commands 10230000240; the record says who, acting as whom, for which business', async () => {
    const rep = await signedInAs(t.app, 'insiderep@demo.test', { sapBpCode: 'C100234' });
    const res = await rep.call(endpoints.devices.sendCommand, {
      body: { device_key: '10230000240', command: 'locate', wait_ms: 0 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(deviceCommands).where(eq(deviceCommands.jobId, res.json().job_id));
    expect(row).toMatchObject({
      userId: await idOf(t.db, 'insiderep@demo.test'),
      // An inside rep impersonates the dealer primary (spec 01 §4).
      actingUserId: await idOf(t.db, 'owner@demo.test'),
      businessPartnerId: (await partnerByCode(t.db, 'C100234')).id,
      action: 'send-command:locate',
    });
    const outside = await signedInAs(t.app, 'outsiderep@demo.test', { sapBpCode: 'C100234' });
    expect((await check(outside, '10230000240')).statusCode).toBe(200);
  });
});

describe('the device’s history (GET /api/device/{key}/history): the device’s business’s, as every device call', () => {
  const historyOf = (client: TestClient, key: string, iccid_last_digits?: string) =>
    client.call(endpoints.devices.history, {
      params: { key },
      query: iccid_last_digits ? { iccid_last_digits } : {},
    });

  it('another signed-in dealer gets the not-found of a device that does not exist, the ICCID digits or not', async () => {
    // Lakeside Remote Start's owner (an authenticator code as the second factor).
    const lakesideOwner = testClient(t.app);
    expect((await lakesideOwner.signIn('totp@demo.test')).json()).toMatchObject({ status: 'second-factor' });
    const signedIn = await lakesideOwner.secondFactor(await unusedTotp(DEMO_TOTP_SECRET));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    // Their own device's history is theirs to read…
    expect((await historyOf(lakesideOwner, '10230000280')).statusCode).toBe(200);
    // …Northside's is not, and is answered as a device that does not exist.
    for (const digits of [undefined, '0240']) {
      const res = await historyOf(lakesideOwner, '10230000240', digits);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    expect((await historyOf(lakesideOwner, '99999999998')).json()).toEqual(notFound);
    // The other way round too.
    const northside = await signedInAs(t.app, 'owner@demo.test');
    expect((await historyOf(northside, '10230000280', '0280')).json()).toEqual(notFound);
    // A rep acting for Lakeside is Lakeside for this.
    const lakesideRep = await signedInAs(t.app, 'outsiderep@demo.test', { sapBpCode: 'C100310' });
    expect((await historyOf(lakesideRep, '10230000240')).statusCode).toBe(404);
  });

  it('a rep acting for Northside reads it: each call, who made it, acting as whom, for which business', async () => {
    const rep = await signedInAs(t.app, 'insiderep@demo.test', { sapBpCode: 'C100234' });
    const sent = await rep.call(endpoints.devices.sendCommand, {
      body: { device_key: '10230000240', command: 'locate', wait_ms: 0 },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const res = await historyOf(rep, '10230000240');
    expect(res.statusCode, res.body).toBe(200);
    const entry = res.json().results.find((r) => r.job_id === sent.json().job_id);
    expect(entry).toMatchObject({
      device_key: '10230000240',
      action: 'send-command:locate',
      user: { email: 'insiderep@demo.test' },
      acting_user: { email: 'owner@demo.test' },
      business: { companyName: 'Northside Auto Sound' },
    });
    const outside = await signedInAs(t.app, 'outsiderep@demo.test', { sapBpCode: 'C100234' });
    const outsides = await historyOf(outside, '10230000240');
    expect(outsides.statusCode, outsides.body).toBe(200);
    expect(outsides.json().results.map((r) => r.id)).toContain(entry!.id);
    // Without a business to act for, a rep does not see it.
    const unselected = await signedInAs(t.app, 'insiderep@demo.test');
    expect((await historyOf(unselected, '10230000240')).statusCode).toBe(404);
  });
});

describe('an installer account used as a guest (spec 02 §5)', () => {
  it('a retired installer is told to activate as a guest, whatever the device or the request', async () => {
    const retired = await signedInAs(t.app, 'retired@demo.test');
    const expected = {
      detail: DEVICE_TEXTS.invalidInstallerAccount,
      code: REFUSAL_CODES.INVALID_INSTALLER_ACCOUNT,
    };
    expect(DEVICE_TEXTS.invalidInstallerAccount).toBe('Invalid Installer Account. Please activate as guest.');
    for (const [key, digits] of [
      ['10230000240', undefined],
      ['10230000236', '0236'],
    ] as const) {
      const res = await check(retired, key, digits);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(expected);
    }
    // Refused before the request is read: a malformed one gets the same answer.
    const malformed = await retired.call('POST', '/api/iot/device-check', { device_key: '!' });
    expect(malformed.statusCode).toBe(403);
    // Signed out, the same person activates as a guest with the unit's digits.
    expect((await check(testClient(t.app), '10230000236', '0236')).statusCode).toBe(200);
  });
});

it('commands are limited per device, from everyone together (DEVICE_COMMANDS_PER_MINUTE)', async () => {
  const [a, b] = [testClient(t.app), testClient(t.app)];
  const send = (client: TestClient) =>
    client.call(endpoints.devices.sendCommand, {
      body: { device_key: '10230000270', command: 'query_status', wait_ms: 0, iccid_last_digits: '0270' },
    });
  for (const client of [a, b, a, b]) expect((await send(client)).statusCode).toBe(200);
  const limited = await send(a);
  expect(limited.statusCode).toBe(429);
  expect(limited.json()).toEqual({ detail: DEVICE_TEXTS.commandsLimited, code: REFUSAL_CODES.DEVICE_COMMANDS_LIMITED });
  expect(limited.headers['retry-after']).toBeDefined();
  // Reads are not commands.
  expect((await check(a, '10230000270', '0270')).statusCode).toBe(200);
});

it('a device cloud that does not answer makes the device calls 503, not 500 (DEVICE_CLOUD_URL)', async () => {
  const down = await createTestApp({ DEVICE_CLOUD_URL: 'http://127.0.0.1:9/', DEVICE_CLOUD_TOKEN: 'not-a-token' });
  try {
    const res = await check(testClient(down.app), '10230000234', '0234');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      detail: DEVICE_TEXTS.cloudUnavailable,
      code: REFUSAL_CODES.DEVICE_CLOUD_UNAVAILABLE,
    });
  } finally {
    await down.close();
  }
});
