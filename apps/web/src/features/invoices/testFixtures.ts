// What the invoices tests are answered with: Northside's ledger, as the contracts shape them (its people and
// saved cards: test/fixtures.ts).
import type {
  CreditMemo,
  CreditMemoConnection,
  CreditMemoDetail,
  Invoice,
  InvoiceConnection,
  InvoiceDetail,
  Receipt,
} from '@portal/contracts/billing';
import { connectionOf, NORTHSIDE, savedBankAccount, savedCard } from '../../test/fixtures.ts';

/** Ids: a UUID whose last digits are the sequence. */
export const invoiceId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const memoId = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;

const money = (amount: number) => ({ amount });

/**
 * Invoice INV-2000nn of March n, 2026, due 30 days later, $100·n: open unless told. A discount window of
 * 2 % for 10 days, holding (payoff 2 % under what is open) when `discount` is true.
 */
export function invoice(n: number, overrides: Partial<Invoice> & { discount?: boolean } = {}): Invoice {
  const { discount = false, ...rest } = overrides;
  const total = 10_000 * n;
  const day = String(n).padStart(2, '0');
  const open = rest.open_amount?.amount ?? total;
  const off = discount ? Math.round(total * 0.02) : 0;
  return {
    id: invoiceId(n),
    number: `INV-${200000 + n}`,
    create_date: `2026-03-${day}`,
    due_date: `2026-04-${day}`,
    status: 'open',
    isPaid: false,
    invoice_total: money(total),
    paid_against_invoice: money(total - open),
    discount_taken: money(0),
    open_amount: money(open),
    payoffAmount: money(open - off),
    early_pay_discount_details: [
      {
        number_of_days: 10,
        discount_bp: 200,
        last_day: `2026-03-${String(n + 9).padStart(2, '0')}`,
        discount: money(Math.round(total * 0.02)),
      },
    ],
    partialPaymentAllowed: true,
    selected: false,
    paymentAmount: money(open - off),
    attemptedPaymentAmount: null,
    order: { id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`, number: `SO-${100000 + n}`, poNumber: null },
    ...rest,
  };
}

export function connection(
  invoices: Invoice[],
  totalCount = invoices.length,
  endCursor: string | null = null,
): InvoiceConnection {
  return {
    ...connectionOf(invoices, totalCount, endCursor),
    totals: {
      invoice_total: money(invoices.reduce((sum, i) => sum + i.invoice_total.amount, 0)),
      open_amount: money(invoices.reduce((sum, i) => sum + i.open_amount.amount, 0)),
    },
  };
}

export function invoiceDetail(
  n: number,
  overrides: Partial<InvoiceDetail> & { discount?: boolean } = {},
): InvoiceDetail {
  const { discount, ...rest } = overrides;
  const base = invoice(n, { discount });
  return {
    ...base,
    businessPartner: NORTHSIDE,
    lines: [
      {
        sku: 'NW-RS-X1234',
        productName: 'Northwind X1234 Remote Start',
        quantity: 2,
        unitPrice: money(4_000 * n),
        total: money(8_000 * n),
      },
    ],
    subtotal: money(8_000 * n),
    shipping: money(1_500 * n),
    tax: money(500 * n),
    payments: [],
    creditMemos: [],
    billTo: {
      name: 'Northside Auto Sound LLC',
      streetAddress1: 'PO Box 2210',
      streetAddress2: '',
      city: 'Columbus',
      countryArea: 'OH',
      postalCode: '43216',
      country: 'US',
      phone: null,
    },
    shipTo: {
      name: 'Northside Auto Sound',
      streetAddress1: '1200 Main St',
      streetAddress2: '',
      city: 'Columbus',
      countryArea: 'OH',
      postalCode: '43215',
      country: 'US',
      phone: null,
    },
    ...rest,
  };
}

/** Credit memo CM-3000nn: $50·n, all of it left unless told. */
export function memo(n: number, overrides: Partial<CreditMemo> = {}): CreditMemo {
  return {
    id: memoId(n),
    number: `CM-${300000 + n}`,
    date: `2026-02-${String(n).padStart(2, '0')}`,
    amount: money(5_000 * n),
    amount_left: money(5_000 * n),
    reason: 'Returned: damaged in transit',
    invoice: { id: invoiceId(1), number: 'INV-200001' },
    order: null,
    ...overrides,
  };
}

export const memoConnection = (
  memos: CreditMemo[],
  totalCount = memos.length,
  endCursor: string | null = null,
): CreditMemoConnection => connectionOf(memos, totalCount, endCursor);

export function memoDetail(n: number, overrides: Partial<CreditMemoDetail> = {}): CreditMemoDetail {
  return { ...memo(n), applications: [], ...overrides };
}

export const receipt: Receipt = {
  id: 'r-1',
  number: 'RCT-500001',
  date: '2026-03-06',
  businessPartner: NORTHSIDE,
  invoices: [
    { id: invoiceId(2), number: 'INV-200002', paid: money(19_600), discount: money(400), isPaid: true },
    { id: invoiceId(3), number: 'INV-200003', paid: money(10_000), discount: money(0), isPaid: false },
  ],
  creditMemos: [{ id: memoId(1), number: 'CM-300001', applied: money(5_000) }],
  discount: money(400),
  credit: money(5_000),
  charged: money(24_600),
  method: 'Visa **** 4242',
  paidBy: { name: 'Tessa Morales', actingFor: 'Gary Lindqvist' },
  accountBalance: money(422_400),
};

export const visa = savedCard({ id: 'card-1', is_main: true });
export const mastercard = savedCard({ id: 'card-2', number: '**** 4444', brand: 'mastercard', last4: '4444' });
export const unverifiedBank = savedBankAccount({ id: 'bank-1' });
