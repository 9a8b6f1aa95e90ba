import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import axe from 'axe-core';
import type { ComponentType } from 'react';
import type { Activation, ActivationStep } from '@portal/contracts/activation';
import type { Device, DeviceJob, OptionTables } from '@portal/contracts/devices';
import { endpoints } from '@portal/contracts/endpoints/index';
import { REFUSAL_CODES } from '@portal/contracts/refusals';
import { answer, refused } from '../../../../test/handlers.ts';
import { sentRequests, server } from '../../../../test/server.ts';
import { choose, typeInto } from '../../../../test/events.ts';
import type { StepProps } from '../types.ts';
import { decodeDuration, encodeDuration } from './durations.ts';
import { settingsSteps } from './index.ts';
import { valueOf } from './DeviceConfiguration.tsx';
import { dr5400 } from '../../testFixtures.ts';

const KEY = '10230000234';
const PROOF = '4321';

/** An FT-X1 with a KeyLocker and an option-table controller: the shared DR5400 fixture with what differs. */
const device: Device = {
  ...dr5400,
  device_key: KEY,
  product: 'FT-X1',
  controller_model: 'FT-7000AS',
  controller: 'FT-7000AS',
  is_keylocker_present: true,
  keylocker: { mode: 'standalone' },
  firmware_version: '2.4.0',
  ble_firmware_version: '1.1.0',
  firmwareChecked: true,
  requestsExitServiceMode: true,
  allowedActivationTypes: ['new-device', 'replace-device', 'verizon-sim'],
  hasHardwire: false,
  canEraseDevice: true,
};

const activation: Activation = {
  id: 'a1',
  device_key: KEY,
  activation_type: 'new-device',
  steps: ['power-on-device', 'complete-activation'],
  current_step: 'power-on-device',
  step_states: {},
  advanced: true,
  status: 'in_progress',
  version: 1,
  user: null,
  business: null,
  started_at: '2026-11-27T21:00:00.000Z',
  updated_at: '2026-11-27T21:00:00.000Z',
  completed_at: null,
};

const job = (status: DeviceJob['status'], command: string, reason: string | null = null): DeviceJob => ({
  job_id: `job-${command}`,
  device_key: KEY,
  command,
  bit: null,
  status,
  reason,
  result: null,
  queued_at: '2026-11-27T21:00:00.000Z',
  started_at: '2026-11-27T21:00:00.000Z',
  finished_at: status === 'QUEUED' || status === 'IN_PROGRESS' ? null : '2026-11-27T21:00:01.000Z',
});

const controllerTable: OptionTables = {
  schema: 'FT-7000AS',
  definitions: [
    {
      id: 'runtime',
      label: 'Remote start runtime',
      choices: [3, 15, 25, 45].map((value) => ({ value, label: `${value} min` })),
      default: 15,
      section: '1_2',
    },
  ],
  values: { runtime: 15 },
  queried_at: '2026-11-27T21:00:00.000Z',
  requeries: 0,
};

/** A step's screen as the stepper renders it, with `save` and `finish` to look at. */
function renderStep(step: ActivationStep, overrides: Partial<StepProps> = {}) {
  const Screen = settingsSteps[step] as ComponentType<StepProps>;
  const save = vi.fn<StepProps['save']>(() => Promise.resolve());
  const finish = vi.fn<StepProps['finish']>(() => Promise.resolve());
  const props: StepProps = {
    step,
    device,
    refreshDevice: () => Promise.resolve(device),
    proof: PROOF,
    activation,
    state: undefined,
    save,
    finish,
    complete: vi.fn<StepProps['complete']>(() => Promise.resolve()),
    online: true,
    ...overrides,
  };
  const view = render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Screen {...props} />
    </QueryClientProvider>,
  );
  return { save, finish, container: view.container };
}

const queryRequired = refused(409, {
  detail: 'The FT-7000AS table must be queried from the device',
  code: REFUSAL_CODES.DEVICE_QUERY_REQUIRED,
});
const requestsTo = (path: string) => sentRequests().filter((request) => request.path.startsWith(path));

