import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { endpoints } from '@portal/contracts/endpoints/index';
import type { VehicleInfo } from '@portal/contracts';
import { messages } from '@portal/contracts/messages';
import { alerts, alertStore } from '../../components/alerts.ts';
import { answer, outage, refused, type Reply } from '../../test/handlers.ts';
import { server } from '../../test/server.ts';
import { VehicleSearchForm } from './VehicleSearchForm.tsx';
import { choose } from '../../test/events.ts';

const camry: VehicleInfo = {
  id: 'v1',
  year: 2019,
  make: { id: 'toyota', name: 'Toyota', value: 'toyota' },
  model: { id: 'camry', name: 'Camry', value: 'camry' },
  description: 'Hood pin required.',
  vehicle_description: null,
  vehicle_documents: [],
  mirrors_vehicle: null,
  image: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  t_harnesses: [],
  wiring_categories: [],
  instruction_categories: [],
  productSkus: ['FT-1'],
  guides: [],
  hasExternalWiring: false,
  variants: [],
};

/** Our server, as far as the form talks to it; `vin` answers the VIN decoder's call. */
function serve(vin: Reply<typeof endpoints.vehicles.decodeVin>, info: VehicleInfo = camry, failModels = false) {
  server.use(
    answer(endpoints.vehicles.decodeVin, vin),
    answer(endpoints.vehicles.vehicleInfo, info),
    answer(endpoints.vehicles.yearMakeModel, ({ body }) => {
      if (failModels && body.makeId) return outage(500);
      return {
        results: body.makeId
          ? [{ id: 'camry', name: 'Camry', value: 'camry' }]
          : [{ id: 'toyota', name: 'Toyota', value: 'toyota' }],
      };
    }),
  );
}

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/wiring', element: <VehicleSearchForm /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/wiring'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const alertTexts = () => alertStore.get().flatMap((a) => a.content);

describe('vehicle search form (spec 01 §4, §5, §8)', () => {
  afterEach(() => alerts.clear());

  it('says VIN search is unavailable when the decoder answers 503, and keeps the VIN', async () => {
    serve(refused(503, { detail: messages.vinUnavailable }));
    const router = renderForm();
    fireEvent.input(screen.getByPlaceholderText('Enter VIN'), { target: { value: ' 4t1b11hk1ku213547 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(alertTexts()).toEqual([messages.vinUnavailable]));
    expect(router.state.location.pathname).toBe('/wiring');
    expect(screen.getByPlaceholderText('Enter VIN')).toHaveProperty('value', ' 4T1B11HK1KU213547 ');
  });

  it('says the same on a 503 without a body (the message is ours, not the server’s)', async () => {
    serve(outage(503));
    renderForm();
    fireEvent.input(screen.getByPlaceholderText('Enter VIN'), { target: { value: '4T1B11HK1KU213547' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(alertTexts()).toEqual([messages.vinUnavailable]));
  });

  it('matches the VIN’s make and model by name in any case, then opens the vehicle slide', async () => {
    serve({ ModelYear: '2019', Make: 'TOYOTA', Model: 'camry' });
    const router = renderForm();
    fireEvent.input(screen.getByPlaceholderText('Enter VIN'), { target: { value: '4T1B11HK1KU213547' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?vehicle=2019,toyota,camry&slide=vehicle'));
    expect(alertTexts()).toEqual([]);
  });

  it("answers 'No data available…' for a vehicle without data and restores the form", async () => {
    serve(
      { ModelYear: '2019', Make: 'Toyota', Model: 'Camry' },
      {
        ...camry,
        productSkus: [],
        description: null,
      },
    );
    const router = renderForm();
    fireEvent.input(screen.getByPlaceholderText('Enter VIN'), { target: { value: '4T1B11HK1KU213547' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(alertTexts()).toEqual([messages.noVehicleData]));
    expect(router.state.location.pathname).toBe('/wiring');
  });

  it('a VIN answer the catalog does not know is a VIN not found', async () => {
    serve({ ModelYear: '2019', Make: 'Tesla', Model: 'Model 3' });
    renderForm();
    fireEvent.input(screen.getByPlaceholderText('Enter VIN'), { target: { value: '5YJ3E1EA7KF000001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(alertTexts()).toEqual([messages.vinNotFound]));
  });

  it('a failed model load shows the generic message and clears the make (spec 01 §8)', async () => {
    serve(outage(503), camry, true);
    renderForm();
    choose(screen.getByLabelText('Select Year'), '2019');
    await waitFor(() => expect(screen.getByLabelText('Select Make')).toHaveProperty('disabled', false));
    choose(screen.getByLabelText('Select Make'), 'toyota');
    await waitFor(() => expect(alertTexts()).toEqual([messages.unexpected]));
    expect(screen.getByLabelText('Select Make')).toHaveProperty('value', '');
    expect(screen.getByRole('button', { name: 'Search' })).toHaveProperty('disabled', true);
  });
});
