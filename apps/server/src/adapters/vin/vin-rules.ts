/**
 * The check digit of a 17-character VIN (49 CFR Part 565, position 9), the same for every maker.
 */
const TRANSLITERATION: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** Seventeen characters, digits and capitals without I, O and Q. */
export const isWellFormedVin = (vin: string) => /^[A-HJ-NPR-Z0-9]{17}$/.test(vin);

const valueOf = (char: string) => (/\d/.test(char) ? Number(char) : TRANSLITERATION[char]!);

/** The check digit a VIN's other sixteen characters call for: '0'–'9' or 'X'. */
export function checkDigitOf(vin: string): string {
  const sum = [...vin].reduce((total, char, i) => total + valueOf(char) * WEIGHTS[i]!, 0);
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

export const hasValidCheckDigit = (vin: string) => isWellFormedVin(vin) && vin[8] === checkDigitOf(vin);
