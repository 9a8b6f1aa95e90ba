import { describe, expect, it } from 'vitest';
import { cartBadgeText } from './format.ts';

describe('cartBadgeText (spec 01 §9)', () => {
  it('is empty at 0', () => {
    expect(cartBadgeText(0)).toBe('');
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9])('shows %i as its digits', (n) => {
    expect(cartBadgeText(n)).toBe(String(n));
  });

  it.each([10, 11, 99, 1000])('shows %i as 9+', (n) => {
    expect(cartBadgeText(n)).toBe('9+');
  });
});

// formatMoney and countOf are tested with the format module: packages/contracts/src/format.test.ts.
