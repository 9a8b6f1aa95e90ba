import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints } from '@portal/contracts/endpoints/index';
import type { LastCheckout } from '@portal/contracts';
import { formatDate, formatDateTime } from '@portal/contracts/format';
import { ORDER_TEXTS, type Order } from '@portal/contracts/orders';
import type { PortalUser } from '@portal/contracts/permissions';
import { installer, owner } from '../../test/fixtures.ts';
import { answer, refused, signedInAs } from '../../test/handlers.ts';
import { renderRoutes } from '../../test/render.tsx';
import { sentRequests, server } from '../../test/server.ts';
import OrderPage from './OrderPage.tsx';
import { ORDERS_PAGE_TEXTS } from './orderTexts.ts';
import { cartAfterReorder, shippedOrder } from './testFixtures.ts';

const BY_ID = endpoints.orders.byId.path;
const REORDER = endpoints.orders.reorder.path;

function serve(user: PortalUser, order: Order | null = shippedOrder) {
  server.use(
    signedInAs(user),
    answer(endpoints.orders.byId, async ({ request }) => {
      const { id } = (await request.json()) as { id: string };
      return order && id === order.id ? order : refused(404, { detail: ORDER_TEXTS.notFound });
    }),
  );
}

const renderPage = (path: string) =>
  renderRoutes(
    [
      { path: '/order/:id?', Component: OrderPage },
      { path: '/my-orders', Component: () => <h1>My Orders list</h1> },
    ],
    path,
  );

const calls = (path: string) => sentRequests().filter((request) => request.path === path);
const region = (name: string) => screen.getByRole('region', { name });

