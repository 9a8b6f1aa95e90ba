import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  ACTIVATION_STEP_TITLES,
  ACTIVATION_TOKEN_HEADER,
  activationSteps,
  type Activation,
} from '@portal/contracts/activation';
import type { ActivationType } from '@portal/contracts/devices';
import { endpoints } from '@portal/contracts/endpoints/index';
import { backHandlerStore } from '../../lib/backTarget.ts';
import { answer, refused } from '../../test/handlers.ts';
import { server } from '../../test/server.ts';
import { ActivationStepper } from './ActivateDevicePage.tsx';
import { OFFLINE_NOTICE } from './DeviceStatusBar.tsx';
import { readSaved, writeSaved } from './flowState.ts';
import type { StepRegistry } from './registry.ts';
import type { StepProps } from './steps/types.ts';
import { CompleteActivationStep } from './steps/CompleteActivationStep.tsx';
import { activationOf, dr5400, savedOf } from './testFixtures.ts';

function FakeStep({ step, finish, state }: StepProps) {
  return (
    <div>
      <p>Screen of {step}</p>
      {state?.summary && <p>Saved: {state.summary}</p>}
      <button type="button" onClick={() => void finish({ status: 'done', summary: `${step} ok` })}>
        Finish {step}
      </button>
    </div>
  );
}

// device-testing has no screen here: the stepper's fallback shows.
const registry: StepRegistry = {
  'power-on-device': FakeStep,
  'verify-connection': FakeStep,
  'complete-activation': FakeStep,
};

/** The server's record as it stands, and the PATCH bodies and token headers it received. */
function fakeServer(start: Activation, options: { conflictOnce?: boolean } = {}) {
  let record = start;
  let conflict = options.conflictOnce ?? false;
  const patches: unknown[] = [];
  const tokens: (string | null)[] = [];
  server.use(
    answer(endpoints.devices.logs, { results: [] }),
    answer(endpoints.activations.get, ({ request }) => {
      tokens.push(request.headers.get(ACTIVATION_TOKEN_HEADER));
      return record;
    }),
    answer(endpoints.activations.update, ({ body, request }) => {
      tokens.push(request.headers.get(ACTIVATION_TOKEN_HEADER));
      patches.push(body);
      if (conflict) {
        // Another phone moved it meanwhile.
        conflict = false;
        record = { ...record, version: record.version + 1 };
        return refused(409, { detail: 'This activation changed on another device.' });
      }
      if (body.version !== record.version) return refused(409, { detail: 'stale' });
      const now = new Date().toISOString();
      record = {
        ...record,
        version: record.version + 1,
        current_step: body.current_step ?? record.current_step,
        step_states:
          body.step && body.step_state
            ? {
                ...record.step_states,
                [body.step]: {
                  ...body.step_state,
                  summary: body.step_state.summary ?? null,
                  data: body.step_state.data ?? {},
                  updated_at: now,
                },
              }
            : record.step_states,
      };
      return record;
    }),
  );
  return { patches, tokens, current: () => record };
}

