import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints } from '@portal/contracts/endpoints/index';
import { ORDER_TEXTS, type OrderConnection, type OrderListRequest } from '@portal/contracts/orders';
import type { PortalUser } from '@portal/contracts/permissions';
import { insideRep, installer, owner } from '../../test/fixtures.ts';
import { answer, outage, signedInAs } from '../../test/handlers.ts';
import { renderRoutes } from '../../test/render.tsx';
import { sentRequests, server } from '../../test/server.ts';
import { choose, typeInto } from '../../test/events.ts';
import MyOrdersPage from './MyOrdersPage.tsx';
import { ORDERS_PAGE_TEXTS } from './orderTexts.ts';
import { connection, summary } from './testFixtures.ts';

const LIST = endpoints.orders.list.path;

/** The server: this user's session, and the list answered by `list` from the request's body. */
function serve(user: PortalUser, list: (body: OrderListRequest) => OrderConnection, business = true) {
  server.use(
    signedInAs(user, business),
    answer(endpoints.orders.list, ({ body }) => list(body)),
  );
}

const renderPage = (path = '/my-orders') =>
  renderRoutes(
    [
      { path: '/my-orders', Component: MyOrdersPage },
      { path: '/order/:id', Component: () => <h1>An order</h1> },
    ],
    path,
  ).router;

/** The bodies of the list calls, in order. */
const listBodies = () =>
  sentRequests()
    .filter((request) => request.path === LIST)
    .map((request) => request.body as OrderListRequest);
