import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { Outlet } from 'react-router';
import { endpoints } from '@portal/contracts/endpoints/index';
import { DEVICE_TEXTS, type InstalledDevice } from '@portal/contracts/devices';
import type { DeviceHistoryEntry } from '@portal/contracts/devices';
import type { Activation } from '@portal/contracts/activation';
import { answer, refused } from '../../test/handlers.ts';
import { sentRequests, server } from '../../test/server.ts';
import { insideRep, installer, owner, sessionOf } from '../../test/fixtures.ts';
import { typeInto } from '../../test/events.ts';
import { renderRoutes } from '../../test/render.tsx';
import DevicesPage from './DevicesPage.tsx';
import DeviceHistoryPage from './DeviceHistoryPage.tsx';

const northside = { id: 'bp-ns', companyName: 'Northside Auto Sound' };
const device: InstalledDevice = {
  device_key: '10230000240',
  product: 'FT-X2',
  plan: { name: 'Premium', duration: '1_year', started_at: '2026-01-10T00:00:00.000Z', expires_at: null },
  device_state: 'active',
  service_mode: false,
  installed_at: '2026-01-10T15:00:00.000Z',
  installed_by: { id: 'u-purchaser', name: 'Priya Patel' },
  business: northside,
  vehicle: { vin: '4T1B11HK1KU213547', year: 2019, make: 'Toyota', model: 'Camry' },
};

// Inside the layout's main landmark, as the default layout renders every page.
const routes = [
  {
    Component: () => (
      <main>
        <Outlet />
      </main>
    ),
    children: [
      { path: '/devices', Component: DevicesPage },
      { path: '/devices/:key', Component: DeviceHistoryPage },
      { path: '/activation', Component: () => <h1>Set Serial Number</h1> },
    ],
  },
];

const noAxeViolations = async () => {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
};

describe('/devices (issue 29 §5)', () => {
  it('with no device installed yet, says so and what to do next: activate a device', async () => {
    server.use(
      answer(endpoints.session.get, sessionOf(owner)),
      answer(endpoints.devices.list, { results: [], count: 0 }),
    );
    renderRoutes(routes, '/devices');
    expect(await screen.findByRole('heading', { name: 'No devices installed yet' }, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText(/once it is activated and installed for Northside Auto Sound/)).toBeTruthy();
    const activate = screen.getByRole('link', { name: 'Activate a device' });
    expect(activate.getAttribute('href')).toBe('/activation');
    await noAxeViolations();
  });

  it('lists the business’s devices with their facts and car, and searches by serial or VIN', async () => {
    server.use(
      answer(endpoints.session.get, sessionOf(installer)),
      answer(endpoints.devices.list, ({ query }) =>
        !query.q || device.vehicle!.vin!.endsWith(String(query.q)) || device.device_key.startsWith(String(query.q))
          ? { results: [device], count: 1 }
          : { results: [], count: 0 },
      ),
    );
    renderRoutes(routes, '/devices');
    const link = await screen.findByRole('link', { name: '10230000240' });
    expect(link.getAttribute('href')).toBe('/devices/10230000240');
    expect(screen.getByText('Premium, 1 year')).toBeTruthy();
    expect(screen.getByText('2019 Toyota Camry')).toBeTruthy();
    expect(screen.getByText('VIN 4T1B11HK1KU213547')).toBeTruthy();
    await noAxeViolations();

    typeInto(screen.getByLabelText(/^Serial number or VIN/), 'ku213547');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(sentRequests().some((r) => r.path.startsWith('/api/devices?') && r.path.includes('q=KU213547'))).toBe(
        true,
      ),
    );

    typeInto(screen.getByLabelText(/^Serial number or VIN/), '99999');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(/No device of Northside Auto Sound matches 99999/)).toBeTruthy();
  });

  it('refuses a search that is neither a serial nor a VIN before asking', async () => {
    server.use(
      answer(endpoints.session.get, sessionOf(owner)),
      answer(endpoints.devices.list, { results: [device], count: 1 }),
    );
    renderRoutes(routes, '/devices');
    await screen.findByRole('link', { name: '10230000240' });
    typeInto(screen.getByLabelText(/^Serial number or VIN/), '1023-00');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(/Enter a serial number \(digits\) or a VIN/)).toBeTruthy();
  });

  it('a sales rep without a business is told to select one, and the page asks for no devices', async () => {
    server.use(answer(endpoints.session.get, sessionOf(insideRep, false)));
    renderRoutes(routes, '/devices');
    expect(await screen.findByText('Select the business you act for to see its devices.')).toBeTruthy();
    expect(sentRequests().some((r) => r.path.startsWith('/api/devices'))).toBe(false);
  });
});