function renderStepper(screens: StepRegistry = registry) {
  const router = createMemoryRouter(
    [
      { path: '/activation/device', element: <ActivationStepper registry={screens} /> },
      { path: '/activation/select-activation-type', element: <h1>Types</h1> },
    ],
    { initialEntries: ['/activation/device'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  vi.restoreAllMocks();
  backHandlerStore.set(null);
});

describe('the activation stepper (issue 29 §2, §3)', () => {
  it('resumes from local storage at the saved step, then goes to the next one, kept on the server with its version', async () => {
    const start = activationOf({
      current_step: 'verify-connection',
      step_states: {
        'power-on-device': {
          status: 'done',
          summary: 'The device answered',
          data: {},
          updated_at: '2026-11-27T21:01:00Z',
        },
      },
    });
    writeSaved(savedOf(start));
    const fake = fakeServer(start);
    renderStepper();

    expect(await screen.findByText('Screen of verify-connection')).toBeTruthy();
    expect(screen.getByText('Step 2 of 4')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Finish verify-connection' }));
    // device-testing has no screen: an honest notice with Skip.
    expect(await screen.findByRole('button', { name: 'Skip this step' })).toBeTruthy();
    expect(screen.getByText('Step 3 of 4')).toBeTruthy();
    await vi.waitFor(() => expect(fake.current().current_step).toBe('device-testing'));
    expect(fake.patches[0]).toMatchObject({
      version: 1,
      step: 'verify-connection',
      step_state: { status: 'done', summary: 'verify-connection ok' },
      current_step: 'device-testing',
    });
    expect(fake.tokens.every((token) => token === 'guest-token-1')).toBe(true);
    await vi.waitFor(() => expect(readSaved()?.activation?.current_step).toBe('device-testing'));

    fireEvent.click(screen.getByRole('button', { name: 'Skip this step' }));
    expect(await screen.findByText('Screen of complete-activation')).toBeTruthy();
    await vi.waitFor(() => expect(fake.current().step_states['device-testing']?.status).toBe('skipped'));
  });

  it('Back goes to the previous step, and from the first one to the type selection; the shell’s back does the same', async () => {
    const start = activationOf({ current_step: 'verify-connection' });
    writeSaved(savedOf(start));
    const fake = fakeServer(start);
    const router = renderStepper();
    await screen.findByText('Screen of verify-connection');

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Screen of power-on-device')).toBeTruthy();
    await vi.waitFor(() => expect(fake.current().current_step).toBe('power-on-device'));

    // The shell's back button (spec 01 §2.4) asks the stepper.
    const handler = backHandlerStore.get();
    expect(handler).toBeTypeOf('function');
    act(() => handler!());
    expect(await screen.findByRole('heading', { name: 'Types' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/activation/select-activation-type');
  });

  it('a 409 (another phone changed it since): this phone’s change is not sent again; it is told and shows the server’s state', async () => {
    const start = activationOf();
    writeSaved(savedOf(start));
    const fake = fakeServer(start, { conflictOnce: true });
    renderStepper();
    fireEvent.click(await screen.findByRole('button', { name: 'Finish power-on-device' }));
    expect(
      await screen.findByText(/changed on another phone or tab, so your last change here was not saved/),
    ).toBeTruthy();
    expect(fake.patches).toHaveLength(1);
    expect(fake.current()).toMatchObject({ version: 2, current_step: 'power-on-device', step_states: {} });
    // The server's state, on the phone too: the step it stands at, nothing left to send.
    expect(await screen.findByText('Screen of power-on-device')).toBeTruthy();
    expect(readSaved()).toMatchObject({ pending: [], activation: { version: 2, current_step: 'power-on-device' } });
    // Based on the latest state now, the next write wins.
    fireEvent.click(screen.getByRole('button', { name: 'Finish power-on-device' }));
    await vi.waitFor(() => expect(fake.current().current_step).toBe('verify-connection'));
    expect(fake.patches[1]).toMatchObject({ version: 2, current_step: 'verify-connection' });
  });

  it('a phone back with changes made on a version another phone has gone past drops them and says so', async () => {
    const start = activationOf();
    // This phone finished a step offline on version 1; the server is at 3 meanwhile (another phone).
    writeSaved({
      ...savedOf(start),
      pending: [{ step: 'power-on-device', step_state: { status: 'done', summary: null, data: {} } }],
    });
    const fake = fakeServer({ ...start, version: 3, current_step: 'verify-connection' });
    renderStepper();
    expect(await screen.findByText(/changed on another phone or tab/)).toBeTruthy();
    expect(await screen.findByText('Screen of verify-connection')).toBeTruthy();
    // Sent at most once, on its old version: refused, so the other phone's state stands.
    expect(fake.patches.every((patch) => (patch as { version: number }).version === 1)).toBe(true);
    expect(fake.current()).toMatchObject({ version: 3, step_states: {} });
    await vi.waitFor(() => expect(readSaved()?.pending).toEqual([]));
  });

  it('shows the offline notice while the phone is offline, keeps the change on the phone, and sends it once back', async () => {
    const start = activationOf();
    writeSaved(savedOf(start));
    const fake = fakeServer(start);
    renderStepper();
    await screen.findByText('Screen of power-on-device');
    await vi.waitFor(() => expect(fake.tokens.length).toBeGreaterThan(0));

    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(await screen.findByText(OFFLINE_NOTICE)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Finish power-on-device' }));
    expect(await screen.findByText('Screen of verify-connection')).toBeTruthy();
    expect(fake.patches).toHaveLength(0);
    expect(readSaved()?.pending).toHaveLength(1);
    // issue 31 item 2: offline → syncing → up to date, each said.
    expect(
      screen.getByText('Saved on this phone. It will be sent to the portal when the connection is back.'),
    ).toBeTruthy();

    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await vi.waitFor(() => expect(fake.current().current_step).toBe('verify-connection'));
    expect(screen.queryByText(OFFLINE_NOTICE)).toBeNull();
    await vi.waitFor(() => expect(readSaved()?.pending).toHaveLength(0));
    expect(await screen.findByText('Up to date: what you did while offline has reached the portal.')).toBeTruthy();
  });

  it('without an activation on this phone, says so and links to the serial number', async () => {
    renderStepper();
    expect(await screen.findByText('No activation is in progress on this phone.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Enter a serial number' }).getAttribute('href')).toBe('/activation');
  });

  it('an activation abandoned on another phone says so, and keeps nothing of this phone’s', async () => {
    const start = activationOf();
    writeSaved(savedOf(start));
    const fake = fakeServer({ ...start, status: 'abandoned', version: 2 });
    renderStepper();
    expect(await screen.findByText(/was started over or abandoned/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start again' }).getAttribute('href')).toBe('/activation');
    expect(fake.patches).toHaveLength(0);
  });

  it('complete-activation: what waits on the phone is sent first, then one complete call; the screen says what the server did', async () => {
    const start = activationOf({
      current_step: 'device-testing',
      step_states: {
        'power-on-device': {
          status: 'done',
          summary: 'The device answered',
          data: {},
          updated_at: '2026-11-27T21:01:00Z',
        },
      },
    });
    // Device testing finished offline: it waits on the phone, at the completion step already.
    writeSaved({
      ...savedOf({ ...start, current_step: 'complete-activation' }),
      pending: [
        {
          step: 'device-testing',
          step_state: { status: 'done', summary: 'Tests: 1 passed', data: {} },
          current_step: 'complete-activation',
        },
      ],
    });
    const fake = fakeServer(start);
    const completes: unknown[] = [];
    server.use(
      answer(endpoints.activations.complete, ({ body }) => {
        completes.push({ body, sentAfter: fake.patches.length });
        const record = fake.current();
        if (body.version !== record.version) return refused(409, { detail: 'stale' });
        return {
          ...record,
          version: record.version + 1,
          status: 'completed',
          completed_at: '2026-11-27T21:30:00.000Z',
          step_states: {
            ...record.step_states,
            'complete-activation': {
              status: 'done',
              summary: 'Activated: the unit is active in the device cloud; Installed; still in Service Mode',
              data: {
                activated_now: true,
                activated: true,
                installed: true,
                device_state: 'active',
                service_mode: true,
                installed_for: null,
                vehicle: null,
              },
              updated_at: '2026-11-27T21:30:00.000Z',
            },
          },
        };
      }),
      answer(endpoints.devices.devicePurchasingCheck, {
        results: [{ ...dr5400, activated: true, device_state: 'active' }],
      }),
    );
    renderStepper({ 'complete-activation': CompleteActivationStep });
    expect(await screen.findByText(/The unit is then activated and recorded as installed/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Complete activation' }));

    expect(await screen.findByText('10230000235 is activated and installed.')).toBeTruthy();
    expect(
      screen.getByText('Activated: the unit is active in the device cloud; Installed; still in Service Mode.'),
    ).toBeTruthy();
    expect(screen.getByText('Activation complete')).toBeTruthy();
    // The waiting change went first, on version 1; the completion named the version it made.
    expect(fake.patches).toHaveLength(1);
    expect(completes).toEqual([
      { body: { version: 2, exit_service_mode: false, iccid_last_digits: '0235' }, sentAfter: 1 },
    ]);
    await vi.waitFor(() => expect(readSaved()).toMatchObject({ pending: [], activation: { status: 'completed' } }));
    // The unit as the device cloud has it now, asked again after the completion.
    await vi.waitFor(() => expect(readSaved()?.device?.activated).toBe(true));
  });

  it('a completion whose unit the server did not activate says so, not "activated"', async () => {
    const start = activationOf({
      activation_type: 'purchase-subscription',
      steps: ['purchase-plan', 'complete-activation'],
    });
    const completed = activationOf({
      ...start,
      current_step: 'complete-activation',
      status: 'completed',
      step_states: {
        'complete-activation': {
          status: 'done',
          summary: 'Not activated; Installed; still in Service Mode',
          data: {
            activated_now: false,
            activated: false,
            installed: true,
            device_state: 'new',
            service_mode: true,
            installed_for: null,
            vehicle: null,
          },
          updated_at: '2026-11-27T21:30:00.000Z',
        },
      },
    });
    writeSaved(savedOf(completed));
    fakeServer(completed);
    renderStepper({ 'complete-activation': CompleteActivationStep });
    expect(await screen.findByText('10230000235 is installed, but not activated.')).toBeTruthy();
    expect(screen.queryByText(/is activated and installed/)).toBeNull();
  });

  it('Start over asks first, then restarts on the server: back to the first step, every step’s progress cleared', async () => {
    const start = activationOf({
      current_step: 'device-testing',
      step_states: {
        'power-on-device': {
          status: 'done',
          summary: 'The device answered',
          data: {},
          updated_at: '2026-11-27T21:01:00Z',
        },
        'verify-connection': { status: 'done', summary: 'Signal good', data: {}, updated_at: '2026-11-27T21:02:00Z' },
      },
    });
    writeSaved(savedOf(start));
    const fake = fakeServer(start);
    const restarts: unknown[] = [];
    server.use(
      answer(endpoints.activations.restart, ({ body }) => {
        restarts.push(body);
        return {
          ...fake.current(),
          version: fake.current().version + 1,
          current_step: 'power-on-device',
          step_states: {},
        };
      }),
      answer(endpoints.devices.devicePurchasingCheck, { results: [dr5400] }),
    );
    renderStepper();
    expect(await screen.findByText('Step 3 of 4')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(screen.getByText(/every step’s progress is cleared/)).toBeTruthy();
    // Not yet: keeping going changes nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Keep going' }));
    expect(restarts).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Start over' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, start over' }));
    expect(await screen.findByText('Screen of power-on-device')).toBeTruthy();
    expect(screen.getByText('Step 1 of 4')).toBeTruthy();
    expect(restarts).toEqual([{ version: 1, advanced: true, iccid_last_digits: '0235' }]);
    await vi.waitFor(() => expect(screen.queryByText(/every step’s progress is cleared/)).toBeNull());
    await vi.waitFor(() =>
      expect(readSaved()).toMatchObject({
        pending: [],
        activation: { version: 2, current_step: 'power-on-device', step_states: {} },
      }),
    );
  });

  // The step lists of the types no browser journey walks: what the stepper shows is the contracts' list.
  it.each<[ActivationType, string]>([
    ['service-device', 'Power on the device'],
    ['verizon-sim', 'Power on the device'],
    ['purchase-subscription', 'Plan'],
  ])('%s: its steps, in order, from the first (%s)', async (type, first) => {
    const steps = activationSteps(type, {
      is_keylocker_present: true,
      controller: 'CM7300',
      hasHardwire: false,
      plan: null,
    });
    const start = activationOf({ activation_type: type, steps, current_step: steps[0]! });
    writeSaved(savedOf(start));
    fakeServer(start);
    renderStepper({});
    expect(await screen.findByRole('heading', { name: first, level: 2 })).toBeTruthy();
    expect(screen.getByText(`Step 1 of ${steps.length}`)).toBeTruthy();
    const listed = [...document.querySelectorAll('.activation-steps li')].map((li) => li.firstChild?.textContent);
    expect(listed).toEqual(steps.map((step) => ACTIVATION_STEP_TITLES[step]));
    if (type === 'service-device') {
      // A unit already installed: no car, plan, reward or welcome; its settings and tests, then completion.
      expect(steps).toEqual([
        'power-on-device',
        'verify-connection',
        'check-firmware',
        'reset-keylocker-pairing',
        'controller-option-tables',
        'keylocker-mode',
        'keylocker-option-tables',
        'keylocker-poc-pic',
        'keylocker-pin-codes',
        'system-settings',
        'device-configuration',
        'device-testing',
        'complete-activation',
      ]);
    }
    if (type === 'verizon-sim')
      expect(steps).toEqual([
        'power-on-device',
        'verify-connection',
        'device-testing',
        'purchase-plan',
        'complete-activation',
      ]);
    if (type === 'purchase-subscription') expect(steps).toEqual(['purchase-plan', 'complete-activation']);
  });
});
