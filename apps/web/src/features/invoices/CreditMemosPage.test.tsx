import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { endpoints } from '@portal/contracts/endpoints/index';
import { BILLING_TEXTS, type CreditMemoListRequest } from '@portal/contracts/billing';
import { accountant, installer } from '../../test/fixtures.ts';
import { answer, refused, signedInAs } from '../../test/handlers.ts';
import { renderRoutes } from '../../test/render.tsx';
import { sentRequests, server } from '../../test/server.ts';
import CreditMemosPage from './CreditMemosPage.tsx';
import { invoiceId, memo, memoConnection, memoDetail, memoId } from './testFixtures.ts';

const renderPage = (path: string) =>
  renderRoutes([{ path: '/credit-memo/:id?', Component: CreditMemosPage }], path).router;

const listBodies = () =>
  sentRequests()
    .filter((request) => request.path === endpoints.billing.creditMemos.path)
    .map((request) => request.body as CreditMemoListRequest);

describe('/credit-memo (spec 02 §3 credit memo)', () => {
  it('lists them 10 a page with where each came from; Open only is sent as open', async () => {
    server.use(
      signedInAs(accountant),
      answer(endpoints.billing.creditMemos, () =>
        memoConnection([
          memo(2, { amount_left: { amount: 2_500 }, invoice: null, order: { id: 'o-1', number: 'SO-100007' } }),
          memo(1),
        ]),
      ),
    );
    const router = renderPage('/credit-memo');
    expect(await screen.findByText('2 credit memos')).toBeTruthy();
    expect(listBodies()).toEqual([{ first: 10 }]);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'CM-30000202/02/2026Returned: damaged in transitSO-100007$100.00$25.00',
      'CM-30000102/01/2026Returned: damaged in transitINV-200001$50.00$50.00',
    ]);
    expect(within(rows[1]!).getByRole('link', { name: 'INV-200001' }).getAttribute('href')).toBe(
      `/invoice/${invoiceId(1)}`,
    );

    within(screen.getByRole('search')).getByLabelText('Open only (amount left)').click();
    await waitFor(() => expect(listBodies().at(-1)).toEqual({ first: 10, open: true }));
    expect(router.state.location.search).toBe('?open=1');
  });

  it('an installer is told Billing is not theirs', async () => {
    server.use(signedInAs(installer));
    renderPage('/credit-memo');
    const heading = await screen.findByRole('heading', { level: 2, name: /Billing is for the business’s owner/ });
    // Said once: the paragraph under it does not repeat the heading (issue 27 §12).
    expect(heading.nextElementSibling!.textContent).not.toContain(heading.textContent!);
    expect(listBodies()).toEqual([]);
  });

  it('one credit memo: amount, what is left, why, its source and where it was applied', async () => {
    server.use(
      signedInAs(accountant),
      answer(endpoints.billing.creditMemo, () =>
        memoDetail(3, {
          amount_left: { amount: 5_000 },
          applications: [
            {
              receiptNumber: 'RCT-500001',
              date: '2026-03-06',
              invoice: { id: invoiceId(2), number: 'INV-200002' },
              amount: { amount: 10_000 },
            },
          ],
        }),
      ),
    );
    renderPage(`/credit-memo/${memoId(3)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Credit memo CM-300003' })).toBeTruthy();
    expect(document.querySelector('.ledger-facts')!.textContent).toBe(
      'Date02/03/2026Amount$150.00Left$50.00ReasonReturned: damaged in transitFrom invoiceINV-200001',
    );
    const applied = screen.getByRole('region', { name: 'Applied to' });
    expect(within(applied).getAllByRole('row')[1]!.textContent).toBe('INV-20000203/06/2026RCT-500001$100.00');
  });

  it('another business’s credit memo is not found', async () => {
    server.use(
      signedInAs(accountant),
      answer(endpoints.billing.creditMemo, () => refused(404, { detail: BILLING_TEXTS.creditMemoNotFound })),
    );
    renderPage(`/credit-memo/${memoId(8)}`);
    expect(await screen.findByRole('heading', { level: 1, name: BILLING_TEXTS.creditMemoNotFound })).toBeTruthy();
  });
});
