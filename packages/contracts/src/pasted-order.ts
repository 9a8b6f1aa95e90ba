import { MAX_LINE_QUANTITY } from './constants.ts';

/*
 * Quick order from a pasted list (issue 33 item 3): the reading of what a buyer pastes, without zod, so the
 * browser shows the same lines the server is then asked about (docs/decisions.md "Quick order from a pasted list").
 */

/** The most distinct SKUs one paste may hold (a long counter order; the server's schema has the same cap). */
export const MAX_PASTED_LINES = 500;
/** The longest SKU a line may carry (the catalog's are far shorter). */
export const MAX_PASTED_SKU_LENGTH = 64;
/** The largest quantity read from a line: more is a typo, not an order (the cart's own cap is lower). */
export const MAX_PASTED_QUANTITY = 99_999;

/**
 * What the server found for a pasted line: `inStock` and `backorder` (out of stock; backorders are taken, issue 27
 * §12) go into the cart; `unknown` (no such SKU in this business's catalog), `notForSale` and `tooMany` (more than
 * one cart line holds) do not.
 */
export const PASTED_LINE_STATUSES = ['inStock', 'backorder', 'unknown', 'notForSale', 'tooMany'] as const;
export type PastedLineStatus = (typeof PASTED_LINE_STATUSES)[number];
export const isAddable = (status: PastedLineStatus) => status === 'inStock' || status === 'backorder';

/** Ours (the spec has no pasted order): what the review and its refusals say. */
export const PASTED_ORDER_TEXTS = {
  nothingPasted: 'Paste at least one line with a SKU.',
  tooMany: `Paste at most ${MAX_PASTED_LINES} different SKUs at a time.`,
  skuRequired: `Enter a SKU of at most ${MAX_PASTED_SKU_LENGTH} characters.`,
  quantityWhole: 'Enter a whole number of at least 1.',
  nothingToAdd: 'None of these lines can be added to the cart. Fix the SKUs or quantities and try again.',
  status: {
    inStock: 'In stock',
    backorder: 'Out of stock: backordered, ships when back in stock',
    unknown: 'Not found in the catalog',
    notForSale: 'Not available for purchase',
    tooMany: `More than ${MAX_LINE_QUANTITY} in one line`,
  } satisfies Record<PastedLineStatus, string>,
} as const;

/** One SKU of the paste with its quantity, summed over the rows (1-based) that named it. */
export interface PastedLine {
  sku: string;
  quantity: number;
  rows: number[];
}

/** A row that names no SKU, or a quantity that is not a whole number from 1. */
export interface UnreadableRow {
  row: number;
  text: string;
}

export interface PastedOrder {
  lines: PastedLine[];
  unreadable: UnreadableRow[];
}

