import type { PaymentMethodRow } from './repo.ts';

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** How a dealer reads a method on an order or a receipt: 'Visa **** 4242', 'Bank account **** 6789'. */
export const paymentLabelOf = (row: Pick<PaymentMethodRow, 'type' | 'brand' | 'last4'>) =>
  row.type === 'CARD' ? `${BRAND_NAMES[row.brand] ?? 'Card'} **** ${row.last4}` : `Bank account **** ${row.last4}`;
