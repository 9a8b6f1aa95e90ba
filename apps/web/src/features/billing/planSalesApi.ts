import { queryOptions } from '@tanstack/react-query';
import type { PlanSale } from '@portal/contracts';
import type { Endpoints, QueryOf } from '@portal/contracts/endpoints/index';
import { routes } from '@portal/contracts/endpoints/routes';
import { toIsoDay } from '@portal/contracts/format';
import { call } from '../../lib/api.ts';
import { plainDecimal, toCsv } from '../../lib/csv.ts';

type SalesEndpoint = Endpoints['subscriptions']['sales'];
export type PlanSalesQuery = NonNullable<QueryOf<SalesEndpoint>>;

/** GET /api/plan-sales (issue 30 item 3). */
const salesRoute = routes.subscriptions.sales;

/** The business's plan purchases, newest first, between two days (YYYY-MM-DD, UTC start to end of day). */
export const planSalesQuery = (sapBpCode: string, query: PlanSalesQuery) =>
  queryOptions({
    queryKey: ['plan-sales', sapBpCode, query],
    queryFn: ({ signal }) => call(salesRoute, { query, signal }),
  });

/** The most the call answers at once (spec 02 §9: pages of at most 100). */
const FETCH_PAGE = 100;

/** Every sale of the filters, 100 at a time, for the CSV. */
export async function fetchAllPlanSales(
  filters: Pick<PlanSalesQuery, 'from_date' | 'to_date'>,
  onProgress: (done: number, total: number) => void,
): Promise<PlanSale[]> {
  const rows: PlanSale[] = [];
  for (;;) {
    const page = await call(salesRoute, { query: { ...filters, limit: FETCH_PAGE, offset: rows.length } });
    rows.push(...page.results);
    onProgress(rows.length, page.count);
    if (page.results.length === 0 || rows.length >= page.count) return rows;
  }
}

/** The report's columns (spec 02 §3: transaction_id, final_charge, subtotal, sales_tax), then the day and devices. */
export const PLAN_SALES_CSV_HEADER = ['transaction_id', 'final_charge', 'subtotal', 'sales_tax', 'date', 'devices'];

/** The plan sales as a CSV file: money as plain decimals of the sale's currency, the day as YYYY-MM-DD (UTC). */
export function planSalesCsv(sales: readonly PlanSale[]): string {
  return toCsv(
    PLAN_SALES_CSV_HEADER,
    sales.map((sale) => [
      sale.transaction_id ?? '',
      plainDecimal(sale.final_charge),
      plainDecimal(sale.subtotal),
      plainDecimal(sale.sales_tax),
      toIsoDay(sale.created),
      sale.devices.join(' '),
    ]),
  );
}
