import { describe, expect, it } from 'vitest';
import type { Activation } from '@portal/contracts/activation';
import type { DeviceHistoryEntry } from '@portal/contracts/devices';
import { actionWords, commandEntry, deviceTimeline, statusWords } from './timeline.ts';
import { durationWords, planWords, vehicleWords } from './words.ts';

const purchaser = { id: 'u-p', name: 'Pat Purchaser', email: 'purchaser@demo.test' };
const northside = { id: 'bp-ns', companyName: 'Northside Auto Sound' };

const call = (
  overrides: Partial<DeviceHistoryEntry> & Pick<DeviceHistoryEntry, 'id' | 'action'>,
): DeviceHistoryEntry => ({
  device_key: '10230000234',
  request: {},
  job_id: null,
  status: 'ok',
  answer: null,
  user: purchaser,
  acting_user: null,
  business: northside,
  created_at: '2026-11-20T15:00:00.000Z',
  finished_at: '2026-11-20T15:00:00.000Z',
  activation_id: null,
  activation_step: null,
  ...overrides,
});

const activation: Activation = {
  id: 'a1',
  device_key: '10230000234',
  activation_type: 'new-device',
  steps: ['power-on-device', 'set-vehicle-details', 'check-firmware', 'device-testing', 'complete-activation'],
  current_step: 'complete-activation',
  step_states: {
    'power-on-device': { status: 'done', summary: null, data: {}, updated_at: '2026-11-20T14:59:00.000Z' },
    'set-vehicle-details': {
      status: 'done',
      summary: '2019 Toyota Camry (VIN 4T1B11HK1KU213547)',
      data: {},
      updated_at: '2026-11-20T15:00:00.000Z',
    },
    'check-firmware': {
      status: 'failed',
      summary: 'Device firmware update failed at the result step (R42)',
      data: {},
      updated_at: '2026-11-20T15:02:00.000Z',
    },
    'device-testing': { status: 'skipped', summary: null, data: {}, updated_at: '2026-11-20T15:03:00.000Z' },
  },
  advanced: false,
  status: 'in_progress',
  version: 4,
  user: { id: purchaser.id, name: purchaser.name },
  business: northside,
  started_at: '2026-11-20T14:58:00.000Z',
  updated_at: '2026-11-20T15:03:00.000Z',
  completed_at: null,
};

