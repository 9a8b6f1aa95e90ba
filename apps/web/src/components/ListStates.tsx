import type { ReactNode } from 'react';
import './ListStates.css';

// The states of a list page around its rows: waiting for the first answer, nothing matching the filters,
// and the rows dimmed while other filters are asked.

/**
 * Grey bars where the rows will be, while the first answer comes. `label` names what is loading for a
 * screen reader; without it the bars are only decoration beside a heading that says so.
 */
export function ListSkeleton({ rows, label }: { rows: number; label?: string }) {
  return (
    <div className="list-skeleton" aria-busy={label ? 'true' : undefined} aria-label={label}>
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} />
      ))}
    </div>
  );
}

/** No row matches the filters: says so, and offers to clear them. */
export function NoMatch({
  className,
  children,
  onClear,
}: {
  className: string;
  children: ReactNode;
  onClear: () => void;
}) {
  return (
    <div className={`empty-state ${className}`}>
      <p>{children}</p>
      <button type="button" className="button button-secondary" onClick={onClear}>
        Clear filters
      </button>
    </div>
  );
}

/** The rows; the last answer stays on screen, dimmed, until the answer to other filters comes. */
export function ListResults({ refreshing, children }: { refreshing: boolean; children: ReactNode }) {
  return (
    <div className={refreshing ? 'list-results is-refreshing' : 'list-results'} aria-busy={refreshing}>
      {children}
    </div>
  );
}
