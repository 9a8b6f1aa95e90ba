import { useId } from 'react';
import { TABLE_PAGE_SIZES } from '@portal/contracts/constants';
import { formatNumber } from '@portal/contracts/format';

/**
 * Previous and Next over a table's pages, where it stands ('11–20 of 47'), and how many rows a page shows
 * (spec 01 §9: 10, 30, 60, 100).
 */
export function Pager({
  label,
  page,
  size,
  shown,
  total,
  hasNext,
  busy,
  onPrevious,
  onNext,
  onSize,
}: {
  /** What the pages are of: 'Invoice pages'. */
  label: string;
  page: number;
  size: number;
  shown: number;
  total: number;
  hasNext: boolean;
  busy: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onSize: (size: number) => void;
}) {
  const id = useId();
  const first = total === 0 ? 0 : page * size + 1;
  const last = page * size + shown;
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <nav className="pager" aria-label={label}>
      <p className="pager-position">
        {formatNumber(first)}–{formatNumber(last)} of {formatNumber(total)}
        <span className="pager-page">
          {' '}
          · page {formatNumber(page + 1)} of {formatNumber(pages)}
        </span>
      </p>
      <div className="pager-size">
        <label htmlFor={`${id}-size`}>Rows per page</label>
        <select id={`${id}-size`} value={String(size)} onChange={(event) => onSize(Number(event.currentTarget.value))}>
          {TABLE_PAGE_SIZES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      <div className="pager-buttons">
        <button type="button" className="button button-secondary" disabled={page === 0} onClick={onPrevious}>
          Previous
        </button>
        <button type="button" className="button button-secondary" disabled={!hasNext || busy} onClick={onNext}>
          Next
        </button>
      </div>
    </nav>
  );
}
