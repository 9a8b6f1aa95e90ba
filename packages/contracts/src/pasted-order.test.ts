import { describe, expect, it } from 'vitest';
import { parsePastedOrder } from './pasted-order.ts';

const skusAndQuantities = (text: string) => parsePastedOrder(text).lines.map((l) => [l.sku, l.quantity]);

describe('parsePastedOrder (issue 33 item 3)', () => {
  it('reads every way a line is written: spaces, commas, tabs, "3 x SKU", "SKU x3", no quantity', () => {
    const text = [
      'NW-RS-100 3',
      'nw-rs-101,2',
      'NW-RS-102\t7',
      '4 x NW-RS-103',
      '5x NW-RS-104',
      'NW-RS-105 x6',
      'NW-RS-106 x 8',
      '  NW-RS-107  ',
      '"NW-RS-108";"9"',
    ].join('\n');
    expect(skusAndQuantities(text)).toEqual([
      ['NW-RS-100', 3],
      ['NW-RS-101', 2],
      ['NW-RS-102', 7],
      ['NW-RS-103', 4],
      ['NW-RS-104', 5],
      ['NW-RS-105', 6],
      ['NW-RS-106', 8],
      ['NW-RS-107', 1],
      ['NW-RS-108', 9],
    ]);
  });

  it('skips a header row and blank rows, ignores a spreadsheet’s description column, sums duplicates', () => {
    const text =
      'SKU\tDescription\tQty\r\n\r\nNW-RS-100\tRemote start, 2-way\t2\r\n\r\nnw-rs-100\tsame again\t3\r\nNW-X3\t1\r\n';
    const { lines, unreadable } = parsePastedOrder(text);
    expect(lines).toEqual([
      { sku: 'NW-RS-100', quantity: 5, rows: [3, 5] },
      // A SKU ending in X3 is not "SKU x3".
      { sku: 'NW-X3', quantity: 1, rows: [6] },
    ]);
    expect(unreadable).toEqual([]);
  });

  it('lists rows it cannot read with their row number: no SKU, a zero, a fraction, a header later on', () => {
    const { lines, unreadable } = parsePastedOrder('NW-RS-100 1\n12\nNW-RS-101 0\nNW-RS-102 2.5\nSKU Qty');
    expect(lines.map((l) => l.sku)).toEqual(['NW-RS-100', 'SKU']);
    expect(unreadable).toEqual([
      { row: 2, text: '12' },
      { row: 3, text: 'NW-RS-101 0' },
      { row: 4, text: 'NW-RS-102 2.5' },
    ]);
  });

  it('answers nothing for an empty paste', () => {
    expect(parsePastedOrder(' \n\n')).toEqual({ lines: [], unreadable: [] });
  });
});
