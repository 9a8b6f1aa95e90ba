/**
 * Seeded randomness: every random value of the simulator (signal jitter, GPS positions, generated
 * identifiers) comes from a generator seeded by text such as `seed|device key|job number`, so the
 * same scenario on the same device replays exactly (issue 28: deterministic fault scenarios).
 */

/** A 32-bit hash of text (FNV-1a), the seed of a generator. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: small, fast and good enough for simulation (not for secrets). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** A number in [min, max). */
  between(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** `count` decimal digits as text. */
  digits(count: number): string;
  /** `count` upper-case hexadecimal digits as text. */
  hex(count: number): string;
}

const DIGITS = '0123456789ABCDEF';

/** A generator seeded by the parts joined with '|'. */
export function seededRandom(...parts: (string | number)[]): Random {
  const next = mulberry32(hashText(parts.join('|')));
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    between: (min, max) => min + next() * (max - min),
    pick<T>(items: readonly T[]): T {
      const item = items[int(0, items.length - 1)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    chance: (probability) => next() < probability,
    digits: (count) => {
      let text = '';
      for (let index = 0; index < count; index++) text += DIGITS[int(0, 9)];
      return text;
    },
    hex: (count) => {
      let text = '';
      for (let index = 0; index < count; index++) text += DIGITS[int(0, 15)];
      return text;
    },
  };
}
