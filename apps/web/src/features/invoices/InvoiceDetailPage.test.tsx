import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { endpoints } from '@portal/contracts/endpoints/index';
import { BILLING_TEXTS, type InvoiceDetail } from '@portal/contracts/billing';
import { owner } from '../../test/fixtures.ts';
import { answer, refused, signedInAs, type Reply } from '../../test/handlers.ts';
import { renderRoutes } from '../../test/render.tsx';
import { sentRequests, server } from '../../test/server.ts';
import InvoicesPage from './InvoicesPage.tsx';
import { invoiceDetail, invoiceId, memoId } from './testFixtures.ts';

function serve(reply: Reply<typeof endpoints.billing.invoice>) {
  server.use(signedInAs(owner), answer(endpoints.billing.invoice, reply));
}

const renderPage = (path: string) => renderRoutes([{ path: '/invoice/:id?', Component: InvoicesPage }], path);

afterEach(() => vi.restoreAllMocks());

describe('/invoice/{id} (spec 02 §3 invoice, §4 early-pay discount)', () => {
  it('shows the facts, lines, sums, the discount while it holds, and Pay this invoice', async () => {
    const detail = invoiceDetail(5, { discount: true });
    serve(detail);
    renderPage(`/invoice/${invoiceId(5)}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice INV-200005' })).toBeTruthy();
    expect(sentRequests().find((r) => r.path === endpoints.billing.invoice.path)?.body).toEqual({ id: invoiceId(5) });
    const facts = document.querySelector('.ledger-facts')!.textContent;
    expect(facts).toMatch(
      /^Invoice date03\/05\/2026Due date04\/05\/2026BusinessNorthside Auto Sound \(C100234\)OrderSO-100005Bill to.*PO Box 2210.*Ship to.*1200 Main St/,
    );
    // The seller's letterhead is there for paper (issue 27 §11).
    expect(document.querySelector('.print-letterhead')!.textContent).toContain('Northwind Vehicle Systems, Inc.');
    expect(screen.getByRole('link', { name: 'SO-100005' }).getAttribute('href')).toBe(`/order/${detail.order!.id}`);
    // 2 % of $500.00, until the tenth day (create_date + 10 − 1).
    expect(screen.getByText('2 % off ($10.00) if paid by 03/14/2026')).toBeTruthy();

    const items = screen.getByRole('region', { name: 'Items' });
    expect(within(items).getAllByRole('row')[1]!.textContent).toBe(
      'Northwind X1234 Remote StartNW-RS-X12342$200.00$400.00',
    );
    expect(items.querySelector('dl')!.textContent).toBe(
      'Subtotal$400.00Shipping$75.00Tax$25.00Invoice total$500.00Paid$0.00Discount taken$0.00Open$500.00Payoff today$490.00',
    );
    expect(screen.getByRole('link', { name: 'Pay this invoice' }).getAttribute('href')).toBe(
      `/invoice-payment?ids=${invoiceId(5)}`,
    );
    expect(within(screen.getByRole('region', { name: 'Payments' })).getByText('No payments yet.')).toBeTruthy();
  });

  it('lists the payments with who paid (a rep for the dealer) and the credit memos drawn on it', async () => {
    const detail: InvoiceDetail = {
      ...invoiceDetail(2),
      status: 'paid',
      isPaid: true,
      paid_against_invoice: { amount: 19_600 },
      discount_taken: { amount: 400 },
      open_amount: { amount: 0 },
      payoffAmount: { amount: 0 },
      payments: [
        {
          receiptNumber: 'RCT-500001',
          date: '2026-03-06',
          amount: { amount: 14_600 },
          credit: { amount: 5_000 },
          discount: { amount: 400 },
          method: 'Visa **** 4242',
          paidBy: { name: 'Tessa Morales', actingFor: 'Gary Lindqvist' },
        },
      ],
      creditMemos: [{ id: memoId(1), number: 'CM-300001' }],
    };
    serve(detail);
    renderPage(`/invoice/${invoiceId(2)}`);

    const payments = await screen.findByRole('region', { name: 'Payments' });
    expect(within(payments).getAllByRole('row')[1]!.textContent).toBe(
      'RCT-50000103/06/2026$146.00$50.00$4.00Visa **** 4242Tessa Morales for Gary Lindqvist',
    );
    expect(screen.getByText(/Early-pay discount taken: \$4\.00/)).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Credit memos applied' }))
        .getByRole('link', { name: 'CM-300001' })
        .getAttribute('href'),
    ).toBe(`/credit-memo/${memoId(1)}`);
    // Paid: nothing to pay.
    expect(screen.queryByRole('link', { name: 'Pay this invoice' })).toBeNull();
  });

  it('after the window, says when the discount ended', async () => {
    serve(invoiceDetail(3, { status: 'pastDue' }));
    renderPage(`/invoice/${invoiceId(3)}`);
    expect(
      await screen.findByText('The early-pay discount (2 % if paid within 10 days) ended on 03/12/2026.'),
    ).toBeTruthy();
  });

  it('Print / save as PDF opens the browser’s print', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    serve(invoiceDetail(1));
    renderPage(`/invoice/${invoiceId(1)}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Print / save as PDF' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('another business’s invoice (404), or an id that is none, is not found', async () => {
    serve(refused(404, { detail: BILLING_TEXTS.invoiceNotFound }));
    renderPage(`/invoice/${invoiceId(9)}`);
    expect(await screen.findByRole('heading', { level: 1, name: BILLING_TEXTS.invoiceNotFound })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Invoices' }).getAttribute('href')).toBe('/invoice');
  });

  it('an id that is not one is not asked for', async () => {
    serve(invoiceDetail(1));
    renderPage('/invoice/not-an-id');
    expect(await screen.findByRole('heading', { level: 1, name: BILLING_TEXTS.invoiceNotFound })).toBeTruthy();
    expect(sentRequests().some((r) => r.path === endpoints.billing.invoice.path)).toBe(false);
  });
});
