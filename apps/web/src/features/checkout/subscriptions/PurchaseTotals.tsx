import type { Purchase } from '@portal/contracts';
import { formatPlanMoney } from '../../plans/index.ts';
import '../../../components/order/order.css';

/** The labels of spec 02 §3 purchase totals (subtotal base_amount, currencyDiscount, tax base_tax, currentTotal). */
export const TOTAL_LABELS = {
  subtotal: 'Subtotal',
  credit: 'Credit for unused time',
  tax: 'Tax',
  total: 'Total',
} as const;

/** Subtotal, the credit for the unused terms, tax and total of a plan purchase, in its currency (en-US: $269.99, CA$366.99). */
export function PurchaseTotals({ purchase }: { purchase: Purchase }) {
  const money = (cents: number) => formatPlanMoney(cents, purchase.currency);
  return (
    <dl className="order-totals purchase-totals">
      <dt>{TOTAL_LABELS.subtotal}</dt>
      <dd>{money(purchase.base_amount)}</dd>
      <dt>{TOTAL_LABELS.credit}</dt>
      <dd>{purchase.currency_discount === 0 ? money(0) : `−${money(purchase.currency_discount)}`}</dd>
      <dt>{TOTAL_LABELS.tax}</dt>
      <dd>{money(purchase.base_tax)}</dd>
      <dt className="order-total">{TOTAL_LABELS.total}</dt>
      <dd className="order-total">{money(purchase.final_charge)}</dd>
    </dl>
  );
}
