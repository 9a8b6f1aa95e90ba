const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day that exists (no 2026-02-31; the year 0000 is refused by the server). */
const isDay = (value: string | null): value is string =>
  value !== null &&
  DAY.test(value) &&
  !value.startsWith('0000') &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/**
 * The range of days of a list's address (`from`, `to`: YYYY-MM-DD, inclusive). A day that is not one is
 * left out rather than sent (the server would refuse it); an end before the start matches nothing, so the
 * range is read from its start only.
 */
export function dayRangeOf(params: URLSearchParams): { from: string | null; to: string | null } {
  const from = params.get('from');
  const to = params.get('to');
  const fromDay = isDay(from) ? from : null;
  const toDay = isDay(to) ? to : null;
  return { from: fromDay, to: toDay && (!fromDay || fromDay <= toDay) ? toDay : null };
}
