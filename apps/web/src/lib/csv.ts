/** CSV files built in the browser (the ledger's lists, My Orders): one way to write a field and a file. */

/**
 * A field as RFC 4180 writes it (quoted when it holds a comma, a quote or a line break), and never read as
 * a formula by a spreadsheet (a leading =, +, - or @ is kept as text with a quote mark before it).
 */
export function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Cents as plain decimals for a CSV: 123456 → '1234.56', -5 → '-0.05'. */
export function plainDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A CSV file: the header, then each row, fields as `field` writes them, lines ended by CRLF. */
export const toCsv = (header: readonly string[], rows: readonly (readonly string[])[]) =>
  [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';

/** Hands a file built in the browser to the person (their browser saves it under `name`). */
export function download(name: string, content: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the file once the click is handled; the next task frees the memory.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
