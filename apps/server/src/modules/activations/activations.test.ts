import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVATION_STEP_HEADER,
  ACTIVATION_TEXTS,
  ACTIVATION_TOKEN_HEADER,
  activationSteps,
  type Activation,
} from '@portal/contracts/activation';
import { DEVICE_TEXTS, REFUSAL_CODES, endpoints } from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs, unchecked, type TestClient } from '../../../test/client.ts';

/**
 * The activation record of issue 29 §3 through HTTP on the real database and the in-process fleet
 * (DEMO-DATA "Devices"): started signed in or as a guest, resumed on another phone, moved step by step with
 * its version, restarted, completed, abandoned; only its owner sees it; the device's history shows it to the
 * device's business and to whoever ran it.
 */

let t: TestContext;
let guest: TestClient;
/** Northside Auto Sound's people (C100234). */
let installer: TestClient;
let installerPhone2: TestClient;
let purchaser: TestClient;
let owner: TestClient;
/** An outside rep acting for Lakeside Remote Start (C100310): the other dealer. */
let lakesideRep: TestClient;
let retired: TestClient;

const KEYLOCKER_FACTS = { is_keylocker_present: true, controller: 'CM7300', hasHardwire: false, plan: null };

beforeAll(async () => {
  t = await createTestApp();
  [guest, installer, installerPhone2, purchaser, owner, lakesideRep, retired] = await Promise.all([
    signedInAs(t.app, null),
    signedInAs(t.app, 'installer@demo.test'),
    signedInAs(t.app, 'installer@demo.test'),
    signedInAs(t.app, 'purchaser@demo.test'),
    signedInAs(t.app, 'owner@demo.test'),
    signedInAs(t.app, 'outsiderep@demo.test', { sapBpCode: 'C100310' }),
    signedInAs(t.app, 'retired@demo.test'),
  ]);
});
afterAll(() => t.close());

const tokenHeader = (token: string) => ({ [ACTIVATION_TOKEN_HEADER]: token });

function start(
  client: TestClient,
  body: {
    device_key: string;
    activation_type: Activation['activation_type'];
    iccid_last_digits?: string;
    advanced?: boolean;
  },
  headers?: Record<string, string>,
) {
  return client.call(endpoints.activations.start, { body, headers });
}
const get = (client: TestClient, id: string, headers?: Record<string, string>) =>
  client.call(endpoints.activations.get, { params: { id }, headers });

