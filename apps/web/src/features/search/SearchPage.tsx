import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  APPROVED_BRANDS_VALUE,
  PRODUCTS_PER_PAGE,
  SEARCH_SORT_LABELS,
  SEARCH_SORTS,
  type SearchSort,
} from '@portal/contracts/constants';
import { useCatalogMenu } from '../catalog/index.ts';
import { ProductList } from '../product/index.ts';
import { useSession } from '../session/index.ts';
import { DeviceSearchHint } from '../devices/index.ts';
import { alertLinesFor } from '../../lib/errors.ts';
import { countOf, formatMoney } from '@portal/contracts/format';
import { Pager } from './Pager.tsx';
import { resultCountText } from './pager.ts';
import { Filters } from './Filters.tsx';
import { QuickOrderTable } from './QuickOrderTable.tsx';
import { AddSelectedToCart } from './AddSelectedToCart.tsx';
import { PasteOrder } from './PasteOrder.tsx';
import { parseSearchParams, searchHeading, searchPath, type SearchState } from './params.ts';
import { usePageSize, type PageSize } from './pageSize.ts';
import { clearQuickOrder, useQuickOrder } from './quickOrder.ts';
import { useSearchResults } from './useSearchResults.ts';
import './search.css';

/** /search (spec 01 §2.5): results for the address's term, filters, sort and page. */
export default function SearchPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const state = parseSearchParams(params);
  const [limit, setLimit] = usePageSize();
  const search = useSearchResults(state, limit);
  const { data: session } = useSession();
  const menu = useCatalogMenu();
  const lines = useQuickOrder();
  // The quick order shows the results, the selection, or the box for a pasted list (issue 33 item 3).
  const [view, setView] = useState<'all' | 'selected' | 'paste'>('all');
  const showSelected = view === 'selected';
  const pasting = state.quickOrder && view === 'paste';
  // Filters start open beside the results on large screens, folded above them on phones.
  const [filtersOpen, setFiltersOpen] = useState(() => window.matchMedia('(min-width: 992px)').matches);
  // Issue 31: folded filters are not rendered until first unfolded (on a phone, work the first view never shows).
  const [filtersShown, setFiltersShown] = useState(filtersOpen);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const go = (next: Partial<SearchState>) => void navigate(searchPath({ ...state, page: 1, ...next }));
  const nameOf = (slug: string, kind: 'categories' | 'brands') =>
    slug === APPROVED_BRANDS_VALUE
      ? 'My approved brands'
      : (menu.data?.[kind].find((i) => i.slug === slug)?.name ?? slug);

  // A new page of results starts at the top, with the heading announced.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) return void (firstRender.current = false);
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView({ block: 'start' });
  }, [state.page]);

  const heading = searchHeading(state, nameOf);
  const chips = [
    ...state.categories.map((slug) => ({ slug, kind: 'categories' as const })),
    ...state.brands.map((slug) => ({ slug, kind: 'brands' as const })),
  ];
  const data = search.data;
  // The business whose prices these are: the search answers it, and the session (known at first
  // paint) says the same, so the line and the approved-brands filter are there before the results.
  const account = data?.accountInformation ?? session?.selectedBusiness ?? null;
  const selected = [...lines.values()];

  return (
    <div className="page search-page">
      <header className="search-header">
        <h1 ref={headingRef} tabIndex={-1}>
          {heading}
        </h1>
        <p className="search-count" aria-live="polite">
          {data && !search.pastEnd
            ? resultCountText(data.totalCount, data.totalCountIsExact, state.page, search.pages)
            : search.loading
              ? 'Searching…'
              : ''}
        </p>
        {!session?.user && (
          <p className="search-signin">
            Prices shown are MSRP.{' '}
            <Link to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`}>Sign in</Link> for your
            business’s prices.
          </p>
        )}
        {account && (
          <p className="muted small">
            Prices for {account.companyName} ({account.sapBpCode})
          </p>
        )}
        <DeviceSearchHint term={state.term} />
      </header>

      <div className="search-layout">
        <aside className="search-filters" aria-label="Filters">
          <details
            className="filters-disclosure"
            open={filtersOpen}
            onToggle={(e) => {
              setFiltersOpen(e.currentTarget.open);
              if (e.currentTarget.open) setFiltersShown(true);
            }}
          >
            <summary>Filters{chips.length ? ` (${chips.length})` : ''}</summary>
            {filtersShown && <Filters state={state} hasBusiness={account !== null} onChange={(next) => go(next)} />}
          </details>
        </aside>

        <section className="search-results" aria-labelledby="results-heading">
          <h2 id="results-heading" className="visually-hidden">
            Results
          </h2>
          {chips.length > 0 && (
            <ul className="chips" aria-label="Active filters">
              {chips.map(({ slug, kind }) => (
                <li key={`${kind}:${slug}`}>
                  <button
                    type="button"
                    className="chip"
                    onClick={() => go({ [kind]: state[kind].filter((s) => s !== slug) })}
                    aria-label={`Remove filter ${nameOf(slug, kind)}`}
                  >
                    {nameOf(slug, kind)} <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
              <li>
                <button type="button" className="button-link" onClick={() => go({ categories: [], brands: [] })}>
                  Clear all
                </button>
              </li>
            </ul>
          )}

          <div className="search-toolbar">
            <label>
              Sort by{' '}
              <select value={state.sort} onChange={(e) => go({ sort: e.target.value as SearchSort })}>
                {SEARCH_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {SEARCH_SORT_LABELS[sort]}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Per page{' '}
              <select
                value={limit}
                onChange={(e) => {
                  setLimit(Number(e.target.value) as PageSize);
                  if (state.page !== 1) go({});
                }}
              >
                {PRODUCTS_PER_PAGE.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
            <div className="segmented" role="group" aria-label="View">
              <button
                type="button"
                aria-pressed={!state.quickOrder}
                onClick={() => go({ quickOrder: false, page: state.page })}
              >
                Grid
              </button>
              <button
                type="button"
                aria-pressed={state.quickOrder}
                onClick={() => go({ quickOrder: true, page: state.page })}
              >
                Quick order
              </button>
            </div>
          </div>

          {state.quickOrder && (
            <div className="quick-order-bar">
              <div className="segmented" role="group" aria-label="Show">
                <button type="button" aria-pressed={view === 'all'} onClick={() => setView('all')}>
                  All
                </button>
                <button type="button" aria-pressed={showSelected} onClick={() => setView('selected')}>
                  Selected ({selected.length})
                </button>
                <button type="button" aria-pressed={pasting} onClick={() => setView('paste')}>
                  Paste a list
                </button>
              </div>
              {!pasting && (
                <p aria-live="polite">
                  {selected.length
                    ? `${selected.length} selected · ${countOf(
                        selected.reduce((n, l) => n + l.quantity, 0),
                        'unit',
                      )} · ${formatMoney(selected.reduce((sum, l) => sum + l.quantity * l.product.price.cents, 0))}`
                    : 'Tick products and set quantities to build an order.'}
                </p>
              )}
              {!pasting && selected.length > 0 && (
                <>
                  <button type="button" className="button-link" onClick={clearQuickOrder}>
                    Clear selection
                  </button>
                  <AddSelectedToCart lines={selected} />
                </>
              )}
            </div>
          )}

          {pasting ? (
            // The pasted list needs no search: it stands whatever the results are.
            <PasteOrder />
          ) : search.error ? (
            <div className="empty-state" role="alert">
              <h2>Search is not available right now</h2>
              <p>{alertLinesFor(search.error).join(' ')}</p>
              <button type="button" className="button button-secondary" onClick={() => void search.refetch()}>
                Try again
              </button>
            </div>
          ) : search.pastEnd ? (
            <div className="empty-state">
              <h2>This page is past the last result</h2>
              <p>
                <Link to={searchPath({ ...state, page: 1 })}>Go to the first page</Link> of these results.
              </p>
            </div>
          ) : state.quickOrder && showSelected ? (
            selected.length ? (
              <QuickOrderTable products={selected.map((l) => l.product)} label="Selected products" />
            ) : (
              <div className="empty-state">
                <h2>Nothing selected yet</h2>
                <p>Switch to All and tick the products you want to order.</p>
              </div>
            )
          ) : data && data.totalCount === 0 ? (
            <div className="empty-state">
              <h2>No products found</h2>
              <p>
                {state.term ? 'Check the spelling or search by part number. ' : ''}
                {chips.length ? 'Fewer filters find more products. ' : ''}
              </p>
              <p>
                {chips.length > 0 && (
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => go({ categories: [], brands: [] })}
                  >
                    Clear filters
                  </button>
                )}{' '}
                <Link to="/search">Browse all products</Link>
              </p>
            </div>
          ) : state.quickOrder && data ? (
            <QuickOrderTable products={data.results} label="Search results" />
          ) : (
            <ProductList
              products={search.loading ? undefined : data?.results}
              label="Search results"
              loadingCount={Math.min(limit, 8)}
              refreshing={search.refreshing}
            />
          )}

          {!search.pastEnd && !(state.quickOrder && view !== 'all') && (
            <Pager page={state.page} pages={search.pages} onPage={(page) => go({ page })} />
          )}
        </section>
      </div>
    </div>
  );
}