describe('keylocker-pin-codes (spec 02 §4, §8)', () => {
  it('flips the toggle back and marks failed when the PIN fails to set, in the device’s words', async () => {
    server.use(answer(endpoints.devices.setPin, job('FAILED', 'set_pin', 'The KeyLocker did not answer')));
    const { save } = renderStep('keylocker-pin-codes');

    typeInto(screen.getByLabelText('Master PIN (four digits)'), '1234');
    const toggle = screen.getByRole('switch', { name: 'Master PIN enabled' });
    fireEvent.click(toggle);

    expect(await screen.findByText('Failed: The KeyLocker did not answer')).toBeTruthy();
    expect((toggle as HTMLInputElement).checked).toBe(false);
    const sent = requestsTo(`/api/device/${KEY}/pin`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ pin: '1234', is_secondary_pin: false, iccid_last_digits: PROOF });
    await waitFor(() =>
      expect(save).toHaveBeenLastCalledWith(
        { master: { enabled: false, success: false, failed: true } },
        'Master PIN failed to set',
      ),
    );
  });

  it('flips the toggle back on the server’s refusal too (the device offline), with its words', async () => {
    server.use(
      answer(
        endpoints.devices.setPin,
        refused(503, { detail: 'The device is not answering.', code: REFUSAL_CODES.DEVICE_OFFLINE }),
      ),
    );
    renderStep('keylocker-pin-codes');
    typeInto(screen.getByLabelText('Secondary PIN (four digits)'), '5678');
    const toggle = screen.getByRole('switch', { name: 'Secondary PIN enabled' });
    fireEvent.click(toggle);
    expect(await screen.findByText('Failed: The device is not answering.')).toBeTruthy();
    expect((toggle as HTMLInputElement).checked).toBe(false);
  });

  it('keeps the toggle on when the KeyLocker confirms, and sends nothing for a PIN that is not four digits', async () => {
    server.use(answer(endpoints.devices.setPin, job('SUCCEEDED', 'set_pin')));
    const { save } = renderStep('keylocker-pin-codes');
    const field = screen.getByLabelText('Master PIN (four digits)');
    const toggle = screen.getByRole('switch', { name: 'Master PIN enabled' });

    typeInto(field, '12');
    fireEvent.click(toggle);
    expect(await screen.findByText('Enter four digits.')).toBeTruthy();
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(requestsTo(`/api/device/${KEY}/pin`)).toHaveLength(0);

    typeInto(field, '1234');
    fireEvent.click(toggle);
    expect(await screen.findByText('Master PIN set on the KeyLocker.')).toBeTruthy();
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(save).toHaveBeenLastCalledWith(
      { master: { enabled: true, success: true, failed: false } },
      'Master PIN set',
    );
  });
});

describe('keylocker-pin-codes: clearing the secondary PIN (spec 02 §7)', () => {
  const secondaryOn = {
    status: 'in_progress' as const,
    summary: null,
    data: { secondary: { enabled: true, success: true, failed: false } },
  };

  it('clears it with the master PIN (DELETE), and flips back on when the master PIN is wrong', async () => {
    let wrong = true;
    server.use(
      answer(endpoints.devices.clearPin, ({ query }) =>
        wrong
          ? refused({ validation: [{ field: 'master_pin', messages: ['Wrong master PIN'] }] })
          : job(query.master_pin === '1234' ? 'SUCCEEDED' : 'FAILED', 'clear_pin'),
      ),
    );
    const { save } = renderStep('keylocker-pin-codes', { state: secondaryOn });
    const toggle = screen.getByRole('switch', { name: 'Secondary PIN enabled' });
    expect((toggle as HTMLInputElement).checked).toBe(true);

    fireEvent.click(toggle);
    expect(await screen.findByText(/To clear the secondary PIN, enter the master PIN/)).toBeTruthy();
    expect(requestsTo(`/api/device/${KEY}/pin`)).toHaveLength(0);

    typeInto(screen.getByLabelText('Master PIN (four digits)'), '9999');
    fireEvent.click(toggle);
    expect(await screen.findByText('Failed: master pin: Wrong master PIN')).toBeTruthy();
    expect((toggle as HTMLInputElement).checked).toBe(true);

    wrong = false;
    typeInto(screen.getByLabelText('Master PIN (four digits)'), '1234');
    fireEvent.click(toggle);
    expect(await screen.findByText('Secondary PIN cleared.')).toBeTruthy();
    expect((toggle as HTMLInputElement).checked).toBe(false);
    const deletes = requestsTo(`/api/device/${KEY}/pin`).filter((r) => r.method === 'DELETE');
    expect(deletes.map((r) => r.path)).toEqual([
      `/api/device/${KEY}/pin?master_pin=9999&iccid_last_digits=${PROOF}`,
      `/api/device/${KEY}/pin?master_pin=1234&iccid_last_digits=${PROOF}`,
    ]);
    expect(save).toHaveBeenLastCalledWith(
      { secondary: { enabled: false, success: true, failed: false } },
      'Secondary PIN cleared',
    );
  });
});

