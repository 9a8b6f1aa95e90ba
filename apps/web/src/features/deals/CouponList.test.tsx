import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Coupon } from '@portal/contracts';
import { CouponList } from './CouponList.tsx';

const coupons: Coupon[] = [
  {
    id: '1',
    code: 'WINTER10',
    title: '10% off ArcticStart',
    description: 'Ten percent off every ArcticStart remote starter.',
    kind: 'percent',
    value: 10,
    minSubtotalCents: null,
    brand: { name: 'ArcticStart', slug: 'arcticstart' },
    endsAt: '2026-06-30T12:00:00.000Z',
  },
  {
    id: '2',
    code: 'BULK50',
    title: '$50 off orders of $1,000 or more',
    description: 'Fifty dollars off.',
    kind: 'amount',
    value: 5000,
    minSubtotalCents: 100_000,
    brand: null,
    endsAt: '2026-07-15T12:00:00.000Z',
  },
];

const renderList = (list: Coupon[] | undefined) =>
  render(
    <MemoryRouter>
      <CouponList coupons={list} />
    </MemoryRouter>,
  );
const card = (code: string) => screen.getByText(code).closest('article')!;

function mockClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('CouponList', () => {
  it('shows code, what it gives, minimum subtotal, brand and end date (MM/DD/YYYY)', () => {
    renderList(coupons);
    const winter = within(card('WINTER10'));
    expect(winter.getByText('10% off')).toBeTruthy();
    expect(winter.getByRole('heading', { name: '10% off ArcticStart' })).toBeTruthy();
    expect(winter.getByRole('link', { name: 'ArcticStart' }).getAttribute('href')).toBe('/search?b=arcticstart');
    expect(winter.getByText('06/30/2026')).toBeTruthy();
    expect(winter.queryByText('Minimum subtotal')).toBeNull();

    const bulk = within(card('BULK50'));
    expect(bulk.getByText('$50.00 off')).toBeTruthy();
    expect(bulk.getByText('Minimum subtotal').nextElementSibling?.textContent).toBe('$1,000.00');
    expect(bulk.queryByText('Brand')).toBeNull();
  });

  it('copies a code and confirms it in a polite status region', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    mockClipboard(writeText);
    renderList(coupons);
    const status = within(card('BULK50')).getByRole('status');
    expect(status.textContent).toBe('');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Copy code BULK50' })));
    expect(writeText).toHaveBeenCalledWith('BULK50');
    await waitFor(() => expect(status.textContent).toBe('Copied BULK50 to the clipboard.'));
    expect(within(card('WINTER10')).getByRole('status').textContent).toBe('');
  });

  it('when the clipboard refuses, says so and selects the code to copy by hand', async () => {
    mockClipboard(() => Promise.reject(new Error('denied')));
    document.execCommand = vi.fn(() => false);
    renderList(coupons);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Copy code WINTER10' })));
    await waitFor(() =>
      expect(within(card('WINTER10')).getByRole('status').textContent).toBe(
        'Couldn’t copy. Select WINTER10 and copy it.',
      ),
    );
    expect(window.getSelection()?.toString()).toBe('WINTER10');
  });

  it('shows placeholders while loading', () => {
    renderList(undefined);
    expect(screen.getByRole('list', { name: 'Coupon codes' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
