import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderInRouter } from '../../test/render.tsx';
import { STORAGE_KEYS } from '@portal/contracts/constants';
import { formatDate } from '@portal/contracts/format';
import OrderCompletePage from './OrderCompletePage.tsx';
import { completed } from './testFixtures.ts';

const renderPage = () => renderInRouter(<OrderCompletePage />, '/cart/checkout/products/complete');

describe('/cart/checkout/products/complete: Order Complete (spec 02 §2, spec 01 §9)', () => {
  it('shows the stored confirmation: number, date, lines, where it goes, how it was paid, totals', () => {
    window.localStorage.setItem(STORAGE_KEYS.checkoutConfirmation, JSON.stringify(completed));
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Order Complete' })).toBeTruthy();
    expect(screen.getAllByText('SO-100123').length).toBeGreaterThan(0);
    expect(screen.getByText(formatDate(completed.order.created))).toBeTruthy();

    const items = screen.getByRole('region', { name: 'Items' });
    const rows = within(within(items).getByRole('table')).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      'Northwind X1234 Remote StartNW-RS-X12341$199.99$199.99',
      'Northwind S200 Bypass ModuleNW-BP-S2002$49.50$99.00',
    ]);
    expect(items.querySelector('dl')!.textContent).toBe(
      'Subtotal$298.99Shipping (UPS Ground)$15.00TaxTax exemptTotal$313.99',
    );

    const shipping = screen.getByRole('region', { name: 'Shipping' });
    expect(shipping.textContent).toContain('1450 Commerce Ave');
    expect(shipping.textContent).toContain('Columbus, OH 43215');
    expect(shipping.textContent).toContain('UPS Ground');
    expect(shipping.textContent).not.toContain('B2B-');

    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(payment.textContent).toContain('Cash on delivery');
    expect(payment.textContent).toContain('PO-7781');

    expect(screen.getByRole('link', { name: 'View order' }).getAttribute('href')).toBe(`/order/${completed.order.id}`);
    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/search');
  });

  it('without a stored confirmation, points to My Orders', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'No recent order to show' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My Orders' }).getAttribute('href')).toBe('/my-orders');
  });

  it('a stored value that is not a confirmation counts as none', () => {
    window.localStorage.setItem(STORAGE_KEYS.checkoutConfirmation, '{"order":{"number":1}');
    renderPage();
    expect(screen.getByRole('heading', { name: 'No recent order to show' })).toBeTruthy();
  });
});