describe('controller-option-tables (spec 02 §4, §9: the server owns the requery)', () => {
  it('reads the table in one call and says when the server had to query the device first', async () => {
    server.use(answer(endpoints.devices.optionTables, { ...controllerTable, requeries: 1 }));
    renderStep('controller-option-tables');

    expect(await screen.findByLabelText('Remote start runtime')).toBeTruthy();
    const reads = requestsTo(`/api/device/${KEY}/option-tables`);
    expect(reads).toHaveLength(1);
    expect(new URL(reads[0]!.path, 'http://x').searchParams.get('skip_query')).toBe('true');
    expect(reads[0]!.path).toContain('schema=FT-7000AS');
    expect(reads[0]!.path).toContain(`iccid_last_digits=${PROOF}`);
    expect(screen.getByText(/queried first \(once\)/)).toBeTruthy();
  });

  it('shows the server’s words when the device could not be read, and asks no more', async () => {
    server.use(answer(endpoints.devices.optionTables, queryRequired));
    renderStep('controller-option-tables');

    expect(
      await screen.findByText('Could not read the table: The FT-7000AS table must be queried from the device'),
    ).toBeTruthy();
    expect(requestsTo(`/api/device/${KEY}/option-tables`)).toHaveLength(1);
  });

  it('writes a change in one call and saves it for a reload', async () => {
    server.use(
      answer(endpoints.devices.optionTables, controllerTable),
      answer(endpoints.devices.updateOptionTables, { ...controllerTable, values: { runtime: 25 }, requeries: 2 }),
    );
    const { save } = renderStep('controller-option-tables');
    choose(await screen.findByLabelText('Remote start runtime'), '25');

    await waitFor(() =>
      expect(save).toHaveBeenCalledWith(
        { values: { runtime: 25 }, changes: ['Remote start runtime: 25 min'] },
        'Remote start runtime: 25 min',
      ),
    );
    const writes = requestsTo(`/api/device/${KEY}/option-tables`).filter((r) => r.method === 'PATCH');
    expect(writes.map((w) => (w.body as { skip_query: boolean }).skip_query)).toEqual([true]);
  });
});