describe('the device’s timeline (issue 29 §5)', () => {
  it('merges activations and recorded calls oldest first; an activation comes before a call of the same moment', () => {
    const history = [
      call({ id: 'c3', action: 'send-command:remote_start', created_at: '2026-11-20T15:05:00.000Z' }),
      call({ id: 'c1', action: 'check-firmware-update', created_at: '2026-11-20T14:58:00.000Z' }),
      call({ id: 'c2', action: 'firmware-update:controller', created_at: '2026-11-20T15:01:00.000Z' }),
    ];
    const timeline = deviceTimeline([activation], history);
    expect(timeline.map((e) => `${e.kind}:${e.id}`)).toEqual([
      'activation:a1',
      'command:c1',
      'command:c2',
      'command:c3',
    ]);
  });

  it('shows each call under the step of the activation that made it, and not again on its own', () => {
    const history = [
      call({ id: 'c1', action: 'check-firmware-update', activation_id: 'a1', activation_step: 'check-firmware' }),
      call({
        id: 'c2',
        action: 'firmware-update:controller',
        status: 'FAILED',
        created_at: '2026-11-20T15:01:00.000Z',
        activation_id: 'a1',
        activation_step: 'check-firmware',
      }),
      // Someone else's call naming this activation, a step it does not have, another activation: on their own.
      call({
        id: 'c3',
        action: 'send-command:arm',
        user: null,
        activation_id: 'a1',
        activation_step: 'device-testing',
      }),
      call({ id: 'c4', action: 'send-command:arm', activation_id: 'a1', activation_step: 'keylocker-mode' }),
      call({ id: 'c5', action: 'send-command:arm', activation_id: 'a2', activation_step: 'device-testing' }),
    ];
    const timeline = deviceTimeline([activation], history);
    expect(timeline.map((e) => `${e.kind}:${e.id}`)).toEqual([
      'activation:a1',
      'command:c3',
      'command:c4',
      'command:c5',
    ]);
    const steps = timeline[0]?.kind === 'activation' ? timeline[0].steps : [];
    const firmware = steps.find((s) => s.step === 'check-firmware');
    expect(firmware?.commands.map((c) => [c.id, c.title, c.outcome])).toEqual([
      ['c1', 'Firmware check', 'Done'],
      ['c2', 'Firmware update (device)', 'Failed'],
    ]);
    expect(steps.find((s) => s.step === 'device-testing')?.commands).toEqual([]);
  });

  it('says each step’s status and summary in words, with who and for which dealer', () => {
    const [entry] = deviceTimeline([activation], []);
    expect(entry).toMatchObject({
      kind: 'activation',
      title: 'New device activation',
      outcome: 'Not finished',
      who: 'Pat Purchaser',
      forWhom: 'Northside Auto Sound',
    });
    expect(entry?.kind === 'activation' && entry.steps).toEqual([
      {
        step: 'power-on-device',
        title: 'Power on the device',
        status: 'Done',
        tone: 'done',
        summary: null,
        commands: [],
      },
      {
        step: 'set-vehicle-details',
        title: 'Vehicle details',
        status: 'Done',
        tone: 'done',
        summary: '2019 Toyota Camry (VIN 4T1B11HK1KU213547)',
        commands: [],
      },
      {
        step: 'check-firmware',
        title: 'Firmware',
        status: 'Failed',
        tone: 'failed',
        summary: 'Device firmware update failed at the result step (R42)',
        commands: [],
      },
      {
        step: 'device-testing',
        title: 'Device testing',
        status: 'Skipped',
        tone: 'skipped',
        summary: null,
        commands: [],
      },
      {
        step: 'complete-activation',
        title: 'Complete activation',
        status: 'Not done',
        tone: 'pending',
        summary: null,
        commands: [],
      },
    ]);
  });

  it('names commands and device tests as the installer knows them', () => {
    expect(actionWords('send-command:locate')).toBe('Verify GPS');
    expect(actionWords('send-command:panic_on')).toBe('Panic on');
    expect(actionWords('send-command:erase_device')).toBe('Reset device settings');
    expect(actionWords('firmware-update:kl1')).toBe('Firmware update (KeyLocker)');
    expect(actionWords('keylocker-mode')).toBe('KeyLocker mode');
    expect(actionWords('send-command:some_new_thing')).toBe('Some new thing');
  });

  it('reads job statuses and refusals as outcomes', () => {
    expect(statusWords('SUCCEEDED')).toEqual({ text: 'Succeeded', ok: true });
    expect(statusWords('TIMED_OUT')).toEqual({ text: 'Failed: the device did not answer in time', ok: false });
    expect(statusWords('IN_PROGRESS')).toEqual({ text: 'In progress', ok: null });
    expect(statusWords('DEVICE_OFFLINE').ok).toBe(false);
    expect(statusWords('DEVICE_PROOF_WRONG')).toEqual({ text: 'Refused: wrong ICCID digits', ok: false });
    expect(statusWords('SOMETHING_NEW')).toEqual({ text: 'Refused (something new)', ok: false });
  });

  it('a test’s outcome, a firmware result and a rep acting as the dealer’s owner read as words', () => {
    const test = commandEntry(
      call({
        id: 't1',
        action: 'send-command:remote_start',
        request: { command: 'remote_start', wait_ms: 15000 },
        job_id: 'j1',
        status: 'FAILED',
        answer: { reason: 'Brake pedal pressed', result: { engine_running: false } },
        acting_user: { id: 'u-o', name: 'Olivia Owner', email: 'owner@demo.test' },
        user: { id: 'u-r', name: 'Ian Insiderep', email: 'insiderep@demo.test' },
        finished_at: '2026-11-20T15:00:04.000Z',
      }),
    );
    expect(test).toMatchObject({
      title: 'Remote start',
      outcome: 'Failed',
      ok: false,
      who: 'Ian Insiderep',
      actingAs: 'Olivia Owner',
      forWhom: 'Northside Auto Sound',
      details: ['Asked: wait ms 15000', 'Device said: Brake pedal pressed', 'Result: engine running off'],
    });
    const check = commandEntry(
      call({
        id: 'f1',
        action: 'check-firmware-update',
        answer: { is_firmware_available: true, is_ext_device_firmware_available: false },
      }),
    );
    expect(check.details).toEqual(['Device firmware: an update was available', 'KeyLocker firmware: up to date']);
    const fota = commandEntry(
      call({
        id: 'f2',
        action: 'firmware-update:controller',
        request: { target: 'controller' },
        status: 'FAILED',
        answer: { reason: 'FOTA Result: update failed', result: null },
      }),
    );
    expect(fota).toMatchObject({ title: 'Firmware update (device)', outcome: 'Failed', ok: false });
    expect(fota.details).toEqual(['Asked: target controller', 'Device said: FOTA Result: update failed']);
    expect(commandEntry(call({ id: 'g', action: 'install', user: null, business: null }))).toMatchObject({
      who: 'A guest (not signed in)',
      forWhom: null,
      actingAs: null,
    });
  });

  it('says plans and cars in words', () => {
    expect(durationWords('month_to_month')).toBe('month to month');
    expect(durationWords('1_year')).toBe('1 year');
    expect(durationWords('3_year')).toBe('3 years');
    expect(planWords(null)).toBe('No plan');
    expect(planWords({ name: 'Premium', duration: '1_year', started_at: '2026-01-01', expires_at: null })).toBe(
      'Premium, 1 year',
    );
    expect(vehicleWords({ vin: null, year: 2019, make: 'Toyota', model: 'Camry' })).toBe('2019 Toyota Camry');
    expect(vehicleWords({ vin: 'X', year: null, make: null, model: null })).toBeNull();
    expect(vehicleWords(null)).toBeNull();
  });
});
