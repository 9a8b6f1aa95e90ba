import { describe, expect, it } from 'vitest';
import { BILLING_TEXTS } from '@portal/contracts/billing';
import { creditMemosCsv, invoicesCsv } from './csv.ts';
import { centsToInput, formatDay, paidByText, parseDollars, percentOf, plainDecimal } from './format.ts';
import { paymentFormSchema, planOf, requestOf } from './paymentPlan.ts';
import { chosenIdsOf, paymentPathFor } from './paths.ts';
import { invoice, invoiceId, memo } from './testFixtures.ts';

describe('money and days as the screens show and send them', () => {
  it('reads amounts as people type them, in cents', () => {
    expect(parseDollars('1,234.5')).toBe(123_450);
    expect(parseDollars('$12')).toBe(1_200);
    expect(parseDollars(' .99 ')).toBe(99);
    expect(parseDollars('0')).toBe(0);
    for (const bad of ['', '.', 'abc', '1.234', '-5', '1e3']) expect(parseDollars(bad)).toBeNull();
  });

  it('writes cents for a field and a CSV', () => {
    expect(centsToInput(123_456)).toBe('1234.56');
    expect(plainDecimal(123_405)).toBe('1234.05');
    expect(plainDecimal(-5)).toBe('-0.05');
    expect(percentOf(200)).toBe('2 %');
    expect(percentOf(150)).toBe('1.5 %');
  });

  it('shows a calendar day as MM/DD/YYYY that day, and names a rep acting for the dealer', () => {
    expect(formatDay('2026-03-05')).toBe('03/05/2026');
    expect(paidByText({ name: 'Jane Rep', actingFor: 'Northside Owner' })).toBe('Jane Rep for Northside Owner');
    expect(paidByText({ name: 'Dana Whitfield', actingFor: null })).toBe('Dana Whitfield');
  });
});

describe('the CSV of invoices', () => {
  it('has the header, days as YYYY-MM-DD, money as plain decimals, CRLF lines, and quotes what needs it', () => {
    const csv = invoicesCsv([
      invoice(2, { discount: true }),
      invoice(3, {
        number: 'INV,"3"',
        status: 'paid',
        isPaid: true,
        open_amount: { amount: 0 },
        payoffAmount: { amount: 0 },
      }),
      invoice(4, { number: '=HYPERLINK("x")', status: 'pastDue' }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Number,Date,Due date,Status,Total,Paid,Open,Payoff',
      'INV-200002,2026-03-02,2026-04-02,Open,200.00,0.00,200.00,196.00',
      '"INV,""3""",2026-03-03,2026-04-03,Paid,300.00,300.00,0.00,0.00',
      `"'=HYPERLINK(""x"")",2026-03-04,2026-04-04,Past due,400.00,0.00,400.00,400.00`,
      '',
    ]);
  });
});

describe('the CSV of credit memos (issue 27 §11)', () => {
  it('has its header, the memo’s source, money as plain decimals and reasons quoted where they need it', () => {
    const csv = creditMemosCsv([
      memo(1),
      memo(2, {
        amount_left: { amount: 0 },
        reason: 'Price, corrected',
        invoice: null,
        order: { id: 'o', number: 'SO-100004' },
      }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Number,Date,Amount,Left,Reason,Invoice,Order',
      'CM-300001,2026-02-01,50.00,50.00,Returned: damaged in transit,INV-200001,',
      'CM-300002,2026-02-02,100.00,0.00,"Price, corrected",,SO-100004',
      '',
    ]);
  });
});

describe('the payment’s plan (contracts paymentSumsOf) and its check', () => {
  const context = { invoices: [invoice(2, { discount: true }), invoice(3)], memos: [memo(1), memo(2)] };

  it('starts each invoice at its payoff; a partial payment drops the discount; credit is drawn first', () => {
    expect(planOf({}, context).sums).toEqual({ invoices: 49_600, discount: 400, credit: 0, charge: 49_600 });
    const plan = planOf(
      {
        amounts: { [invoiceId(2)]: '150', [invoiceId(3)]: '300.00' },
        credits: { [memo(1).id]: { apply: true, amount: '50' }, [memo(2).id]: { apply: false, amount: '100' } },
        method: 'card-1',
      },
      context,
    );
    expect(plan.sums).toEqual({ invoices: 45_000, discount: 0, credit: 5_000, charge: 40_000 });
    expect(requestOf(plan, 'card-1')).toEqual({
      invoices: [
        { id: invoiceId(2), paymentAmount: 15_000 },
        { id: invoiceId(3), paymentAmount: 30_000 },
      ],
      creditMemos: [{ id: memo(1).id, amount: 5_000 }],
      paymentMethodId: 'card-1',
      expectedTotal: 40_000,
    });
  });

  it('checks each amount with the contract’s words', () => {
    const result = paymentFormSchema(context).safeParse({
      amounts: { [invoiceId(2)]: '0', [invoiceId(3)]: '300.01' },
      credits: {},
      method: '',
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [`amounts.${invoiceId(2)}`, BILLING_TEXTS.amountPositive],
      [`amounts.${invoiceId(3)}`, BILLING_TEXTS.amountOverPayoff],
      ['method', BILLING_TEXTS.paymentMethodRequired],
    ]);
  });
});

describe('the chosen invoices in the address', () => {
  it('reads ids only, each once, and writes them back in order', () => {
    const path = paymentPathFor([invoiceId(1), invoiceId(2)]);
    expect(path).toBe(`/invoice-payment?ids=${invoiceId(1)}%2C${invoiceId(2)}`);
    const params = new URLSearchParams(path.split('?')[1]);
    expect(chosenIdsOf(params)).toEqual([invoiceId(1), invoiceId(2)]);
    expect(chosenIdsOf(new URLSearchParams(`ids=${invoiceId(1)},junk,${invoiceId(1).toUpperCase()}`))).toEqual([
      invoiceId(1),
    ]);
    expect(paymentPathFor([])).toBe('/invoice-payment');
  });
});