describe('start (POST /api/activations)', () => {
  it('signed in: the steps of the type for this device, at the first step, owned by the user and their business', async () => {
    const res = await start(installer, {
      device_key: '10230000234',
      activation_type: 'new-device',
      iccid_last_digits: '0234',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { activation, guest_token } = res.json();
    expect(guest_token).toBeNull();
    expect(activation).toMatchObject({
      device_key: '10230000234',
      activation_type: 'new-device',
      steps: activationSteps('new-device', KEYLOCKER_FACTS, { advanced: true }),
      current_step: 'power-on-device',
      step_states: {},
      advanced: true,
      status: 'in_progress',
      version: 0,
      user: { name: 'Marcus Reyes' },
      business: { companyName: 'Northside Auto Sound' },
      completed_at: null,
    });
    expect(activation.steps).toContain('keylocker-pin-codes');
  });

  it('a double tap makes one record: the same caller, device and type answer the open one', async () => {
    const body = { device_key: '10230000236', activation_type: 'new-device', iccid_last_digits: '0236' } as const;
    const [a, b] = await Promise.all([start(purchaser, body), start(purchaser, body)]);
    expect(a.statusCode, a.body).toBe(201);
    expect(b.statusCode, b.body).toBe(201);
    expect(a.json().activation.id).toBe(b.json().activation.id);
    const again = await start(purchaser, { ...body, advanced: false });
    expect(again.json().activation).toMatchObject({ id: a.json().activation.id, advanced: true });
    expect(again.json().activation.steps).toContain('hardwire-x1max');
  });

  it('as a guest: a token answered once, only its holder reads the activation', async () => {
    const res = await start(guest, {
      device_key: '10230000235',
      activation_type: 'new-device',
      iccid_last_digits: '0235',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { activation, guest_token } = res.json();
    expect(guest_token).toMatch(/^[\w-]{40,}$/);
    expect(activation).toMatchObject({ user: null, business: null, current_step: 'power-on-device' });
    expect(activation.steps).not.toContain('keylocker-mode');

    expect((await get(guest, activation.id, tokenHeader(guest_token!))).json()).toMatchObject({ id: activation.id });
    for (const headers of [undefined, tokenHeader('not-the-token'), tokenHeader(`${guest_token}x`)]) {
      const refused = await get(guest, activation.id, headers);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ detail: ACTIVATION_TEXTS.notFound, code: REFUSAL_CODES.ACTIVATION_NOT_FOUND });
    }
    // A signed-in person is not the guest either.
    expect((await get(installer, activation.id, tokenHeader(guest_token!))).statusCode).toBe(404);

    const listed = await guest.call(endpoints.activations.list, { headers: tokenHeader(guest_token!) });
    expect(listed.json().results.map((a) => a.id)).toEqual([activation.id]);
    expect((await guest.call(endpoints.activations.list)).json().results).toEqual([]);

    // The guest's double tap carries its token: the same record, the token not answered again.
    const again = await start(
      guest,
      { device_key: '10230000235', activation_type: 'new-device', iccid_last_digits: '0235' },
      tokenHeader(guest_token!),
    );
    expect(again.json()).toMatchObject({ activation: { id: activation.id }, guest_token: null });
  });

  it('refuses a type the device does not allow (10230000270: replace-device only)', async () => {
    const res = await start(guest, {
      device_key: '10230000270',
      activation_type: 'new-device',
      iccid_last_digits: '0270',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      detail: ACTIVATION_TEXTS.typeNotAllowed('new-device', ['replace-device']),
      code: REFUSAL_CODES.ACTIVATION_TYPE_NOT_ALLOWED,
    });
    const replace = await start(guest, {
      device_key: '10230000270',
      activation_type: 'replace-device',
      iccid_last_digits: '0270',
    });
    expect(replace.statusCode, replace.body).toBe(201);
    expect(replace.json().activation).toMatchObject({ current_step: 'replace-device' });
  });

  it('answers the device check’s refusals: service mode, ICCID proof, another dealer’s device, an unknown one', async () => {
    const notInService = await start(guest, {
      device_key: '10230000250',
      activation_type: 'new-device',
      iccid_last_digits: '0250',
    });
    expect(notInService.statusCode).toBe(409);
    expect(notInService.json()).toEqual({
      detail: DEVICE_TEXTS.notInServiceMode,
      code: REFUSAL_CODES.NOT_IN_SERVICE_MODE,
    });

    const wrong = await start(guest, {
      device_key: '10230000241',
      activation_type: 'new-device',
      iccid_last_digits: '9999',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: REFUSAL_CODES.DEVICE_PROOF_WRONG });
    const none = await start(guest, { device_key: '10230000241', activation_type: 'new-device' });
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({ code: REFUSAL_CODES.DEVICE_PROOF_REQUIRED });

    const lakesides = await start(installer, { device_key: '10230000280', activation_type: 'purchase-subscription' });
    expect(lakesides.statusCode).toBe(404);
    expect(lakesides.json()).toMatchObject({ code: REFUSAL_CODES.DEVICE_NOT_FOUND });
    const guessed = await start(guest, {
      device_key: '10230000280',
      activation_type: 'purchase-subscription',
      iccid_last_digits: '0280',
    });
    expect(guessed.statusCode).toBe(404);

    const unknown = await start(guest, {
      device_key: '99999999999',
      activation_type: 'new-device',
      iccid_last_digits: '9999',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('an installer account that must activate as a guest is told so (spec 02 §5)', async () => {
    const res = await start(retired, {
      device_key: '10230000234',
      activation_type: 'new-device',
      iccid_last_digits: '0234',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      detail: DEVICE_TEXTS.invalidInstallerAccount,
      code: REFUSAL_CODES.INVALID_INSTALLER_ACCOUNT,
    });
  });

  it('a plan purchase needs no service mode (the purchasing check): a dealer’s active device', async () => {
    const res = await start(purchaser, { device_key: '10230000240', activation_type: 'purchase-subscription' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().activation).toMatchObject({
      steps: ['purchase-plan', 'complete-activation'],
      current_step: 'purchase-plan',
    });
  });

  it('refuses malformed input with field errors', async () => {
    for (const body of [
      { device_key: '1023-0000', activation_type: 'new-device' },
      { device_key: '10230000234', activation_type: 'brand-new' },
      { device_key: '10230000234', activation_type: 'new-device', iccid_last_digits: '12a4' },
      {},
    ]) {
      const res = await guest.call(endpoints.activations.start, { body: unchecked(body) });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toHaveProperty('validation');
    }
  });
});

describe('moving through an activation (PATCH, restart, DELETE)', () => {
  async function fresh(client: TestClient, key = '10230000234', digits = '0234') {
    const res = await start(client, { device_key: key, activation_type: 'new-device', iccid_last_digits: digits });
    if (res.statusCode === 422) throw new Error(res.body);
    return res;
  }

  it('the same installer resumes on another phone where the first one left off', async () => {
    const started = await start(installer, {
      device_key: '10230000234',
      activation_type: 'new-device',
      iccid_last_digits: '0234',
    });
    const { id, version } = started.json().activation;
    const moved = await installer.call(endpoints.activations.update, {
      params: { id },
      body: {
        version,
        current_step: 'verify-connection',
        step: 'power-on-device',
        step_state: { status: 'done', summary: 'Powered on', data: { ignition: true } },
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      version: version + 1,
      current_step: 'verify-connection',
      step_states: {
        'power-on-device': {
          status: 'done',
          summary: 'Powered on',
          data: { ignition: true },
          updated_at: expect.any(String),
        },
      },
    });

    const onPhone2 = await installerPhone2.call(endpoints.activations.list, {
      query: { device_key: '10230000234', status: 'in_progress' },
    });
    expect(onPhone2.statusCode).toBe(200);
    const resumed = onPhone2.json().results.find((a) => a.id === id);
    expect(resumed).toEqual(moved.json());
    // Newest first; nobody else's.
    const all = (await installerPhone2.call(endpoints.activations.list)).json().results;
    expect(all.every((a) => a.user?.name === 'Marcus Reyes')).toBe(true);
    const starts = all.map((a) => a.started_at);
    expect(starts).toEqual([...starts].sort().reverse());
  });

  it('a stale version is refused (409) and changes nothing', async () => {
    const { id, version } = (await fresh(owner)).json().activation;
    const first = await owner.call(endpoints.activations.update, {
      params: { id },
      body: { version, current_step: 'verify-connection' },
    });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await installerPhone2.call(endpoints.activations.update, {
      params: { id },
      body: { version, current_step: 'check-firmware' },
    });
    expect(stale.statusCode).toBe(404);
    const staleOwn = await owner.call(endpoints.activations.update, {
      params: { id },
      body: { version, current_step: 'check-firmware' },
    });
    expect(staleOwn.statusCode).toBe(409);
    expect(staleOwn.json()).toEqual({
      detail: ACTIVATION_TEXTS.versionConflict,
      code: REFUSAL_CODES.ACTIVATION_VERSION_CONFLICT,
    });
    expect((await get(owner, id)).json()).toMatchObject({ version: version + 1, current_step: 'verify-connection' });
  });

  it('two phones on one activation: a write wins only when based on the latest state; the stale phone is told and reloads', async () => {
    const started = await start(installer, {
      device_key: '10230000236',
      activation_type: 'new-device',
      iccid_last_digits: '0236',
    });
    expect([200, 201]).toContain(started.statusCode);
    const { id } = started.json().activation;
    // Both phones load the same state.
    const seen1 = (await get(installer, id)).json();
    const seen2 = (await get(installerPhone2, id)).json();
    expect(seen2.version).toBe(seen1.version);
    const stepState = (summary: string) => ({ status: 'done' as const, summary, data: {} });

    const phone1 = await installer.call(endpoints.activations.update, {
      params: { id },
      body: { version: seen1.version, step: 'power-on-device', step_state: stepState('Powered on (phone 1)') },
    });
    expect(phone1.statusCode, phone1.body).toBe(200);
    // Phone 2 writes on what it saw before phone 1's write: refused, in words, and nothing changes.
    const stale = await installerPhone2.call(endpoints.activations.update, {
      params: { id },
      body: { version: seen2.version, step: 'power-on-device', step_state: stepState('Powered on (phone 2)') },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      detail: ACTIVATION_TEXTS.versionConflict,
      code: REFUSAL_CODES.ACTIVATION_VERSION_CONFLICT,
    });
    const reloaded = (await get(installerPhone2, id)).json();
    expect(reloaded.step_states['power-on-device']?.summary).toBe('Powered on (phone 1)');
    // Reloaded, its write is based on the latest state and wins.
    const fresh2 = await installerPhone2.call(endpoints.activations.update, {
      params: { id },
      body: { version: reloaded.version, step: 'power-on-device', step_state: stepState('Powered on (phone 2)') },
    });
    expect(fresh2.statusCode, fresh2.body).toBe(200);
    expect(fresh2.json().step_states['power-on-device']?.summary).toBe('Powered on (phone 2)');

    // Both at once on the same state: exactly one wins, the other is told.
    const now = fresh2.json().version;
    const both = await Promise.all(
      [installer, installerPhone2].map((phone, i) =>
        phone.call(endpoints.activations.update, {
          params: { id },
          body: { version: now, step: 'verify-connection', step_state: stepState(`Connected (phone ${i + 1})`) },
        }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = both.find((r) => r.statusCode === 200)!.json();
    expect((await get(installer, id)).json()).toMatchObject({
      version: now + 1,
      step_states: { 'verify-connection': { summary: winner.step_states['verify-connection']?.summary } },
    });
  });

  it('a step that is not among its steps is refused (422)', async () => {
    // 10230000235 has no KeyLocker: its steps have none of the KeyLocker's.
    const { activation, guest_token } = (
      await start(guest, { device_key: '10230000235', activation_type: 'verizon-sim', iccid_last_digits: '0235' })
    ).json();
    expect(activation.steps).not.toContain('keylocker-mode');
    const headers = tokenHeader(guest_token!);
    for (const body of [
      { version: activation.version, current_step: 'keylocker-mode' as const },
      {
        version: activation.version,
        step: 'send-welcome' as const,
        step_state: { status: 'done' as const, summary: null, data: {} },
      },
    ]) {
      const res = await guest.call(endpoints.activations.update, { params: { id: activation.id }, body, headers });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: REFUSAL_CODES.ACTIVATION_STEP_NOT_IN_FLOW });
    }
    const halfSent = await guest.call(endpoints.activations.update, {
      params: { id: activation.id },
      body: unchecked({ version: activation.version, step: 'power-on-device' }),
      headers,
    });
    expect(halfSent.statusCode).toBe(400);
  });

  it('complete completes it (a PATCH can not); a completed activation can not be changed', async () => {
    const { id, version } = (
      await start(purchaser, { device_key: '10230000240', activation_type: 'purchase-subscription' })
    ).json().activation;
    // Done only by the call that activates and installs the unit: the record is never ahead of the device cloud.
    const patched = await purchaser.call(endpoints.activations.update, {
      params: { id },
      body: {
        version,
        current_step: 'complete-activation',
        step: 'complete-activation',
        step_state: { status: 'done', summary: 'Plan renewed', data: {} },
      },
    });
    expect(patched.statusCode).toBe(422);
    expect(patched.json()).toEqual({
      detail: ACTIVATION_TEXTS.completeByCall,
      code: REFUSAL_CODES.ACTIVATION_COMPLETE_BY_CALL,
    });
    const done = await purchaser.call(endpoints.activations.complete, {
      params: { id },
      body: { version, exit_service_mode: false },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', completed_at: expect.any(String) });
    // A plan purchase activates nothing: the unit was active before and is as it was.
    expect(done.json().step_states['complete-activation']).toMatchObject({
      status: 'done',
      data: { activated_now: false, activated: true, installed: true, device_state: 'active' },
    });

    const after = await purchaser.call(endpoints.activations.update, {
      params: { id },
      body: { version: done.json().version, current_step: 'purchase-plan' },
    });
    expect(after.statusCode).toBe(409);
    expect(after.json()).toEqual({ detail: ACTIVATION_TEXTS.completed, code: REFUSAL_CODES.ACTIVATION_CLOSED });
    const restart = await purchaser.call(endpoints.activations.restart, {
      params: { id },
      body: { version: done.json().version },
    });
    expect(restart.statusCode).toBe(409);
    expect((await purchaser.call(endpoints.activations.abandon, { params: { id } })).statusCode).toBe(409);

    // The next start is a new record.
    const next = await start(purchaser, { device_key: '10230000240', activation_type: 'purchase-subscription' });
    expect(next.json().activation.id).not.toBe(id);
  });

  it('restart: the device checked again, steps worked out again, states cleared, back to the first step', async () => {
    const { id, version } = (
      await start(guest, { device_key: '10230000260', activation_type: 'new-device', iccid_last_digits: '0260' })
    ).json().activation;
    // A guest without the token can not restart it.
    const stranger = await guest.call(endpoints.activations.restart, { params: { id }, body: { version } });
    expect(stranger.statusCode).toBe(404);
    const { activation, guest_token } = (
      await start(guest, { device_key: '10230000241', activation_type: 'new-device', iccid_last_digits: '0241' })
    ).json();
    const headers = tokenHeader(guest_token!);
    const moved = await guest.call(endpoints.activations.update, {
      params: { id: activation.id },
      body: {
        version: activation.version,
        current_step: 'check-firmware',
        step: 'verify-connection',
        step_state: { status: 'done', summary: null, data: {} },
      },
      headers,
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const noProof = await guest.call(endpoints.activations.restart, {
      params: { id: activation.id },
      body: { version: moved.json().version },
      headers,
    });
    expect(noProof.statusCode).toBe(403);
    expect(noProof.json()).toMatchObject({ code: REFUSAL_CODES.DEVICE_PROOF_REQUIRED });

    const restarted = await guest.call(endpoints.activations.restart, {
      params: { id: activation.id },
      body: { version: moved.json().version, iccid_last_digits: '0241', advanced: false },
      headers,
    });
    expect(restarted.statusCode, restarted.body).toBe(200);
    expect(restarted.json()).toMatchObject({
      id: activation.id,
      current_step: 'power-on-device',
      step_states: {},
      advanced: false,
      version: moved.json().version + 1,
      status: 'in_progress',
      steps: [
        'power-on-device',
        'set-vehicle-details',
        'verify-connection',
        'check-firmware',
        'system-settings',
        'device-testing',
        'purchase-plan',
        'device-rewards',
        'send-welcome',
        'complete-activation',
      ],
    });
    const stale = await guest.call(endpoints.activations.restart, {
      params: { id: activation.id },
      body: { version: moved.json().version, iccid_last_digits: '0241' },
      headers,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('abandon: closed for good, a new start makes a new record; the same answer again', async () => {
    const { id } = (await start(owner, { device_key: '10230000240', activation_type: 'purchase-subscription' })).json()
      .activation;
    const abandoned = await owner.call(endpoints.activations.abandon, { params: { id } });
    expect(abandoned.statusCode, abandoned.body).toBe(200);
    expect(abandoned.json()).toEqual({ detail: ACTIVATION_TEXTS.abandonedDone });
    expect((await owner.call(endpoints.activations.abandon, { params: { id } })).statusCode).toBe(200);
    const now = (await get(owner, id)).json();
    expect(now).toMatchObject({ status: 'abandoned', completed_at: null });
    const changed = await owner.call(endpoints.activations.update, {
      params: { id },
      body: { version: now.version, current_step: 'complete-activation' },
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toEqual({ detail: ACTIVATION_TEXTS.abandoned, code: REFUSAL_CODES.ACTIVATION_CLOSED });
    const next = await start(owner, { device_key: '10230000240', activation_type: 'purchase-subscription' });
    expect(next.json().activation.id).not.toBe(id);
  });

  it('anyone but the owner gets 404, whatever they try', async () => {
    const { id, version } = (await fresh(installer)).json().activation;
    for (const client of [purchaser, owner, lakesideRep, guest]) {
      expect((await get(client, id)).statusCode).toBe(404);
      const update = await client.call(endpoints.activations.update, {
        params: { id },
        body: { version, current_step: 'verify-connection' },
      });
      expect(update.statusCode).toBe(404);
      const restart = await client.call(endpoints.activations.restart, {
        params: { id },
        body: { version, iccid_last_digits: '0234' },
      });
      expect(restart.statusCode).toBe(404);
      expect((await client.call(endpoints.activations.abandon, { params: { id } })).statusCode).toBe(404);
      const listed = (await client.call(endpoints.activations.list)).json().results;
      expect(listed.some((a) => a.id === id)).toBe(false);
    }
    expect((await get(installer, id)).json()).toMatchObject({ id, version, status: 'in_progress' });
    expect((await get(installer, 'not-an-id')).statusCode).toBe(404);
  });
});

describe('a device’s activations (GET /api/device/{key}/activations)', () => {
  const ofDevice = (client: TestClient, key: string, headers?: Record<string, string>) =>
    client.call(endpoints.activations.ofDevice, { params: { key }, query: {}, headers });

  it('the business the device is installed for sees its activations; another dealer gets 404', async () => {
    const ran = await start(purchaser, { device_key: '10230000240', activation_type: 'purchase-subscription' });
    const id = ran.json().activation.id;
    for (const client of [owner, installer, purchaser]) {
      const res = await ofDevice(client, '10230000240');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().results.map((a) => a.id)).toContain(id);
      expect(res.json().results.every((a) => a.device_key === '10230000240')).toBe(true);
    }
    const other = await ofDevice(lakesideRep, '10230000240');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ detail: DEVICE_TEXTS.deviceNotFound, code: REFUSAL_CODES.DEVICE_NOT_FOUND });
    expect((await ofDevice(guest, '10230000240')).statusCode).toBe(404);
    // Lakeside's rep sees Lakeside's device (none yet, but its history is theirs to read).
    const lakesides = await ofDevice(lakesideRep, '10230000280');
    expect(lakesides.statusCode, lakesides.body).toBe(200);
    expect(lakesides.json().results).toEqual([]);
  });

  it('a device installed for nobody: whoever ran an activation sees their own, nobody else anything', async () => {
    const mine = await ofDevice(installer, '10230000234');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().results.length).toBeGreaterThan(0);
    expect(mine.json().results.every((a) => a.user?.name === 'Marcus Reyes')).toBe(true);
    expect((await ofDevice(lakesideRep, '10230000234')).statusCode).toBe(404);
    expect((await ofDevice(guest, '10230000234')).statusCode).toBe(404);

    const { activation, guest_token } = (
      await start(guest, { device_key: '10230000236', activation_type: 'verizon-sim', iccid_last_digits: '0236' })
    ).json();
    const guests = await ofDevice(guest, '10230000236', tokenHeader(guest_token!));
    expect(guests.json().results.map((a) => a.id)).toEqual([activation.id]);
    // The purchaser's activation of 10230000236 (above) is theirs alone.
    const purchasers = (await ofDevice(purchaser, '10230000236')).json().results;
    expect(purchasers.length).toBeGreaterThan(0);
    expect(purchasers.some((a) => a.id === activation.id)).toBe(false);
  });
});

describe('each command under the step that sent it (issue 29 §5, X-Activation-Step)', () => {
  it('a call made by an activation’s step is recorded with the activation and the step; the history answers them', async () => {
    const started = await start(installer, {
      device_key: '10230000235',
      activation_type: 'new-device',
      iccid_last_digits: '0235',
    });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().activation.id;
    const fromStep = (step: string) => ({ [ACTIVATION_STEP_HEADER]: `${id}:${step}` });

    const arm = await installer.call(endpoints.devices.sendCommand, {
      body: { device_key: '10230000235', command: 'arm', iccid_last_digits: '0235' },
      headers: fromStep('device-testing'),
    });
    expect(arm.statusCode, arm.body).toBe(200);
    const firmware = await installer.call(endpoints.devices.checkFirmwareUpdate, {
      params: { key: '10230000235' },
      query: { iccid_last_digits: '0235' },
      headers: fromStep('check-firmware'),
    });
    expect(firmware.statusCode, firmware.body).toBe(200);
    // Outside an activation, or a header that names no activation and step of the catalogue: no link.
    for (const headers of [
      undefined,
      { [ACTIVATION_STEP_HEADER]: `${id}:not-a-step` },
      { [ACTIVATION_STEP_HEADER]: 'not-an-id:device-testing' },
    ]) {
      const res = await installer.call(endpoints.devices.sendCommand, {
        body: { device_key: '10230000235', command: 'disarm', iccid_last_digits: '0235' },
        headers,
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    const history = await installer.call(endpoints.devices.history, {
      params: { key: '10230000235' },
      query: { iccid_last_digits: '0235' },
    });
    expect(history.statusCode, history.body).toBe(200);
    const results = history.json().results;
    const linked = (action: string) =>
      results.filter((r) => r.action === action).map((r) => [r.activation_id, r.activation_step]);
    expect(linked('send-command:arm')).toContainEqual([id, 'device-testing']);
    expect(linked('check-firmware-update')).toContainEqual([id, 'check-firmware']);
    expect(linked('send-command:disarm')).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
  });
});

describe('completion (POST /api/activations/{id}/complete, spec 02 §4 activated after activation, installed after install)', () => {
  const deviceNow = async (client: TestClient, key: string) =>
    (await client.call(endpoints.devices.devicePurchasingCheck, { body: { device_key: key } })).json().results[0]!;
  const actionsOf = async (client: TestClient, key: string) =>
    (await client.call(endpoints.devices.history, { params: { key }, query: {} }))
      .json()
      .results.map((r) => [r.action, r.activation_step]);

  it('a new device is activated and installed in the device cloud, for the business, in the car of its vehicle step; again answers the same', async () => {
    const started = await start(installer, {
      device_key: '10230000235',
      activation_type: 'new-device',
      iccid_last_digits: '0235',
    });
    const { id, version } = started.json().activation;
    const withCar = await installer.call(endpoints.activations.update, {
      params: { id },
      body: {
        version,
        current_step: 'complete-activation',
        step: 'set-vehicle-details',
        step_state: {
          status: 'done',
          summary: '2019 Toyota Camry',
          data: { vehicle: { year: 2019, make: 'Toyota', model: 'Camry', vin: '4t1b11hk5ku123456' } },
        },
      },
    });
    expect(withCar.statusCode, withCar.body).toBe(200);
    const stale = await installer.call(endpoints.activations.complete, {
      params: { id },
      body: { version, exit_service_mode: false, iccid_last_digits: '0235' },
    });
    expect(stale.statusCode).toBe(409);
    // Refused before anything reached the unit.
    expect((await t.devices.shadow('10230000235'))!.reported).toMatchObject({ activated: false, installed: false });

    const done = await installer.call(endpoints.activations.complete, {
      params: { id },
      body: { version: withCar.json().version, exit_service_mode: false, iccid_last_digits: '0235' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const outcome = {
      activated_now: true,
      activated: true,
      installed: true,
      device_state: 'active',
      service_mode: true,
      installed_for: 'Northside Auto Sound',
      vehicle: '2019 Toyota Camry',
    };
    expect(done.json()).toMatchObject({
      status: 'completed',
      current_step: 'complete-activation',
      step_states: {
        'complete-activation': {
          status: 'done',
          summary:
            'Activated: the unit is active in the device cloud; Installed in the 2019 Toyota Camry for Northside Auto Sound; still in Service Mode',
          data: outcome,
        },
      },
    });
    // The device cloud's word, read back: activated, active, installed (for Northside: no proof needed now).
    expect((await t.devices.shadow('10230000235'))!.reported).toMatchObject({
      activated: true,
      installed: true,
      device_state: 'active',
    });
    expect(await deviceNow(installer, '10230000235')).toMatchObject({
      activated: true,
      device_state: 'active',
      installed: true,
    });
    const history = await actionsOf(installer, '10230000235');
    expect(history).toContainEqual(['activate', 'complete-activation']);
    expect(history).toContainEqual(['install', 'complete-activation']);
    const devices = await installer.call(endpoints.devices.list, { query: { q: '4T1B11HK5KU123456' } });
    expect(devices.json().results.map((d) => d.device_key)).toEqual(['10230000235']);

    // Again (a lost answer, a double tap): the same record, nothing sent to the unit again.
    const again = await installer.call(endpoints.activations.complete, {
      params: { id },
      body: { exit_service_mode: false },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(done.json());
    expect(await actionsOf(installer, '10230000235')).toEqual(history);
  });

  it('a service visit to a unit already activated installs it and leaves its activation alone', async () => {
    // 10230000235, activated above and still in Service Mode: now a service-device.
    const { id, version } = (
      await start(installer, { device_key: '10230000235', activation_type: 'service-device' })
    ).json().activation;
    const before = (await actionsOf(installer, '10230000235')).filter(([action]) => action === 'activate');
    const done = await installer.call(endpoints.activations.complete, {
      params: { id },
      body: { version, exit_service_mode: false },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().step_states['complete-activation']).toMatchObject({
      summary: 'Already activated; Installed for Northside Auto Sound; still in Service Mode',
      data: { activated_now: false, activated: true, installed: true, device_state: 'active' },
    });
    expect((await actionsOf(installer, '10230000235')).filter(([action]) => action === 'activate')).toEqual(before);
  });
});
