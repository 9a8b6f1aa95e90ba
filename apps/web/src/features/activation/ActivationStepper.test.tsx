import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ACTIVATION_TOKEN_HEADER, type Activation } from '@portal/contracts/activation';
import { endpoints } from '@portal/contracts/endpoints/index';
import { backHandlerStore } from '../../lib/backTarget.ts';
import { answer, refused } from '../../test/handlers.ts';
import { server } from '../../test/server.ts';
import { ActivationStepper } from './ActivateDevicePage.tsx';
import { OFFLINE_NOTICE } from './DeviceStatusBar.tsx';
import { readSaved, writeSaved } from './flowState.ts';
import type { StepRegistry } from './registry.ts';
import type { StepProps } from './steps/types.ts';
import { activationOf, savedOf } from './testFixtures.ts';

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

function renderStepper() {
  const router = createMemoryRouter(
    [
      { path: '/activation/device', element: <ActivationStepper registry={registry} /> },
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

    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await vi.waitFor(() => expect(fake.current().current_step).toBe('verify-connection'));
    expect(screen.queryByText(OFFLINE_NOTICE)).toBeNull();
    await vi.waitFor(() => expect(readSaved()?.pending).toHaveLength(0));
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
});
