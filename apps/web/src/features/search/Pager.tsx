import { ChevronLeftIcon, ChevronRightIcon } from '../../components/icons.tsx';
import { pagerItems } from './pager.ts';

interface PagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

/** spec 01 §4 pager: numbers with ellipses, arrows disabled at the ends. */
export function Pager({ page, pages, onPage }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label="Pages">
      <button
        type="button"
        className="pager-arrow"
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
        aria-label="Previous page"
      >
        <ChevronLeftIcon />
      </button>
      <ol>
        {pagerItems(page, pages).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                className="pager-page"
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Page ${item}`}
                onClick={() => item !== page && onPage(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} className="pager-gap" aria-hidden="true">
              …
            </li>
          ),
        )}
      </ol>
      <button
        type="button"
        className="pager-arrow"
        onClick={() => onPage(page + 1)}
        disabled={page >= pages}
        aria-label="Next page"
      >
        <ChevronRightIcon />
      </button>
    </nav>
  );
}
