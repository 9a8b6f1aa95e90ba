// What the subscription checkout tests are answered with: a cart with two plan lines, the mock run's answer for
// them, and the receipt of their purchase (the people: test/fixtures.ts; the ways to pay: ../testFixtures.ts).
import type { Checkout, Purchase, SubscriptionLine } from '@portal/contracts';
import { planPriceCents } from '@portal/contracts/plans';
import { NORTHSIDE } from '../../../test/fixtures.ts';
import { checkout } from '../testFixtures.ts';

export const DEVICE_A = '10230000240';
export const DEVICE_B = '10230000251';

const planLine = (device_key: string, productName: string): SubscriptionLine => ({
  id: `line-${device_key}`,
  device_key,
  productName,
  newPricingPlan: '2_year',
  plan_id: 'premium',
  new_plan_name: 'Premium',
  currency: 'USD',
  price: { cents: planPriceCents('premium', '2_year') },
});

/** Products and two plan lines (Premium for 2 years, $269.99 each). */
export const cartWithPlans: Checkout = {
  ...checkout,
  businessPartner: NORTHSIDE,
  subscriptionLines: [planLine(DEVICE_A, 'FT-X2'), planLine(DEVICE_B, 'DR5400')],
};

/** The mock run of those lines: DEVICE_B has $20.00 of unused Basic; 6.5 % tax. */
export const quoteFor = (devices = [DEVICE_A, DEVICE_B], { total = 0, quote = 'q-1' } = {}): Purchase => {
  const lines = cartWithPlans.subscriptionLines!.filter((line) => devices.includes(line.device_key));
  const base = lines.reduce((sum, line) => sum + line.price.cents, 0);
  const credit = devices.includes(DEVICE_B) ? 2000 : 0;
  const tax = Math.round((base - credit) * 0.065);
  return {
    uuid: null,
    status: 'quote',
    currency: 'USD',
    line_items: lines.map((line) => ({
      device_key: line.device_key,
      productName: line.productName,
      plan_id: line.plan_id,
      new_plan_name: line.new_plan_name,
      newPricingPlan: line.newPricingPlan,
      amount: line.price.cents,
      credit: line.device_key === DEVICE_B ? 2000 : 0,
      expires_at: null,
    })),
    base_amount: base,
    currency_discount: credit,
    base_tax: tax,
    final_charge: total || base - credit + tax,
    quote,
  };
};

export const RECEIPT_UUID = '77777777-7777-4777-8777-777777777777';

/** The receipt of the two lines. */
export const receipt: Purchase = {
  ...quoteFor(),
  uuid: RECEIPT_UUID,
  status: 'paid',
  line_items: quoteFor().line_items.map((line) => ({ ...line, expires_at: '2028-11-28T00:00:00.000Z' })),
  number: 'PS-100045',
  created: '2026-11-28T14:05:00.000Z',
  paid_by: 'Gary Lindqvist',
  method: 'Visa **** 4242',
  transaction_id: 'ch_test_3PqL9x',
};
