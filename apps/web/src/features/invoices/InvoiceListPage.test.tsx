import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints } from '@portal/contracts/endpoints/index';
import { BILLING_TEXTS, type InvoiceConnection, type InvoiceListRequest } from '@portal/contracts/billing';
import type { PortalUser } from '@portal/contracts/permissions';
import { accountant, insideRep, installer, owner } from '../../test/fixtures.ts';
import { answer, signedInAs } from '../../test/handlers.ts';
import { renderRoutes } from '../../test/render.tsx';
import { sentRequests, server } from '../../test/server.ts';
import { choose, typeInto } from '../../test/events.ts';
import InvoicesPage from './InvoicesPage.tsx';
import { connection, invoice, invoiceId } from './testFixtures.ts';

const LIST = endpoints.billing.invoices.path;

/** The server: this user's session, and the list answered by `list` from the request's body. */
function serve(user: PortalUser, list: (body: InvoiceListRequest) => InvoiceConnection, business = true) {
  server.use(
    signedInAs(user, business),
    answer(endpoints.billing.invoices, ({ body }) => list(body)),
  );
}

const renderPage = (path = '/invoice') =>
  renderRoutes(
    [
      { path: '/invoice/:id?', Component: InvoicesPage },
      { path: '/invoice-payment', Component: () => <h1>Pay Invoices</h1> },
    ],
    path,
  ).router;

const listBodies = () =>
  sentRequests()
    .filter((request) => request.path === LIST)
    .map((request) => request.body as InvoiceListRequest);
const table = () => screen.getByRole('table');
const rows = () => within(within(table()).getAllByRole('rowgroup')[1]!).getAllByRole('row');

afterEach(() => vi.restoreAllMocks());