const WHOLE = /^\d+$/;
const NUMBER_LIKE = /^[-+]?\d+([.,]\d+)?$/;
const HEADER_WORD =
  /^(sku|skus|part|part\s*(no|number|#)|item|item\s*(no|number|#)|product|code|qty|quantity|description|name)\.?$/i;
// "3 x SKU", "3x SKU", "3 × SKU"; the x needs a space after it so that a SKU starting with X stays whole.
const QUANTITY_TIMES_SKU = /^(\d+)\s*[x×*]\s+(\S+)$/i;
// "SKU x3", "SKU x 3"; the x needs a space before it so that a SKU ending in X3 stays whole.
const SKU_TIMES_QUANTITY = /^(\S+)\s+[x×*]\s*(\d+)$/i;

const unquote = (cell: string) =>
  cell
    .trim()
    .replace(/^["']+|["']+$/g, '')
    .trim();

/** The cells of a row: a spreadsheet's tabs, a CSV's commas or semicolons, else the spaces of a typed line. */
function cellsOf(text: string): string[] {
  const cells = text
    .split(/[\t,;]/)
    .map(unquote)
    .filter(Boolean);
  return cells.length > 1 ? cells : text.split(/\s+/).map(unquote).filter(Boolean);
}

const isSkuCell = (cell: string) => !/\s/.test(cell) && !NUMBER_LIKE.test(cell);

/** The SKU and quantity of a row, or null when it names none (or its quantity is no whole number from 1). */
function readRow(text: string): { sku: string; quantity: number } | null {
  const times = QUANTITY_TIMES_SKU.exec(text);
  if (times) return { sku: times[2]!, quantity: Number(times[1]) };
  const timesAfter = SKU_TIMES_QUANTITY.exec(text);
  if (timesAfter) return { sku: timesAfter[1]!, quantity: Number(timesAfter[2]) };
  const cells = cellsOf(text);
  const skuAt = cells.findIndex(isSkuCell);
  if (skuAt < 0) return null;
  // The quantity: the first number after the SKU (a description may sit between), else the one before it.
  const isNumber = (i: number) => NUMBER_LIKE.test(cells[i]!);
  const after = cells.findIndex((_, i) => i > skuAt && isNumber(i));
  const numberAt = after >= 0 ? after : cells.findLastIndex((_, i) => i < skuAt && isNumber(i));
  if (numberAt < 0) return { sku: cells[skuAt]!, quantity: 1 };
  const raw = cells[numberAt]!;
  return WHOLE.test(raw) ? { sku: cells[skuAt]!, quantity: Number(raw) } : null;
}

/** A first row of column names ("SKU, Qty"): nothing in it is a number and every cell is a header word. */
const isHeader = (text: string) => cellsOf(text).every((cell) => HEADER_WORD.test(cell));

/**
 * Reads a pasted list: one SKU per row with its quantity, in any of `SKU 3`, `SKU,3`, `SKU<tab>3` (a spreadsheet's
 * copy, other columns ignored), `3 x SKU`, `SKU x3`; a missing quantity is 1, a header row and blank rows are skipped,
 * SKUs are trimmed and upper-cased, and the same SKU on several rows is one line with the quantities summed.
 */
export function parsePastedOrder(text: string): PastedOrder {
  const bySku = new Map<string, PastedLine>();
  const unreadable: UnreadableRow[] = [];
  let seenRow = false;
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const row = index + 1;
    const trimmed = raw.trim();
    if (!trimmed) return;
    const first = !seenRow;
    seenRow = true;
    if (first && isHeader(trimmed)) return;
    const read = readRow(trimmed);
    if (!read || read.quantity < 1 || read.quantity > MAX_PASTED_QUANTITY || read.sku.length > MAX_PASTED_SKU_LENGTH) {
      unreadable.push({ row, text: trimmed });
      return;
    }
    const sku = pastedSkuKey(read.sku);
    const line = bySku.get(sku);
    if (line) {
      line.quantity = sumPasted(line.quantity, read.quantity);
      line.rows.push(row);
    } else bySku.set(sku, { sku, quantity: read.quantity, rows: [row] });
  });
  return { lines: [...bySku.values()], unreadable };
}

/** The one rule for the same SKU on several lines (the browser's reading and the server's): its key, its sum. */
export const pastedSkuKey = (sku: string) => sku.trim().toUpperCase();
const sumPasted = (a: number, b: number) => Math.min(a + b, MAX_PASTED_QUANTITY);

/** One line per SKU, quantities summed, in the order first named: what a caller of the API sent, merged as pasted. */
export function mergePastedLines<T extends { sku: string; quantity: number }>(lines: readonly T[]) {
  const bySku = new Map<string, number>();
  for (const { sku, quantity } of lines) {
    const key = pastedSkuKey(sku);
    bySku.set(key, sumPasted(bySku.get(key) ?? 0, quantity));
  }
  return [...bySku].map(([sku, quantity]) => ({ sku, quantity }));
}

/** Whether a pasted line's quantity fits one cart line (the review asks for a smaller one otherwise). */
export const fitsCartLine = (quantity: number) => quantity >= 1 && quantity <= MAX_LINE_QUANTITY;
