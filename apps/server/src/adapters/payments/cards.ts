import type { CardBrand } from './types.ts';

/** A card number as typed, with the spaces and dashes people put between digit groups removed. */
export function normaliseCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The Luhn (mod 10) check digit test every card number passes. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    // Every second digit from the right is doubled, its digits summed (9 for 18, hence the - 9).
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card number: 13 to 19 digits that pass the Luhn check. */
export function isCardNumber(digits: string): boolean {
  return /^\d{13,19}$/.test(digits) && isLuhnValid(digits);
}

/** The network, from the issuer prefixes the networks publish. */
export function brandOfCardNumber(digits: string): CardBrand {
  const prefix = (length: number) => Number(digits.slice(0, length));
  if (digits.startsWith('4')) return 'visa';
  if (digits.startsWith('34') || digits.startsWith('37')) return 'amex';
  if (isBetween(prefix(2), 51, 55) || isBetween(prefix(4), 2221, 2720)) return 'mastercard';
  if (digits.startsWith('6011') || digits.startsWith('65') || isBetween(prefix(3), 644, 649)) return 'discover';
  return 'unknown';
}

/** A card is good through the last day of its expiry month: the portal's one rule (contracts). */
export { isExpired } from '@portal/contracts';

/** The security code's length: four digits on the front of an amex, three on the back of the others. */
export function isCvvOfBrand(cvv: string, brand: CardBrand): boolean {
  return brand === 'amex' ? /^\d{4}$/.test(cvv) : /^\d{3}$/.test(cvv);
}

/** An ABA routing number: nine digits with the 3-7-1 weighted checksum a multiple of ten. */
export function isRoutingNumber(routingNumber: string): boolean {
  if (!/^\d{9}$/.test(routingNumber)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(routingNumber[i]), 0);
  return sum % 10 === 0;
}

function isBetween(value: number, low: number, high: number) {
  return value >= low && value <= high;
}
