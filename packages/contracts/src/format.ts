/**
 * Dates, money and counts as the portal shows and sends them (spec 01 §9, spec 02 §9: formats
 * YYYY-MM-DD, YYYY-MM-DDTHH:mm:ss and MM/DD/YYYY; currency USD, en-US). One module for the
 * browser and the server, so an order or an invoice reads alike on a page, in a mail and in a PDF.
 * Zod-free: the web shell imports it by subpath.
 */
import { CURRENCY, LOCALE } from './constants.ts';

/** An instant: a Date, epoch milliseconds, or an ISO string as the API sends it. */
export type Instant = Date | number | string;

const toDate = (value: Instant) => (value instanceof Date ? value : new Date(value));

/*
 * Issue 31: building the first Intl number formatter loads the locale's data, 27–30 ms on the main thread of a
 * fast machine (three times that on a phone), and every page built them all as its code loaded. Whole cents and
 * whole numbers, nearly everything a page shows, are written here exactly as Intl writes them in en-US (a test
 * compares the two over a wide range); anything else (a fraction, a number past 2^53) goes to Intl, built on
 * first use. The day as MM/DD/YYYY likewise; the other date formatters are
 * built on first use.
 */

/** A value built the first time it is asked for. */
function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const money = onFirstUse(() => new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY }));
const wholeNumber = onFirstUse(() => new Intl.NumberFormat(LOCALE));

/** A whole number's digits grouped by thousands, as en-US groups them: 1234567 → '1,234,567'. */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');

/** Intl's minus: shown for every negative value, negative zero included. */
const isNegative = (n: number) => n < 0 || Object.is(n, -0);

/** Beyond ten trillion dollars Intl's cents/100 is no longer exact; there the answer is Intl's own. */
const EXACT_CENTS_BELOW = 10 ** 15;

/** Money travels in integer cents and reads as en-US dollars: 123456 → '$1,234.56'. */
export function formatMoney(cents: number): string {
  if (!Number.isInteger(cents) || Math.abs(cents) >= EXACT_CENTS_BELOW) return money().format(cents / 100);
  const whole = Math.abs(cents);
  return `${isNegative(cents) ? '-' : ''}$${grouped(Math.floor(whole / 100))}.${String(whole % 100).padStart(2, '0')}`;
}

/** A whole number with thousands separators: 1200 → '1,200'. */
export const formatNumber = (n: number) =>
  Number.isSafeInteger(n) ? `${isNegative(n) ? '-' : ''}${grouped(Math.abs(n))}` : wholeNumber().format(n);

/**
 * A count with its noun, singular or plural as the number asks: '1 folder', '2 folders', '1,200 items'. English
 * has one singular, exactly one (what Intl.PluralRules answers for en-US, -1 included).
 */
export const countOf = (n: number, one: string, other = `${one}s`) =>
  `${formatNumber(n)} ${Math.abs(n) === 1 ? one : other}`;

const twoDigits = (n: number) => String(n).padStart(2, '0');

const dateFormat = onFirstUse(
  () => new Intl.DateTimeFormat(LOCALE, { year: 'numeric', month: '2-digit', day: '2-digit' }),
);

/** spec §9 MM/DD/YYYY, on the reader's own calendar (their time zone): '06/30/2026'. */
export function formatDate(value: Instant): string {
  const date = toDate(value);
  const year = date.getFullYear();
  // A four-digit year, every date a page shows, is written here as Intl writes it; any other date goes to Intl.
  if (!(year >= 1000 && year <= 9999)) return dateFormat().format(date);
  return `${twoDigits(date.getMonth() + 1)}/${twoDigits(date.getDate())}/${year}`;
}

const dateTimeFormat = onFirstUse(() => new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' }));
const dateTimeSecondsFormat = onFirstUse(
  () => new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'medium' }),
);

/**
 * When something happened, to the minute, in the reader's time zone: 'Mar 5, 2026, 3:04 PM'
 * (ours: the spec names no display format with a time). `seconds` adds them: '3:04:05 PM'.
 */
export const formatDateTime = (value: Instant, { seconds = false } = {}) =>
  (seconds ? dateTimeSecondsFormat : dateTimeFormat)().format(toDate(value));

// A calendar day has no time zone: read and shown in UTC, it is the same day for every reader.
const longDayFormat = onFirstUse(
  () => new Intl.DateTimeFormat(LOCALE, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }),
);

/** A calendar day (YYYY-MM-DD) in words, the same for every reader: '2026-03-05' → 'March 5, 2026'. */
export const formatLongDay = (day: string) => longDayFormat().format(new Date(`${day}T00:00:00Z`));

/** spec §9 YYYY-MM-DD of an instant, in UTC (spec 02 §9: dates are sent in UTC). */
export const toIsoDay = (value: Instant) => toDate(value).toISOString().slice(0, 10);

/** spec §9 YYYY-MM-DDTHH:mm:ss of an instant, in UTC. */
export const toIsoDateTime = (value: Instant) => toDate(value).toISOString().slice(0, 19);

/**
 * Whether YYYY-MM-DD is a day of the calendar: not 2026-02-30 (which Date rolls into March) nor a day before
 * 1970 (year 0 is refused by the database). The one rule of every date filter (plan sales, rewards).
 */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value && value >= '1970-01-01';
}

/**
 * spec 02 §9: a range of calendar days (YYYY-MM-DD) is sent in UTC from the start of its first day
 * to the end of its last: ('2026-03-01', '2026-03-31') → 2026-03-01T00:00:00 … 2026-03-31T23:59:59.
 */
export const utcDayRange = (first: string, last = first) => ({ from: `${first}T00:00:00`, to: `${last}T23:59:59` });