describe('device-configuration durations (spec 02 §5)', () => {
  it('encodes seconds 1–99 as themselves and minutes 1–15 as 101–115', () => {
    expect(encodeDuration({ unit: 'seconds', amount: 1 })).toBe(1);
    expect(encodeDuration({ unit: 'seconds', amount: 99 })).toBe(99);
    expect(encodeDuration({ unit: 'minutes', amount: 1 })).toBe(101);
    expect(encodeDuration({ unit: 'minutes', amount: 15 })).toBe(115);
    expect(() => encodeDuration({ unit: 'seconds', amount: 100 })).toThrow(RangeError);
    expect(() => encodeDuration({ unit: 'minutes', amount: 16 })).toThrow(RangeError);
    expect(() => encodeDuration({ unit: 'seconds', amount: 0 })).toThrow(RangeError);
    expect(decodeDuration(105)).toEqual({ unit: 'minutes', amount: 5 });
    expect(decodeDuration(42)).toEqual({ unit: 'seconds', amount: 42 });
    expect(decodeDuration(100)).toBeNull();
    expect(decodeDuration(116)).toBeNull();
    expect(valueOf({ kind: 'runtime', label: 'Runtime' }, { unit: 'seconds', amount: '', runtime: 45 })).toEqual({
      value: 45,
      label: '45 minutes',
    });
  });

  it('sends the item’s command and keeps 5 minutes as value 105', async () => {
    server.use(answer(endpoints.devices.sendCommand, { ...job('SUCCEEDED', 'config_ignition_reporting'), jobs: [] }));
    const { save } = renderStep('device-configuration');
    const item = screen.getByRole('heading', { name: 'Ignition on/off reporting' }).closest('li')!;
    const amount = item.querySelector('input[type="number"]') as HTMLInputElement;
    const unit = item.querySelector('select') as HTMLSelectElement;

    choose(unit, 'minutes');
    typeInto(amount, '5');
    expect(await screen.findByText('Sent as value 105.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send ignition on/off reporting' }));

    await waitFor(() =>
      expect(save).toHaveBeenCalledWith(
        { items: { config_ignition_reporting: { value: 105, label: '5 minutes', status: 'success' } } },
        'Ignition on/off reporting: 5 minutes',
      ),
    );
    expect(requestsTo('/api/iot/send-command')[0]!.body).toEqual({
      device_key: KEY,
      command: 'config_ignition_reporting',
      iccid_last_digits: PROOF,
      value: 105,
    });
  });

  it('refuses a duration out of range without sending', async () => {
    renderStep('device-configuration');
    const item = screen.getByRole('heading', { name: 'Towing events' }).closest('li')!;
    typeInto(item.querySelector('input[type="number"]')!, '100');
    fireEvent.click(screen.getByRole('button', { name: 'Send towing events' }));
    expect(await screen.findByText('Enter 1 to 99 seconds.')).toBeTruthy();
    expect(requestsTo('/api/iot/send-command')).toHaveLength(0);
  });
});

describe('send-welcome (spec 02 §5)', () => {
  it('lowercases the e-mail before sending it', async () => {
    server.use(
      answer(endpoints.devices.welcome, ({ body }) => ({
        device_key: body.device_key,
        email: body.email,
        detail: 'Welcome message sent.',
      })),
    );
    const { save, finish } = renderStep('send-welcome');
    typeInto(screen.getByLabelText("Owner's name"), 'Jane Doe');
    typeInto(screen.getByLabelText("Owner's e-mail"), '  Jane.Doe@Example.COM ');
    fireEvent.click(screen.getByRole('button', { name: 'Send the welcome' }));

    expect(await screen.findByText('Welcome message sent to jane.doe@example.com.')).toBeTruthy();
    expect(requestsTo('/api/device/welcome')[0]!.body).toEqual({
      device_key: KEY,
      name: 'Jane Doe',
      email: 'jane.doe@example.com',
      iccid_last_digits: PROOF,
    });
    expect(save).toHaveBeenCalledWith({ email: 'jane.doe@example.com' }, 'Welcome sent to jane.doe@example.com');

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(finish).toHaveBeenCalledWith({
        status: 'done',
        summary: 'Welcome sent to jane.doe@example.com',
        data: { email: 'jane.doe@example.com' },
      }),
    );
  });

  it('may be skipped', async () => {
    const { finish } = renderStep('send-welcome');
    fireEvent.click(screen.getByRole('button', { name: 'Skip the welcome' }));
    await waitFor(() => expect(finish).toHaveBeenCalledWith({ status: 'skipped', summary: 'Welcome message skipped' }));
    expect(requestsTo('/api/device/welcome')).toHaveLength(0);
  });
});

