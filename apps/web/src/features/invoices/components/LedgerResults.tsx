import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { BILLING_TEXTS } from '@portal/contracts/billing';
import { ListResults, ListSkeleton, NoMatch } from '../../../components/ListStates.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { ActionAlert } from '../../../components/PageStates.tsx';
import { ApiError } from '../../../lib/api.ts';
import type { usePaging } from '../usePaging.ts';
import { Pager } from './Pager.tsx';

/** A page of a ledger list as the server answers it (spec 01 §3 connections). */
interface LedgerPage {
  edges: { node: unknown }[];
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}
type RowOf<Page extends LedgerPage> = Page['edges'][number]['node'];

/** Where a ledger list stands: its rows, how many match, and whether the filters found nothing. */
export function ledgerListState<Page extends LedgerPage>(
  list: UseQueryResult<Page>,
  filtered: boolean,
  after: string | null,
) {
  const page = list.data;
  const total = page?.totalCount ?? 0;
  // Other filters keep the last page on screen until their answer comes (keepPreviousData).
  const refreshing = list.isPlaceholderData;
  return {
    page,
    rows: (page?.edges.map((edge) => edge.node) ?? []) as RowOf<Page>[],
    total,
    filtered,
    refreshing,
    /** The filters match nothing: the empty state offers Clear filters, so the form does not. */
    noMatch: list.isSuccess && !refreshing && total === 0 && filtered,
    /** A page asked after a cursor the server no longer knows (400). */
    staleCursor: list.error instanceof ApiError && list.error.status === 400 && after !== null,
  };
}

/**
 * The rows of the invoice or credit memo list in each of its states: the first answer coming, a cursor gone
 * stale (back to page 1), not loaded, nothing matching the filters, none yet, and the table with its pager.
 */
export function LedgerResults<Page extends LedgerPage>({
  list,
  state,
  paging,
  what,
  skeletonRows,
  onClearFilters,
  noneYet,
  pagerLabel,
  size,
  onSize,
  children,
}: {
  list: UseQueryResult<Page>;
  state: ReturnType<typeof ledgerListState<Page>>;
  paging: ReturnType<typeof usePaging>;
  /** What the rows are, plural: 'invoices'. */
  what: string;
  skeletonRows: number;
  onClearFilters: () => void;
  /** The empty state of a business with none at all. */
  noneYet: ReactNode;
  pagerLabel: string;
  size: number;
  onSize: (size: number) => void;
  /** The table of this page's rows. */
  children: (rows: RowOf<Page>[], page: Page) => ReactNode;
}) {
  const { page, rows, total, filtered, refreshing, staleCursor } = state;
  if (list.isPending) return <ListSkeleton rows={skeletonRows} label={`Loading ${what}`} />;
  if (staleCursor)
    return <ActionAlert message={BILLING_TEXTS.invalidCursor} action="Back to page 1" onAction={paging.first} />;
  if (list.isError && !page) return <LoadError what={`your ${what}`} onRetry={() => void list.refetch()} />;
  if (total === 0 && !refreshing)
    return filtered ? (
      <NoMatch className="ledger-empty" onClear={onClearFilters}>
        {`No ${what} match these filters.`}
      </NoMatch>
    ) : (
      <div className="empty-state ledger-empty">{noneYet}</div>
    );
  if (!page) return null;
  return (
    <ListResults refreshing={refreshing}>
      {list.isError && <LoadError what={`this page of ${what}`} onRetry={() => void list.refetch()} />}
      <div className="table-scroll">{children(rows, page)}</div>
      <Pager
        label={pagerLabel}
        page={paging.page}
        size={size}
        shown={rows.length}
        total={total}
        hasNext={page.pageInfo.hasNextPage && page.pageInfo.endCursor !== null}
        busy={refreshing}
        onPrevious={paging.previous}
        onNext={() => page.pageInfo.endCursor && paging.next(page.pageInfo.endCursor)}
        onSize={onSize}
      />
    </ListResults>
  );
}
