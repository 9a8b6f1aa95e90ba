import { formatDate } from '@portal/contracts/format';
import type { InvoiceStatus } from '@portal/contracts/billing';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * spec 02 §9 MM/DD/YYYY. A calendar day (YYYY-MM-DD, as the ledger sends invoice dates) is read at the
 * reader's own midnight, so 2026-03-05 is 03/05/2026 in every time zone (formatDate of the bare day would
 * read it as UTC midnight: 03/04 west of Greenwich). An instant is shown on the reader's calendar.
 */
export const formatDay = (value: string) => formatDate(DAY.test(value) ? `${value}T00:00:00` : value);

/** The status as people read it. */
export const STATUS_LABELS: Record<InvoiceStatus, string> = { open: 'Open', pastDue: 'Past due', paid: 'Paid' };

/** Who paid: 'Jane Rep for Northside Owner' when a sales rep acted for the dealer (issue 19 item 5). */
export const paidByText = ({ name, actingFor }: { name: string; actingFor: string | null }) =>
  actingFor ? `${name} for ${actingFor}` : name;

/** Basis points as a percentage, the spec's way: 200 → '2 %', 150 → '1.5 %'. */
export const percentOf = (bp: number) => `${Number((bp / 100).toFixed(2))} %`;

/** Cents as an amount field shows them: 123456 → '1234.56'. */
export const centsToInput = (cents: number) => (cents / 100).toFixed(2);

export { plainDecimal } from '../../lib/csv.ts';

/**
 * What a person types as an amount, in cents: '1,234.5', '$1234.50', '.99', '12'. Null when it is not an
 * amount of dollars and cents (letters, a third decimal, empty).
 */
export function parseDollars(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '').trim();
  const match = /^(\d*)(?:\.(\d{0,2}))?$/.exec(cleaned);
  if (!match || cleaned === '' || cleaned === '.') return null;
  const whole = match[1] ? Number(match[1]) : 0;
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const cents = whole * 100 + fraction;
  return Number.isSafeInteger(cents) ? cents : null;
}
