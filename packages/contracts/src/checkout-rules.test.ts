import { describe, expect, it } from 'vitest';
import { freeGroundNote, shippingCentsOf } from './checkout-rules.ts';
import { formatMoney } from './format.ts';

describe('free UPS Ground, said where the subtotal is (issue 27 §12)', () => {
  it('says how much more makes it free, and when it is free, as shipping prices it', () => {
    expect(freeGroundNote(60_000, formatMoney)).toBe('UPS Ground ships free from $750.00: add $150.00 more.');
    expect(shippingCentsOf('b2b-ups-ground', 60_000)).toBeGreaterThan(0);
    expect(freeGroundNote(75_000, formatMoney)).toBe('UPS Ground ships free on this order.');
    expect(shippingCentsOf('b2b-ups-ground', 75_000)).toBe(0);
  });
});
