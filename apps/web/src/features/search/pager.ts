import { countOf, formatNumber } from '@portal/contracts/format';

export type PagerItem = number | 'gap-start' | 'gap-end';

/**
 * spec 01 §4 pager: every page when there are five or fewer; otherwise the first, an ellipsis,
 * a window around the current page, an ellipsis, the last (an ellipsis only where pages are
 * skipped).
 */
export function pagerItems(current: number, total: number, radius = 1): PagerItem[] {
  if (total <= 0) return [];
  if (total <= 5) return Array.from({ length: total }, (_, i) => i + 1);
  const page = Math.min(Math.max(current, 1), total);
  const from = Math.max(2, Math.min(page - radius, total - 1 - 2 * radius));
  const to = Math.min(total - 1, Math.max(page + radius, 2 + 2 * radius));
  const items: PagerItem[] = [1];
  if (from > 2) items.push('gap-start');
  for (let n = from; n <= to; n++) items.push(n);
  if (to < total - 1) items.push('gap-end');
  items.push(total);
  return items;
}

export const pageCount = (totalCount: number, limit: number) => Math.max(1, Math.ceil(totalCount / limit));

/**
 * What the search heading says of the results: '1,234 products', or '10,000+ products' when the server
 * stopped counting at its bound (`totalCountIsExact` false), and the page of how many.
 */
export function resultCountText(totalCount: number, isExact: boolean, page: number, pages: number) {
  const more = isExact ? '' : '+';
  const count = isExact ? countOf(totalCount, 'product') : `${formatNumber(totalCount)}+ products`;
  return `${count}${pages > 1 ? ` · page ${formatNumber(page)} of ${formatNumber(pages)}${more}` : ''}`;
}
