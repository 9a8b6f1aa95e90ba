import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PlanSale } from '@portal/contracts';
import { endpoints } from '@portal/contracts/endpoints/index';
import { formatDate } from '@portal/contracts/format';
import { choose, typeInto } from '../../test/events.ts';
import { owner } from '../../test/fixtures.ts';
import { answer, signedInAs } from '../../test/handlers.ts';
import { renderInRouter } from '../../test/render.tsx';
import { sentRequests, server } from '../../test/server.ts';
import { PlanSalesSection } from './PlanSalesSection.tsx';
import { PLAN_SALES_CSV_HEADER } from './planSalesApi.ts';

const sale = (i: number): PlanSale => ({
  uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  number: `PS-${100000 + i}`,
  created: `2026-11-${String((i % 28) + 1).padStart(2, '0')}T15:00:00.000Z`,
  transaction_id: `ch_test_${i}`,
  currency: 'USD',
  final_charge: 28754,
  subtotal: 26999,
  sales_tax: 1755,
  credit: 0,
  devices: [`1023000${String(i).padStart(4, '0')}`],
  paid_by: 'Gary Lindqvist',
});

const ALL = Array.from({ length: 25 }, (_, i) => sale(i + 1));

/** The server's plan sales: `ALL` paged by limit and offset (filters are only recorded). */
function serve(sales: PlanSale[] = ALL) {
  server.use(
    signedInAs(owner),
    answer(endpoints.subscriptions.sales, ({ query }) => {
      const limit = Number(query.limit ?? 10);
      const offset = Number(query.offset ?? 0);
      return {
        results: sales.slice(offset, offset + limit),
        count: sales.length,
        totals: {
          final_charge: 28754 * sales.length,
          subtotal: 26999 * sales.length,
          sales_tax: 1755 * sales.length,
        },
      };
    }),
  );
}

const asked = () =>
  sentRequests()
    .filter((r) => r.path.startsWith('/api/plan-sales'))
    .map((r) => Object.fromEntries(new URL(r.path, 'http://x').searchParams));

const renderSection = () => renderInRouter(<PlanSalesSection sapBpCode="C100234" />, '/billing');

afterEach(() => vi.restoreAllMocks());

describe('/billing: plan sales (issue 30 item 3)', () => {
  it('lists a page of 10 with the report’s columns, the totals, and pages on', async () => {
    serve();
    renderSection();
    expect(await screen.findByText('25 sales')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Plan sales' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(11);
    expect(rows[0]!.textContent).toBe('Transaction idDateDevicesSubtotalSales taxTotal');
    expect(rows[1]!.textContent).toBe(`ch_test_1${formatDate(ALL[0]!.created)}10230000001$269.99$17.55$287.54`);
    expect(within(rows[1]!).getByRole('link', { name: 'ch_test_1' }).getAttribute('href')).toBe(
      `/cart/checkout/subscriptions/complete?uuid=${ALL[0]!.uuid}`,
    );
    const totals = screen.getByLabelText('Totals');
    expect(totals.textContent).toBe('Subtotal$6,749.75Sales tax$438.75Total charged$7,188.50');

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('ch_test_11');
    expect(asked().at(-1)).toEqual({ limit: '10', offset: '10' });

    choose(screen.getByLabelText('Rows per page'), '30');
    await screen.findByText('ch_test_25');
    expect(asked().at(-1)).toEqual({ limit: '30', offset: '0' });
  });

  it('filters by days sent as YYYY-MM-DD, and Clear filters shows all again', async () => {
    serve();
    renderSection();
    await screen.findByText('25 sales');
    typeInto(screen.getByLabelText('From'), '2026-11-01');
    typeInto(screen.getByLabelText('To'), '2026-11-15');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(asked().at(-1)).toEqual({ from_date: '2026-11-01', to_date: '2026-11-15', limit: '10', offset: '0' }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(asked().at(-1)).toEqual({ limit: '10', offset: '0' }));
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('');
  });

  it('exports every sale of the filters as CSV with the report’s columns', async () => {
    const created: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        created.push(blob);
        return 'blob:plan-sales';
      }),
      revokeObjectURL: vi.fn(),
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    serve();
    renderSection();
    await screen.findByText('25 sales');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toMatch(/^plan-sales-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(asked().at(-1)).toEqual({ limit: '100', offset: '0' });
    const csv = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(created[0]!);
    });
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(PLAN_SALES_CSV_HEADER.join(','));
    expect(lines[0]).toBe('transaction_id,final_charge,subtotal,sales_tax,date,devices');
    expect(lines[1]).toBe('ch_test_1,287.54,269.99,17.55,2026-11-02,10230000001');
    expect(lines).toHaveLength(27);
  });

  it('none yet: says how a sale comes', async () => {
    serve([]);
    renderSection();
    expect(await screen.findByText(/No plan sales yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose a plan for a device' }).getAttribute('href')).toBe(
      '/subscriptions',
    );
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
