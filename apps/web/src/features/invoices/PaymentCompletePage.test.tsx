import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderInRouter } from '../../test/render.tsx';
import { WEB_STORAGE_KEYS, storage } from '../../lib/storage.ts';
import PaymentCompletePage from './PaymentCompletePage.tsx';
import { readReceipt, saveReceipt } from './receipt.ts';
import { invoiceId, memoId, receipt } from './testFixtures.ts';

const renderPage = () => renderInRouter(<PaymentCompletePage />, '/invoice-payment/complete');

describe('/invoice-payment/complete: the receipt (issue 19 item 3)', () => {
  it('shows the stored receipt: number, who paid, the invoices, credit, discount, charge and the new balance', () => {
    saveReceipt(receipt);
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Complete' })).toBeTruthy();
    expect(document.querySelector('.confirmation-thanks dl')!.textContent).toBe(
      'Receipt numberRCT-500001Date03/06/2026ForNorthside Auto Sound (C100234)Paid byTessa Morales for Gary LindqvistMethodVisa **** 4242',
    );
    expect(screen.getByText('A copy of this receipt is on its way by e-mail.')).toBeTruthy();
    const paid = screen.getByRole('region', { name: 'Invoices paid' });
    expect(
      within(within(paid).getByRole('table'))
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['INV-200002$196.00$4.00Paid in full', 'INV-200003$100.00$0.00Partly paid']);
    expect(within(paid).getByRole('link', { name: 'INV-200002' }).getAttribute('href')).toBe(
      `/invoice/${invoiceId(2)}`,
    );
    expect(within(paid).getByRole('link', { name: 'CM-300001' }).getAttribute('href')).toBe(
      `/credit-memo/${memoId(1)}`,
    );
    expect(paid.querySelector('dl')!.textContent).toBe(
      'Paid on 2 invoices$296.00Early-pay discount taken$4.00Credit applied$50.00Charged$246.00Account balance now$4,224.00',
    );
    expect(screen.getByRole('link', { name: 'Back to invoices' }).getAttribute('href')).toBe('/invoice');
    expect(screen.getByRole('link', { name: 'Billing' }).getAttribute('href')).toBe('/billing');
  });

  it('survives a reload: the receipt is read back from local storage', () => {
    saveReceipt(receipt);
    expect(readReceipt()).toEqual(receipt);
    renderPage();
    expect(screen.getAllByText('RCT-500001').length).toBeGreaterThan(0);
  });

  it('without a stored receipt, or with one that is not, points to the invoices', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'No recent payment to show' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Invoices' }).getAttribute('href')).toBe('/invoice');
    window.localStorage.setItem(WEB_STORAGE_KEYS.invoiceReceipt, '{"number":1');
    expect(readReceipt()).toBeNull();
  });

  it('is cleared with the portal’s other keys at sign-out', () => {
    saveReceipt(receipt);
    storage.clearPortalKeys();
    expect(window.localStorage.getItem(WEB_STORAGE_KEYS.invoiceReceipt)).toBeNull();
  });
});