const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('/my-orders (spec 02 §2 order list, §9)', () => {
  it('lists the orders newest first, 25 asked, with the count, and each number links to its order', async () => {
    const orders = [
      summary(14, { status: 'placed', poNumber: null }),
      summary(13, { status: 'shipped', placedBy: { name: 'Tessa Morales', actingFor: 'Gary Lindqvist' } }),
    ];
    serve(owner, () => connection(orders, 2));
    renderPage();

    expect((await screen.findByText('2 orders')).getAttribute('role')).toBe('status');
    expect(screen.getByRole('heading', { level: 1, name: 'My Orders' })).toBeTruthy();
    expect(listBodies()).toEqual([{ first: 25 }]);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Order #', 'Date', 'PO number', 'Status', 'Placed by', 'Payment', 'Items', 'Total']);
    expect(rows().map((row) => row.textContent)).toEqual([
      'SO-10001403/14/2026NonePlacedGary LindqvistCash on delivery3$114.00',
      'SO-10001303/13/2026NS-1213ShippedTessa Morales for Gary LindqvistCash on delivery3$113.00',
    ]);
    expect(within(rows()[0]!).getByRole('link', { name: 'SO-100014' }).getAttribute('href')).toBe(
      `/order/${orders[0]!.id}`,
    );
    // Each cell says what it is when the table becomes cards on a phone.
    expect(within(rows()[1]!).getByText('Shipped').closest('td')!.dataset.label).toBe('Status');
  });

  it('a status applies at once; days and a number with Apply; each is sent and kept in the address', async () => {
    serve(owner, (body) =>
      connection(body.status === 'shipped' ? [summary(12, { status: 'shipped' })] : [summary(14)]),
    );
    const router = renderPage();
    await screen.findByText('1 order');

    choose(screen.getByLabelText('Status'), 'shipped');
    await waitFor(() => expect(listBodies().at(-1)).toEqual({ first: 25, status: 'shipped' }));
    expect(router.state.location.search).toBe('?status=shipped');
    await waitFor(() => expect(rows()[0]!.textContent).toContain('SO-100012'));

    typeInto(screen.getByLabelText('From'), '2026-03-01');
    typeInto(screen.getByLabelText('To'), '2026-03-31');
    typeInto(screen.getByLabelText('Order or PO number'), ' NS-12 ');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(listBodies().at(-1)).toEqual({
        first: 25,
        status: 'shipped',
        from: '2026-03-01',
        to: '2026-03-31',
        search: 'NS-12',
      }),
    );
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      status: 'shipped',
      from: '2026-03-01',
      to: '2026-03-31',
      q: 'NS-12',
    });
  });

  it('reads its filters from the address (a reload, back) and shows them in the form', async () => {
    serve(owner, () => connection([summary(3, { status: 'cancelled' })]));
    renderPage('/my-orders?status=cancelled&from=2026-01-01&to=2025-12-01&q=SO-1000&junk=1');
    await screen.findByText('1 order');
    // An end before the start is left out (it matches nothing); the rest is sent as read.
    expect(listBodies()).toEqual([{ first: 25, status: 'cancelled', from: '2026-01-01', search: 'SO-1000' }]);
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('cancelled');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-01-01');
    expect((screen.getByLabelText('Order or PO number') as HTMLInputElement).value).toBe('SO-1000');
  });

  it('an end day before the start day is refused in the form, with the server’s words; nothing is asked', async () => {
    serve(owner, () => connection([summary(1)]));
    renderPage();
    await screen.findByText('1 order');
    typeInto(screen.getByLabelText('From'), '2026-03-10');
    typeInto(screen.getByLabelText('To'), '2026-03-01');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(ORDER_TEXTS.dayOrder)).toBeTruthy();
    expect(listBodies()).toHaveLength(1);
  });

  it('Load more asks after the last page’s cursor and adds its orders below', async () => {
    const first = Array.from({ length: 25 }, (_, i) => summary(30 - i));
    const second = [summary(5), summary(4)];
    serve(owner, (body) =>
      body.after === 'cursor-SO-100006' ? connection(second, 27) : connection(first, 27, 'cursor-SO-100006'),
    );
    renderPage();
    expect(await screen.findByText('27 orders · showing 25')).toBeTruthy();
    expect(rows()).toHaveLength(25);

    fireEvent.click(screen.getByRole('button', { name: 'Load more orders' }));
    await waitFor(() => expect(rows()).toHaveLength(27));
    expect(listBodies()).toEqual([{ first: 25 }, { first: 25, after: 'cursor-SO-100006' }]);
    expect(rows()[26]!.textContent).toContain('SO-100004');
    expect(document.querySelector('.orders-count')!.textContent).toBe('27 orders');
    expect(screen.queryByRole('button', { name: 'Load more orders' })).toBeNull();
  });

  it('no orders at all: says so and points to the catalog', async () => {
    serve(owner, () => connection([]));
    renderPage();
    expect(await screen.findByText(ORDERS_PAGE_TEXTS.noOrdersYet)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Search the catalog' }).getAttribute('href')).toBe('/search');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('no order matches the filters: says so; Clear filters asks for all of them again', async () => {
    serve(owner, (body) => connection(body.search ? [] : [summary(2), summary(1)]));
    const router = renderPage('/my-orders?q=NOPE');
    expect(await screen.findByText(ORDERS_PAGE_TEXTS.noMatch)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Clear filters' })).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await screen.findByText('2 orders');
    expect(router.state.location.search).toBe('');
    expect(listBodies().at(-1)).toEqual({ first: 25 });
    expect((screen.getByLabelText('Order or PO number') as HTMLInputElement).value).toBe('');
  });

  it('a failed list offers to ask again', async () => {
    server.use(
      signedInAs(owner),
      answer(endpoints.orders.list, () => outage(500)),
    );
    renderPage();
    expect(await screen.findByText('We couldn’t load your orders.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('without purchasing rights: says why and never asks for orders (spec 01 §6)', async () => {
    serve(installer, () => connection([summary(1)]));
    renderPage();
    expect(await screen.findByText(ORDER_TEXTS.noOrders)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(listBodies()).toHaveLength(0);
  });

  it('a sales rep without a selected business is asked to select one', async () => {
    serve(insideRep, () => connection([summary(1)]), false);
    renderPage();
    expect(await screen.findByText(ORDER_TEXTS.selectBusiness)).toBeTruthy();
    expect(listBodies()).toHaveLength(0);
  });
});