describe('set-vehicle-details (issue 29)', () => {
  it('decodes a VIN to the cascade’s year, make and model and keeps the vehicle for the install', async () => {
    server.use(
      answer(endpoints.vehicles.decodeVin, { ModelYear: '2019', Make: 'TOYOTA', Model: 'camry' }),
      answer(endpoints.vehicles.yearMakeModel, ({ body }) => ({
        results: body.makeId
          ? [{ id: 'camry', name: 'Camry', value: 'camry' }]
          : [{ id: 'toyota', name: 'Toyota', value: 'toyota' }],
      })),
    );
    const { save, finish } = renderStep('set-vehicle-details');
    typeInto(screen.getByLabelText(/^VIN/), '4t1b11hk1ku213547');
    fireEvent.click(screen.getByRole('button', { name: 'Decode VIN' }));

    const vehicle = { vin: '4T1B11HK1KU213547', year: 2019, make: 'Toyota', model: 'Camry' };
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith(
        { vehicle, makeId: 'toyota', modelId: 'camry' },
        '2019 Toyota Camry (VIN 4T1B11HK1KU213547)',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(finish).toHaveBeenCalledWith({
        status: 'done',
        summary: '2019 Toyota Camry (VIN 4T1B11HK1KU213547)',
        data: { vehicle, makeId: 'toyota', modelId: 'camry' },
      }),
    );
  });

  it('refuses a VIN that is not 17 letters and digits without asking the decoder', async () => {
    renderStep('set-vehicle-details');
    typeInto(screen.getByLabelText(/^VIN/), 'ABC');
    fireEvent.click(screen.getByRole('button', { name: 'Decode VIN' }));
    expect(await screen.findByText('A VIN has 17 letters and digits (no I, O or Q).')).toBeTruthy();
    expect(requestsTo('/api/dot-vehicle-by-vin')).toHaveLength(0);
  });
});

describe('keylocker-mode (spec 02 §4)', () => {
  it('sends add-on only when add-on is chosen, and saves the mode the KeyLocker confirmed', async () => {
    server.use(answer(endpoints.devices.keylockerMode, job('SUCCEEDED', 'set_keylocker_mode')));
    const { save } = renderStep('keylocker-mode');
    fireEvent.click(screen.getByRole('radio', { name: /Add-on/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Set add-on mode' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ mode: 'add-on' }, 'KeyLocker set to add-on mode'));
    expect(requestsTo(`/api/device/${KEY}/keylocker-mode`)[0]!.body).toEqual({
      mode: 'add-on',
      iccid_last_digits: PROOF,
    });
  });
});

describe('system-settings (spec 02 §3)', () => {
  it('turns a feature with a config bit off by its negative bit', async () => {
    server.use(
      answer(endpoints.devices.features, {
        siren_enabled: true,
        valet_mode_enabled: false,
        shock_sensor_enabled: false,
        drive_lock_enabled: false,
        passive_arming_enabled: false,
        timer_start_enabled: false,
        turbo_timer_start_enabled: false,
        auto_door_lock_enabled: false,
      }),
      answer(endpoints.devices.sendCommand, { ...job('SUCCEEDED', 'set_config_bit'), jobs: [] }),
    );
    renderStep('system-settings');
    const siren = await screen.findByRole('switch', { name: 'Siren' });
    expect((siren as HTMLInputElement).checked).toBe(true);
    fireEvent.click(siren);
    await waitFor(() =>
      expect(requestsTo('/api/iot/send-command')[0]?.body).toMatchObject({ command: 'set_config_bit', bit: -2 }),
    );
    await waitFor(() => expect((siren as HTMLInputElement).checked).toBe(false));
  });
});

describe('every settings screen (issue 29 §4)', () => {
  it.each(Object.keys(settingsSteps) as ActivationStep[])('%s has no axe violations', async (step) => {
    server.use(
      answer(endpoints.devices.optionTables, controllerTable),
      answer(endpoints.devices.specialOptionTables, { ...controllerTable, schema: 'poc' }),
      answer(endpoints.devices.features, {
        siren_enabled: true,
        valet_mode_enabled: false,
        shock_sensor_enabled: false,
        drive_lock_enabled: false,
        passive_arming_enabled: false,
        timer_start_enabled: false,
        turbo_timer_start_enabled: false,
        auto_door_lock_enabled: false,
      }),
    );
    const { container } = renderStep(step);
    await waitFor(() => expect(container.querySelector('[aria-busy="true"]')).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 20));
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
  });
});
