import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { countOf } from '@portal/contracts/format';
import { Button } from '../../components/Button.tsx';
import { ListResults, NoMatch } from '../../components/ListStates.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { PageLoading } from '../../components/PageStates.tsx';
import { usePriceScope } from '../catalog/index.ts';
import { fetchAllOrders, orderListQuery } from './api.ts';
import { ordersCsv } from './ordersCsv.ts';
import { CsvExport } from '../../components/CsvExport.tsx';
import { useOrdersAccess } from './access.ts';
import { hasFilters, NO_FILTERS, orderFilterParams, parseOrderFilters, type OrderFilters } from './filters.ts';
import { ORDERS_PAGE_TEXTS } from './orderTexts.ts';
import { NoOrdersAccess } from './components/NoOrdersAccess.tsx';
import { OrderFiltersForm } from './components/OrderFiltersForm.tsx';
import { OrdersTable } from './components/OrdersTable.tsx';
import './orders.css';

const TITLE = 'My Orders';

/**
 * /my-orders (spec 02 §2 order list): the business's orders, newest first, 25 a page (spec 02 §9) with
 * Load more after the last page's cursor, filtered by status, days and order or PO number. The filters
 * live in the address, so reload, back and forward keep them.
 */
export default function MyOrdersPage() {
  const { pending, allowed, refusal } = useOrdersAccess();
  if (pending) return <PageLoading className="orders-page" title={TITLE} />;
  if (!allowed) return <NoOrdersAccess title={TITLE} reason={refusal!} />;
  return <OrderList />;
}

function OrderList() {
  const [params, setParams] = useSearchParams();
  const filters = parseOrderFilters(params);
  const scope = usePriceScope();
  const list = useInfiniteQuery(orderListQuery(scope, filters));
  const apply = (next: OrderFilters) => setParams(orderFilterParams(next));

  const pages = list.data?.pages ?? [];
  const orders = pages.flatMap((page) => page.edges.map((edge) => edge.node));
  const total = pages[0]?.totalCount ?? 0;
  const filtered = hasFilters(filters);
  // Other filters keep the last list on screen until their answer comes (keepPreviousData).
  const refreshing = list.isPlaceholderData;
  const noMatch = list.isSuccess && !refreshing && total === 0 && filtered;

  return (
    <div className="page orders-page">
      <h1>{TITLE}</h1>
      <OrderFiltersForm filters={filters} onApply={apply} offerClear={!noMatch} />

      <div className="orders-toolbar">
        <p className="orders-count" role="status">
          {list.isSuccess && !refreshing && (
            <>
              {countOf(total, 'order')}
              {orders.length < total && ` · showing ${orders.length}`}
            </>
          )}
        </p>
        {/* issue 27 §11: a bookkeeper files the orders as the invoices. */}
        <CsvExport
          fetchAll={(onProgress) => fetchAllOrders(filters, onProgress)}
          toCsv={ordersCsv}
          fileStem="orders"
          noun="orders"
          disabled={!list.isSuccess || total === 0}
        />
      </div>

      {list.isPending ? (
        <p className="muted orders-loading">Loading orders…</p>
      ) : list.isError && !list.data ? (
        <LoadError what="your orders" onRetry={() => void list.refetch()} />
      ) : total === 0 && !refreshing ? (
        filtered ? (
          <NoMatch className="orders-empty" onClear={() => apply(NO_FILTERS)}>
            {ORDERS_PAGE_TEXTS.noMatch}
          </NoMatch>
        ) : (
          <div className="empty-state orders-empty">
            <p>{ORDERS_PAGE_TEXTS.noOrdersYet}</p>
            <p>
              <Link to="/search">Search the catalog</Link>
            </p>
          </div>
        )
      ) : (
        <ListResults refreshing={refreshing}>
          <OrdersTable orders={orders} />
          {list.isFetchNextPageError && <LoadError what="more orders" onRetry={() => void list.fetchNextPage()} />}
          {list.hasNextPage && !refreshing && (
            <div className="orders-more">
              <Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                Load more orders
              </Button>
            </div>
          )}
        </ListResults>
      )}
    </div>
  );
}
