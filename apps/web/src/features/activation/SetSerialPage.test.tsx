import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DEVICE_TEXTS } from '@portal/contracts/devices';
import { endpoints } from '@portal/contracts/endpoints/index';
import { messages } from '@portal/contracts/messages';
import { REFUSAL_CODES } from '@portal/contracts/refusals';
import { anonymousSession, answer, refused } from '../../test/handlers.ts';
import { server, sentRequests } from '../../test/server.ts';
import { DEVICE_NOT_FOUND_TEXT } from './deviceCheckProblem.ts';
import { readSaved, writeSaved } from './flowState.ts';
import SetSerialPage from './SetSerialPage.tsx';
import { activationOf, dr5400, savedOf } from './testFixtures.ts';

function renderPage() {
  server.use(answer(endpoints.session.get, anonymousSession));
  const router = createMemoryRouter(
    [
      { path: '/activation', Component: SetSerialPage },
      { path: '/activation/select-activation-type', element: <h1>Types</h1> },
      { path: '/activation/device', element: <h1>Stepper</h1> },
    ],
    { initialEntries: ['/activation'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const serialInput = () => screen.getByLabelText('Device ID (serial number)') as HTMLInputElement;
const iccidInput = () => screen.getByLabelText('Last 4 digits of the ICCID') as HTMLInputElement;
const check = () => fireEvent.click(screen.getByRole('button', { name: 'Check device' }));

describe('/activation Set Serial Number (issue 29 §1)', () => {
  it('asks for both fields, with the placeholder and where to read the ICCID', async () => {
    renderPage();
    expect(serialInput().placeholder).toBe('e.g. 10230000234');
    expect(screen.getByText(/under the bar code marked ICCID/)).toBeTruthy();
    check();
    expect(await screen.findByText(messages.requiredField)).toBeTruthy();
    expect(screen.getByText(DEVICE_TEXTS.proofRequired)).toBeTruthy();
    expect(sentRequests().some((r) => r.path === '/api/iot/device-check')).toBe(false);
  });

  it('upper-cases the serial as it is typed and keeps letters and digits only', () => {
    renderPage();
    fireEvent.input(serialInput(), { target: { value: 'ab-12 c' } });
    expect(serialInput().value).toBe('AB12C');
    fireEvent.input(iccidInput(), { target: { value: '02x345' } });
    expect(iccidInput().value).toBe('0234');
  });

  it.each([
    [REFUSAL_CODES.NOT_IN_SERVICE_MODE, 422, DEVICE_TEXTS.notInServiceMode],
    [REFUSAL_CODES.DEVICE_NOT_FOUND, 404, DEVICE_NOT_FOUND_TEXT],
    [REFUSAL_CODES.INVALID_INSTALLER_ACCOUNT, 403, DEVICE_TEXTS.invalidInstallerAccount],
    [REFUSAL_CODES.DEVICE_PROOF_WRONG, 403, DEVICE_TEXTS.proofWrong],
    [REFUSAL_CODES.DEVICE_PROOF_LIMITED, 429, DEVICE_TEXTS.proofLimited],
  ] as const)('says the device check’s %s in words', async (code, status, text) => {
    server.use(answer(endpoints.devices.deviceCheck, refused(status, { detail: 'server words', code })));
    renderPage();
    fireEvent.input(serialInput(), { target: { value: '10230000250' } });
    fireEvent.input(iccidInput(), { target: { value: '0250' } });
    check();
    expect(await screen.findByText(text)).toBeTruthy();
    expect(readSaved()).toBeNull();
  });

  it('a checked device goes on to the type selection with its facts and proof kept', async () => {
    server.use(answer(endpoints.devices.deviceCheck, { results: [dr5400] }));
    const router = renderPage();
    fireEvent.input(serialInput(), { target: { value: '10230000235' } });
    fireEvent.input(iccidInput(), { target: { value: '0235' } });
    check();
    expect(await screen.findByRole('heading', { name: 'Types' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/activation/select-activation-type');
    expect(sentRequests().find((r) => r.path === '/api/iot/device-check')?.body).toEqual({
      device_key: '10230000235',
      iccid_last_digits: '0235',
    });
    expect(readSaved()).toMatchObject({ device_key: '10230000235', proof: '0235', device: { product: 'DR5400' } });
  });

  it('offers to resume the activation kept on this phone', async () => {
    writeSaved(savedOf(activationOf({ current_step: 'verify-connection' })));
    server.use(answer(endpoints.activations.list, { results: [] }));
    const router = renderPage();
    expect(await screen.findByRole('heading', { name: 'Activation in progress' })).toBeTruthy();
    expect(screen.getByText(/step 2 of/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    expect(await screen.findByRole('heading', { name: 'Stepper' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/activation/device');
  });

  it('start over abandons the open activation and forgets it', async () => {
    writeSaved(savedOf(activationOf()));
    server.use(
      answer(endpoints.activations.list, { results: [] }),
      answer(endpoints.activations.abandon, { detail: 'Abandoned.' }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Start over' }));
    await screen.findByRole('button', { name: 'Check device' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('heading', { name: 'Activation in progress' })).toBeNull();
    expect(readSaved()).toBeNull();
    expect(sentRequests().some((r) => r.method === 'DELETE' && r.path === '/api/activations/act-1')).toBe(true);
  });
});
