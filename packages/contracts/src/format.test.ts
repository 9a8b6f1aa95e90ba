import { describe, expect, it } from 'vitest';
import {
  countOf,
  formatDate,
  formatDateTime,
  formatLongDay,
  formatMoney,
  formatNumber,
  isCalendarDay,
  toIsoDateTime,
  toIsoDay,
  utcDayRange,
} from './format.ts';

// Intl puts a narrow no-break space before AM/PM; the tests read it as a plain space.
const plain = (text: string) => text.replace(/\u202f/g, ' ');

describe('formatMoney (spec 01 §9: USD, en-US; money in integer cents)', () => {
  it.each([
    [123456, '$1,234.56'],
    [0, '$0.00'],
    [5, '$0.05'],
    [100, '$1.00'],
    [123456789, '$1,234,567.89'],
    [-2500, '-$25.00'],
  ])('%i cents is %s', (cents, shown) => {
    expect(formatMoney(cents)).toBe(shown);
  });
});

describe('formatNumber and countOf (issue 15 §15: singular and plural)', () => {
  it('groups thousands', () => {
    expect(formatNumber(1_234_567)).toBe('1,234,567');
    expect(formatNumber(7)).toBe('7');
  });

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

describe('formatDate (spec §9 MM/DD/YYYY, on the reader’s calendar)', () => {
  it('pads month and day', () => {
    expect(formatDate(new Date(2026, 2, 5, 9, 30))).toBe('03/05/2026');
    expect(formatDate(new Date(2026, 11, 31, 23, 59))).toBe('12/31/2026');
  });

  it('reads an ISO string and epoch milliseconds as the same instant', () => {
    const instant = new Date(2026, 5, 30, 12);
    expect(formatDate(instant.toISOString())).toBe('06/30/2026');
    expect(formatDate(instant.getTime())).toBe('06/30/2026');
  });
});

describe('formatDateTime', () => {
  const instant = new Date(2026, 2, 5, 15, 4, 5);

  it('shows the date and the time to the minute', () => {
    expect(plain(formatDateTime(instant))).toBe('Mar 5, 2026, 3:04 PM');
  });

  it('adds the seconds when asked', () => {
    expect(plain(formatDateTime(instant.toISOString(), { seconds: true }))).toBe('Mar 5, 2026, 3:04:05 PM');
  });
});

describe('formatLongDay', () => {
  it('spells a calendar day out, the same day in every time zone', () => {
    expect(formatLongDay('2026-03-05')).toBe('March 5, 2026');
    expect(formatLongDay('2025-01-01')).toBe('January 1, 2025');
    expect(formatLongDay('2025-12-31')).toBe('December 31, 2025');
  });
});

describe('wire formats (spec §9 YYYY-MM-DD, YYYY-MM-DDTHH:mm:ss; spec 02 §9: sent in UTC)', () => {
  const instant = Date.UTC(2026, 0, 9, 23, 30, 15, 250);

  it('gives the UTC day and the UTC date-time without milliseconds or zone', () => {
    expect(toIsoDay(instant)).toBe('2026-01-09');
    expect(toIsoDateTime(new Date(instant))).toBe('2026-01-09T23:30:15');
    expect(toIsoDateTime('2026-01-09T23:30:15.250Z')).toBe('2026-01-09T23:30:15');
  });

  it('sends a day range from the start of its first day to the end of its last', () => {
    expect(utcDayRange('2026-03-01', '2026-03-31')).toEqual({ from: '2026-03-01T00:00:00', to: '2026-03-31T23:59:59' });
    expect(utcDayRange('2026-03-05')).toEqual({ from: '2026-03-05T00:00:00', to: '2026-03-05T23:59:59' });
  });
});

describe('isCalendarDay (the one rule of the date filters: plan sales, rewards)', () => {
  it.each([
    ['2026-02-28', true],
    ['2028-02-29', true],
    ['1970-01-01', true],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['0000-00-00', false],
    ['1969-12-31', false],
    ['2026-2-3', false],
    ['2026-02-03T00:00:00', false],
  ])('%s → %s', (value, expected) => {
    expect(isCalendarDay(value)).toBe(expected);
  });
});

describe('whole cents and numbers are written as Intl writes them in en-US (issue 31: no Intl on a first page)', () => {
  const intlMoney = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  const intlNumber = new Intl.NumberFormat('en-US');
  const intlPlural = new Intl.PluralRules('en-US');
  // Every size of number, both signs, the edges of each thousands group, and a seeded spread between them.
  let seed = 31;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const values = [0, -0, 1, -1, 99, 100, 101, 999, 1000, 1001, 99_999, 100_000, Number.MAX_SAFE_INTEGER];
  for (let digits = 1; digits <= 16; digits++) values.push(10 ** digits - 1, 10 ** digits, -(10 ** digits));
  for (let i = 0; i < 2000; i++) values.push(Math.floor((random() - 0.5) * 10 ** Math.floor(random() * 16)));
  // Not whole, or not safe: handed to Intl itself.
  values.push(0.5, 1.5, -2.5, 12.345, 2 ** 60, -(2 ** 60), Number.NaN, Infinity, -Infinity);

  it('money, numbers and the plural agree with Intl for every value', () => {
    for (const n of values) {
      expect(formatMoney(n), `${n} cents`).toBe(intlMoney.format(n / 100));
      expect(formatNumber(n), `${n}`).toBe(intlNumber.format(n));
      expect(countOf(n, 'item'), `${n} items`).toBe(
        `${intlNumber.format(n)} ${intlPlural.select(n) === 'one' ? 'item' : 'items'}`,
      );
    }
  });
});

describe('a day is written as Intl writes it in en-US (issue 31)', () => {
  const intlDay = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit' });

  it('agrees with Intl on the reader’s calendar, every hour of two years and the far edges', () => {
    const instants: number[] = [];
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2027, 0, 1); t += 3_600_000) instants.push(t);
    instants.push(Date.UTC(999, 11, 31, 23), Date.UTC(1000, 0, 1), Date.UTC(9999, 11, 31), Date.UTC(10000, 0, 2), 0);
    for (const t of instants) expect(formatDate(t), new Date(t).toISOString()).toBe(intlDay.format(t));
  });

  it('refuses what is not a date as Intl does', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });
});
