/**
 * VIN rules shared by the server's decoder and the phone's camera (issue 31 item 1): the check digit of a
 * 17-character VIN (49 CFR Part 565, position 9, the same for every maker), and what a barcode on a door jamb or a
 * windshield label says once it is read.
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

/**
 * What a scanned VIN barcode said: the VIN, or why it is not one. A read is never filled in unless it is a whole
 * VIN whose check digit is right: a misread bar changes a character, and the check digit catches it.
 *
 * Labels print more than the VIN: Code 39 labels of imported cars carry a leading 'I' (the import marker, 18
 * characters: 'I' is never part of a VIN, so it is dropped), some add a prefix ('VIN:', 'VIN ') or spaces, and QR
 * and Data Matrix stickers may hold the VIN among other fields. Every 17-character run of VIN characters is tried.
 */
export type ScannedVin = { vin: string } | { problem: 'check-digit'; read: string } | { problem: 'not-a-vin' };

export function vinFromScan(raw: string): ScannedVin {
  const text = raw.toUpperCase();
  // Runs of VIN characters (digits and capitals without I, O and Q) — 'I' and the label's punctuation split them.
  const runs = text.match(/[A-HJ-NPR-Z0-9]{17,}/g) ?? [];
  const candidates = runs.flatMap((run) =>
    run.length === 17 ? [run] : Array.from({ length: run.length - 16 }, (_, i) => run.slice(i, i + 17)),
  );
  const valid = candidates.find(hasValidCheckDigit);
  if (valid) return { vin: valid };
  // One whole VIN whose check digit is off: a misread (or a label of a car without a North American check digit,
  // which the decoder would refuse as well).
  if (runs.length === 1 && runs[0]!.length === 17) return { problem: 'check-digit', read: runs[0]! };
  return { problem: 'not-a-vin' };
}
