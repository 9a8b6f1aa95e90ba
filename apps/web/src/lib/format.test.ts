import { describe, expect, it } from 'vitest';
import { cartBadgeText, countOf, formatCents } from './format.ts';

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

describe('formatCents', () => {
  it.each([
    [123456, '$1,234.56'],
    [0, '$0.00'],
    [5, '$0.05'],
    [100, '$1.00'],
    [123456789, '$1,234,567.89'],
  ])('%i cents is %s', (cents, shown) => {
    expect(formatCents(cents)).toBe(shown);
  });
});

describe('countOf (issue 15 §15: singular and plural)', () => {
  it.each([
    [0, 'folder', '0 folders'],
    [1, 'folder', '1 folder'],
    [2, 'folder', '2 folders'],
    [1, 'item', '1 item'],
    [1200, 'item', '1,200 items'],
  ])('%i %s reads "%s"', (n, noun, text) => {
    expect(countOf(n, noun)).toBe(text);
  });

  it('takes an irregular plural', () => {
    expect(countOf(1, 'business', 'businesses')).toBe('1 business');
    expect(countOf(3, 'business', 'businesses')).toBe('3 businesses');
  });
});
