import { describe, expect, it } from 'vitest';
import { ordersCsv } from './ordersCsv.ts';
import { summary } from './testFixtures.ts';

describe('My Orders as CSV (issue 27 §11)', () => {
  it('has the list’s columns, the UTC day, who placed it for whom, money as plain decimals', () => {
    const csv = ordersCsv([
      summary(1),
      summary(2, {
        status: 'shipped',
        poNumber: null,
        placedBy: { name: 'Tessa Morales', actingFor: 'Gary Lindqvist' },
        paymentLabel: 'Visa **** 4242',
        total: { cents: 123456 },
      }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Order #,Date,PO number,Status,Placed by,Payment,Items,Total',
      'SO-100001,2026-03-01,NS-1201,Delivered,Gary Lindqvist,Cash on delivery,3,101.00',
      'SO-100002,2026-03-02,,Shipped,Tessa Morales for Gary Lindqvist,Visa **** 4242,3,1234.56',
      '',
    ]);
  });
});