describe('/devices/:key (issue 29 §5)', () => {
  const at = (minute: number) => `2026-01-10T15:${String(minute).padStart(2, '0')}:00.000Z`;
  const activation: Activation = {
    id: 'a1',
    device_key: '10230000240',
    activation_type: 'new-device',
    steps: ['power-on-device', 'check-firmware', 'complete-activation'],
    current_step: 'complete-activation',
    step_states: {
      'power-on-device': { status: 'done', summary: null, data: {}, updated_at: at(1) },
      'check-firmware': { status: 'done', summary: 'Firmware updated to 2.4.1', data: {}, updated_at: at(5) },
      'complete-activation': { status: 'done', summary: 'Installed', data: {}, updated_at: at(9) },
    },
    advanced: false,
    status: 'completed',
    version: 6,
    user: { id: 'u-purchaser', name: 'Priya Patel' },
    business: northside,
    started_at: at(0),
    updated_at: at(9),
    completed_at: at(9),
  };
  const test: DeviceHistoryEntry = {
    id: 'c1',
    device_key: '10230000240',
    action: 'send-command:remote_start',
    request: { command: 'remote_start' },
    job_id: 'j1',
    status: 'SUCCEEDED',
    answer: { reason: null, result: { engine_running: true } },
    user: { id: 'u-purchaser', name: 'Priya Patel', email: 'purchaser@demo.test' },
    activation_id: null,
    activation_step: null,
    acting_user: null,
    business: northside,
    created_at: at(7),
    finished_at: at(8),
  };

  it('shows the facts, the car and a timeline of activations and commands in words, printable', async () => {
    server.use(
      answer(endpoints.session.get, sessionOf(owner)),
      answer(endpoints.devices.list, { results: [device], count: 1 }),
      answer(endpoints.devices.history, { results: [test] }),
      answer(endpoints.activations.ofDevice, { results: [activation] }),
    );
    renderRoutes(routes, '/devices/10230000240');
    expect(await screen.findByRole('heading', { level: 1, name: 'Device 10230000240' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: /New device activation: Completed/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Remote start: Succeeded/ })).toBeTruthy();
    expect(screen.getByText('Firmware updated to 2.4.1')).toBeTruthy();
    expect(screen.getByText('Result: engine running on')).toBeTruthy();
    expect(await screen.findByText('4T1B11HK1KU213547')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['New device activation: Completed', 'Remote start: Succeeded']);
    await noAxeViolations();
  });

  it('another dealer’s device (404 from the server) shows a not-found state', async () => {
    server.use(
      answer(endpoints.session.get, sessionOf(owner)),
      answer(endpoints.devices.list, { results: [], count: 0 }),
      answer(endpoints.devices.history, refused(404, { detail: DEVICE_TEXTS.deviceNotFound })),
      answer(endpoints.activations.ofDevice, refused(404, { detail: DEVICE_TEXTS.deviceNotFound })),
    );
    renderRoutes(routes, '/devices/10230000280');
    expect(await screen.findByRole('heading', { name: 'Device not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Devices' }).getAttribute('href')).toBe('/devices');
    await noAxeViolations();
  });
});