describe('/invoice: who may see it (spec 01 §6)', () => {
  it('an installer is told Billing is not theirs, and nothing is asked', async () => {
    serve(installer, () => connection([]));
    renderPage();
    const heading = await screen.findByRole('heading', { level: 2, name: /Billing is for the business’s owner/ });
    // Said once: the paragraph under it does not repeat the heading (issue 27 §12).
    expect(heading.nextElementSibling!.textContent).not.toContain(heading.textContent!);
    expect(listBodies()).toEqual([]);
  });

  it('a sales rep without a business is asked to select one', async () => {
    serve(insideRep, () => connection([]), false);
    renderPage();
    expect(await screen.findByText(BILLING_TEXTS.selectBusiness)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Select Business' })).toBeTruthy();
    expect(listBodies()).toEqual([]);
  });

  it('with no invoices yet, says how they come', async () => {
    serve(accountant, () => connection([]));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No invoices yet' })).toBeTruthy();
    expect(screen.getByText(/Invoices appear here when you buy on terms/)).toBeTruthy();
  });
});

describe('/invoice: the list (spec 02 §9: table page 10; 10, 30, 60, 100)', () => {
  it('asks 10 newest first and shows each invoice, its status, sums and the totals row', async () => {
    serve(owner, () => ({
      ...connection(
        [
          invoice(5, { discount: true }),
          invoice(4, { status: 'pastDue' }),
          invoice(3, { status: 'paid', isPaid: true, open_amount: { amount: 0 }, payoffAmount: { amount: 0 } }),
        ],
        3,
      ),
      totals: { invoice_total: { amount: 120_000 }, open_amount: { amount: 90_000 } },
    }));
    renderPage();
    expect((await screen.findByText('3 invoices')).getAttribute('role')).toBe('status');
    expect(listBodies()).toEqual([{ first: 10, sort: 'create_date', direction: 'desc' }]);
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['', 'Invoice #', 'Date▼', 'Due date↕', 'Status', 'Order', 'Total', 'Paid', 'Open', 'Payoff today']);
    expect(rows().map((row) => row.textContent)).toEqual([
      'INV-20000503/05/202604/05/2026OpenSO-100005$500.00$0.00$500.00$490.00$10.00 off until 03/14/2026',
      'INV-20000403/04/202604/04/2026Past dueSO-100004$400.00$0.00$400.00$400.00',
      'INV-20000303/03/202604/03/2026PaidSO-100003$300.00$300.00$0.00$0.00',
    ]);
    expect(within(rows()[0]!).getByRole('link', { name: 'INV-200005' }).getAttribute('href')).toBe(
      `/invoice/${invoiceId(5)}`,
    );
    expect(within(rows()[0]!).getByRole('link', { name: 'SO-100005' }).getAttribute('href')).toMatch(/^\/order\//);
    // A paid invoice can not be chosen for payment.
    expect(within(rows()[2]!).queryByRole('checkbox')).toBeNull();
    const foot = within(table()).getAllByRole('rowgroup')[2]!;
    expect(foot.textContent).toBe('Totals of 3 invoices$1,200.00$900.00');
    // Cells say what they are when the table becomes cards on a phone.
    expect(within(rows()[1]!).getByText('Past due').closest('td')!.dataset.label).toBe('Status');
  });

  it('Next asks after the page’s cursor, Previous shows the first page again; a page size starts over', async () => {
    const first = Array.from({ length: 10 }, (_, i) => invoice(25 - i));
    const second = Array.from({ length: 10 }, (_, i) => invoice(15 - i));
    serve(owner, (body) =>
      body.after === 'cursor-page-2'
        ? connection(second, 25, 'cursor-page-3')
        : body.first === 30
          ? connection([...first, ...second], 25)
          : connection(first, 25, 'cursor-page-2'),
    );
    const router = renderPage();
    expect(await screen.findByText('1–10 of 25')).toBeTruthy();
    expect(screen.getByText(/page 1 of 3/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(rows()[0]!.textContent).toContain('INV-200015'));
    expect(screen.getByText('11–20 of 25')).toBeTruthy();
    expect(listBodies().at(-1)).toEqual({ first: 10, after: 'cursor-page-2', sort: 'create_date', direction: 'desc' });

    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(rows()[0]!.textContent).toContain('INV-200025'));
    // The first page came from the cache: no third call.
    expect(listBodies()).toHaveLength(2);

    choose(screen.getByLabelText('Rows per page'), '30');
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(listBodies().at(-1)).toEqual({ first: 30, sort: 'create_date', direction: 'desc' });
    expect(router.state.location.search).toBe('?size=30');
    expect(screen.getByText('1–20 of 25')).toBeTruthy();
  });

  it('sorts from the headers (aria-sort) and the Sort by choice, each sent and kept in the address', async () => {
    serve(owner, () => connection([invoice(2), invoice(1)]));
    const router = renderPage();
    await screen.findByText('2 invoices');
    const dateHeader = () => screen.getByRole('columnheader', { name: /^Date/ });
    const dueHeader = () => screen.getByRole('columnheader', { name: /^Due date/ });
    expect(dateHeader().getAttribute('aria-sort')).toBe('descending');
    expect(dueHeader().getAttribute('aria-sort')).toBeNull();

    fireEvent.click(within(dueHeader()).getByRole('button'));
    await waitFor(() => expect(listBodies().at(-1)).toEqual({ first: 10, sort: 'due_date', direction: 'desc' }));
    expect(dueHeader().getAttribute('aria-sort')).toBe('descending');
    expect(router.state.location.search).toBe('?sort=due_date');

    fireEvent.click(within(dueHeader()).getByRole('button'));
    await waitFor(() => expect(listBodies().at(-1)).toEqual({ first: 10, sort: 'due_date', direction: 'asc' }));
    expect(dueHeader().getAttribute('aria-sort')).toBe('ascending');

    choose(screen.getByLabelText('Sort by'), 'create_date:asc');
    await waitFor(() => expect(listBodies().at(-1)).toEqual({ first: 10, sort: 'create_date', direction: 'asc' }));
    expect(router.state.location.search).toBe('?dir=asc');
  });

  it('filters by status at once, days and number with Apply; unpaid is both open and past due', async () => {
    serve(owner, (body) => connection(body.status === 'pastDue' ? [invoice(4, { status: 'pastDue' })] : [invoice(5)]));
    const router = renderPage();
    await screen.findByText('1 invoice');

    choose(screen.getByLabelText('Status'), 'pastDue');
    await waitFor(() =>
      expect(listBodies().at(-1)).toEqual({ first: 10, status: 'pastDue', sort: 'create_date', direction: 'desc' }),
    );
    expect(router.state.location.search).toBe('?status=pastDue');

    typeInto(screen.getByLabelText('From'), '2026-03-01');
    typeInto(screen.getByLabelText('To'), '2026-03-31');
    typeInto(screen.getByLabelText('Invoice, order or PO number'), ' INV-2000 ');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(listBodies().at(-1)).toEqual({
        first: 10,
        status: 'pastDue',
        from: '2026-03-01',
        to: '2026-03-31',
        search: 'INV-2000',
        sort: 'create_date',
        direction: 'desc',
      }),
    );

    choose(screen.getByLabelText('Status'), 'unpaid');
    await waitFor(() => expect(listBodies().at(-1)).toMatchObject({ unpaid: true }));
    expect(listBodies().at(-1)).not.toHaveProperty('status');
  });

  it('an end day before the start day is refused with the contract’s words; nothing is asked', async () => {
    serve(owner, () => connection([invoice(1)]));
    renderPage();
    await screen.findByText('1 invoice');
    typeInto(screen.getByLabelText('From'), '2026-03-10');
    typeInto(screen.getByLabelText('To'), '2026-03-01');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(BILLING_TEXTS.dayOrder)).toBeTruthy();
    expect(listBodies()).toHaveLength(1);
  });

  it('with filters that match nothing, offers to clear them', async () => {
    serve(owner, (body) => connection(body.search ? [] : [invoice(1)]));
    const router = renderPage('/invoice?q=NOPE');
    expect(await screen.findByText('No invoices match these filters.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('1 invoice')).toBeTruthy();
  });

  it('invoices chosen on several pages go to the payment screen together', async () => {
    serve(owner, (body) =>
      body.after
        ? connection([invoice(1), invoice(2, { status: 'pastDue' })], 4)
        : connection([invoice(4), invoice(3)], 4, 'c2'),
    );
    const router = renderPage();
    await screen.findByText('4 invoices');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose INV-200004 for payment' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('checkbox', { name: 'Choose INV-200002 for payment' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose every unpaid invoice on this page' }));
    expect(screen.getByText('3 invoices chosen')).toBeTruthy();
    expect(screen.getByText(/\$700\.00 to pay them off today/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Pay selected' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoice-payment'));
    expect(new URLSearchParams(router.state.location.search).get('ids')).toBe(
      [invoiceId(4), invoiceId(1), invoiceId(2)].join(','),
    );
  });
});

