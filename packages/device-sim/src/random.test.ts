import { describe, expect, it } from 'vitest';
import { hashText, seededRandom } from './random.ts';

describe('seeded randomness', () => {
  it('gives the same values for the same seed and different ones for another', () => {
    const draw = (seed: string) => {
      const random = seededRandom(seed, 'device', 1);
      return [random.next(), random.int(1, 6), random.digits(8), random.hex(4), random.pick(['a', 'b', 'c'])];
    };
    expect(draw('one')).toEqual(draw('one'));
    expect(draw('one')).not.toEqual(draw('two'));
    expect(hashText('abc')).toBe(hashText('abc'));
  });

  it('keeps values in range', () => {
    const random = seededRandom('range');
    for (let index = 0; index < 1000; index++) {
      const value = random.int(-3, 3);
      expect(value).toBeGreaterThanOrEqual(-3);
      expect(value).toBeLessThanOrEqual(3);
      expect(Number.isInteger(value)).toBe(true);
    }
    expect(random.digits(12)).toMatch(/^\d{12}$/);
    expect(random.hex(6)).toMatch(/^[0-9A-F]{6}$/);
  });
});