describe('/order/{id} (spec 02 §2 order detail, §3 Order)', () => {
  it('shows the order: number, status, who placed it, addresses, tracking, lines at the prices paid, totals, history', async () => {
    serve(owner);
    renderPage(`/order/${shippedOrder.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Order SO-100012' })).toBeTruthy();
    expect(calls(BY_ID).map((request) => request.body)).toEqual([{ id: shippedOrder.id }]);
    expect(screen.getByRole('heading', { level: 1 }).closest('header')!.textContent).toContain('Shipped');
    expect(screen.getByText('Placed by Tessa Morales for Gary Lindqvist')).toBeTruthy();
    const facts = screen.getByText('PO number').closest('dl')!;
    expect(facts.textContent).toBe(
      `Date${formatDate(shippedOrder.created)}PO numberNS-1290BusinessNorthside Auto Sound (C100234)Contactinsiderep@demo.test`,
    );

    const shipping = region('Shipping');
    expect(shipping.textContent).toContain('1450 Commerce Ave');
    expect(shipping.textContent).toContain('Columbus, OH 43215');
    expect(shipping.textContent).toContain('MethodUPS 2nd Day Air');
    expect(shipping.textContent).not.toContain('B2B-');
    expect(shipping.textContent).toContain('CarrierUPS');
    const tracking = within(shipping).getByRole('link', { name: /^1ZA7R4630212345675/ });
    expect(tracking.getAttribute('href')).toBe('https://www.ups.com/track?tracknum=1ZA7R4630212345675');
    expect(tracking.getAttribute('target')).toBe('_blank');
    expect(tracking.getAttribute('rel')).toContain('noopener');

    const billing = region('Payment');
    expect(billing.textContent).toContain('On account (terms)');
    expect(billing.textContent).toContain('PO Box 2210');

    const items = region('Items');
    const lines = within(within(items).getByRole('table')).getAllByRole('row').slice(1);
    expect(lines.map((row) => row.textContent)).toEqual([
      'Northwind X1234 Remote StartNW-RS-X12342$199.99$399.98',
      'Northwind Old RelayBackordered: ships when back in stockNW-OLD-11$25.00$25.00',
    ]);
    // A product still sold links to its page; one that is gone does not.
    expect(within(lines[0]!).getByRole('link', { name: 'Northwind X1234 Remote Start' }).getAttribute('href')).toBe(
      '/product/NW-RS-X1234',
    );
    expect(within(lines[1]!).queryByRole('link')).toBeNull();
    expect(items.querySelector('dl')!.textContent).toBe(
      'Subtotal$424.98Shipping (UPS 2nd Day Air)$45.00TaxTax exemptTotal$469.98',
    );

    const history = within(region('Status history')).getAllByRole('listitem');
    expect(history.map((item) => item.textContent)).toEqual([
      `Placed ${formatDateTime('2026-03-12T15:04:00.000Z')}`,
      `Processing ${formatDateTime('2026-03-12T19:00:00.000Z')}`,
      `Shipped ${formatDateTime('2026-03-13T14:30:00.000Z')}Left the warehouse.`,
    ]);
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    await waitFor(() => expect(document.title).toMatch(/^Order SO-100012 \|/));
  });

  it('an order not yet shipped shows no carrier or tracking number', async () => {
    serve(owner, { ...shippedOrder, status: 'processing', statusHistory: shippedOrder.statusHistory.slice(0, 2) });
    renderPage(`/order/${shippedOrder.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Order SO-100012' });
    expect(region('Shipping').textContent).not.toContain('Tracking number');
    expect(region('Shipping').textContent).not.toContain('Carrier');
  });

  it('Reorder puts the lines back in the cart, says what was added and why each other line was not', async () => {
    serve(owner);
    server.use(
      answer(endpoints.orders.reorder, () => ({
        checkout: cartAfterReorder,
        added: ['NW-RS-X1234'],
        notAdded: [{ sku: 'NW-OLD-1', name: 'Northwind Old Relay', reason: 'notSold', detail: ORDER_TEXTS.notSold }],
      })),
    );
    const { queryClient } = renderPage(`/order/${shippedOrder.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Reorder' }));

    const refused = await screen.findByRole('alert');
    expect(refused.textContent).toBe(
      `${ORDERS_PAGE_TEXTS.reorderNotAdded}Northwind Old Relay (NW-OLD-1): ${ORDER_TEXTS.notSold}`,
    );
    const added = screen.getAllByRole('status').find((element) => element.classList.contains('reorder-outcome'))!;
    expect(added.textContent).toContain(`${ORDERS_PAGE_TEXTS.reorderAdded} 1 product.`);
    expect(added.textContent).toContain('Northwind X1234 Remote Start (NW-RS-X1234)');
    expect(within(added).getByRole('link', { name: 'View cart' }).getAttribute('href')).toBe('/cart');
    expect(calls(REORDER).map((request) => request.body)).toEqual([{ id: shippedOrder.id }]);
    // The badge reads the open cart: it is the reorder's answer at once.
    const cart = queryClient.getQueryData<LastCheckout>(['cart', ['u-owner', 'C100234']]);
    expect(cart?.checkout?.quantity).toBe(2);
  });

  it('an order of another business (or none) is not found, with the way to My Orders', async () => {
    serve(owner, null);
    renderPage(`/order/${shippedOrder.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: ORDER_TEXTS.notFound })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to My Orders' }).getAttribute('href')).toBe('/my-orders');
  });

  it('an id that is not one is not found without asking', async () => {
    serve(owner);
    renderPage('/order/SO-100012');
    expect(await screen.findByRole('heading', { level: 1, name: ORDER_TEXTS.notFound })).toBeTruthy();
    expect(calls(BY_ID)).toHaveLength(0);
  });

  it('/order without an id goes to My Orders', async () => {
    serve(owner);
    const { router } = renderPage('/order');
    expect(await screen.findByRole('heading', { name: 'My Orders list' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/my-orders');
  });

  it('without purchasing rights: says why, asks nothing and offers no Reorder', async () => {
    serve(installer);
    renderPage(`/order/${shippedOrder.id}`);
    expect(await screen.findByText(ORDER_TEXTS.noOrders)).toBeTruthy();
    expect(calls(BY_ID)).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Reorder' })).toBeNull();
  });
});
