import { CART_BADGE_MAX, CURRENCY, LOCALE } from '@portal/contracts/constants';

const money = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY });

/** Money travels in integer cents; shown with Intl en-US (spec 01 §9). */
export const formatCents = (cents: number) => money.format(cents / 100);

const wholeNumber = new Intl.NumberFormat(LOCALE);
const plurals = new Intl.PluralRules(LOCALE);

/** A count with its noun, singular or plural as the number asks: '1 folder', '2 folders', '1,200 items'. */
export const countOf = (n: number, one: string, other = `${one}s`) =>
  `${wholeNumber.format(n)} ${plurals.select(n) === 'one' ? one : other}`;

/** spec 01 §9: the cart badge shows 9+ above 9, nothing at 0. */
export const cartBadgeText = (count: number) =>
  count <= 0 ? '' : count > CART_BADGE_MAX ? `${CART_BADGE_MAX}+` : String(count);
