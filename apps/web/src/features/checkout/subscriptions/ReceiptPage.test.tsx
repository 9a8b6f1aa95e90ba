import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { endpoints } from '@portal/contracts/endpoints/index';
import { formatDate } from '@portal/contracts/format';
import { SUBSCRIPTION_TEXTS } from '@portal/contracts/subscriptions';
import { purchaser } from '../../../test/fixtures.ts';
import { answer, refused, signedInAs } from '../../../test/handlers.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { sentRequests, server } from '../../../test/server.ts';
import ReceiptPage from './ReceiptPage.tsx';
import { DEVICE_A, DEVICE_B, receipt, RECEIPT_UUID } from './testFixtures.ts';

const PATH = '/cart/checkout/subscriptions/complete';

function serve() {
  server.use(
    signedInAs(purchaser),
    answer(endpoints.subscriptions.receipt, ({ params }) =>
      params.uuid === RECEIPT_UUID ? receipt : refused(404, { detail: SUBSCRIPTION_TEXTS.receiptNotFound }),
    ),
  );
}
const renderAt = (search: string) => renderRoutes([{ path: PATH, Component: ReceiptPage }], `${PATH}${search}`);

describe('/cart/checkout/subscriptions/complete: Order Complete (issue 30 item 3)', () => {
  it('shows the receipt of the uuid in the address: each device’s new plan and when it ends, totals, transaction, who paid and how', async () => {
    serve();
    renderAt(`?uuid=${RECEIPT_UUID}`);
    expect(await screen.findByText('ch_test_3PqL9x')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Order Complete' })).toBeTruthy();
    expect(screen.getAllByText('PS-100045').length).toBeGreaterThan(0);
    expect(screen.getByText('Gary Lindqvist')).toBeTruthy();
    expect(screen.getByText('Visa **** 4242')).toBeTruthy();

    const devices = screen.getByRole('region', { name: 'Devices' });
    const items = within(devices).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Premium, 2 years');
    expect(items[0]!.textContent).toContain(`Expires ${formatDate('2028-11-28T00:00:00.000Z')}`);
    expect(
      within(devices)
        .getByRole('link', { name: `Device ${DEVICE_A}` })
        .getAttribute('href'),
    ).toBe(`/devices/${DEVICE_A}`);
    expect(within(devices).getByRole('link', { name: `Device ${DEVICE_B}` })).toBeTruthy();
    expect(devices.querySelector('dl.purchase-totals')!.textContent).toBe(
      'Subtotal$539.98Credit for unused time−$20.00Tax$33.80Total$553.78',
    );
    expect(screen.getByRole('link', { name: 'Pricing plans' }).getAttribute('href')).toBe('/subscriptions');
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    expect(sentRequests().some((r) => r.path === `/api/payments/${RECEIPT_UUID}`)).toBe(true);
  });

  it('a receipt that is not the business’s says so and points to Billing', async () => {
    serve();
    renderAt('?uuid=88888888-8888-4888-8888-888888888888');
    expect(await screen.findByRole('heading', { name: SUBSCRIPTION_TEXTS.receiptNotFound })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Billing' }).getAttribute('href')).toBe('/billing');
  });

  it('without a uuid, asks for nothing and points to Billing', async () => {
    serve();
    renderAt('');
    expect(await screen.findByRole('heading', { name: 'No receipt to show' })).toBeTruthy();
    expect(sentRequests().some((r) => r.path.startsWith('/api/payments'))).toBe(false);
  });
});