describe('/invoice: CSV export', () => {
  it('asks every page of the filtered list 100 at a time and downloads them as CSV', async () => {
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:invoices';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const all = Array.from({ length: 150 }, (_, i) =>
      invoice((i % 28) + 1, { id: invoiceId(i + 1), number: `INV-${300000 + i}` }),
    );
    serve(owner, (body) => {
      if (body.first === 10) return connection(all.slice(0, 10), 150, 'c10');
      return body.after === 'c100' ? connection(all.slice(100), 150) : connection(all.slice(0, 100), 150, 'c100');
    });
    renderPage('/invoice?status=open&from=2026-03-01');
    await screen.findByText('150 invoices');

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toMatch(/^invoices-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(listBodies().slice(1)).toEqual([
      { first: 100, status: 'open', from: '2026-03-01', sort: 'create_date', direction: 'desc' },
      { first: 100, after: 'c100', status: 'open', from: '2026-03-01', sort: 'create_date', direction: 'desc' },
    ]);
    const csv = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(created[0]!);
    });
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Number,Date,Due date,Status,Total,Paid,Open,Payoff');
    expect(lines[1]).toBe('INV-300000,2026-03-01,2026-04-01,Open,100.00,0.00,100.00,100.00');
    expect(lines).toHaveLength(152); // header, 150 rows, and the last line's end
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });
});
