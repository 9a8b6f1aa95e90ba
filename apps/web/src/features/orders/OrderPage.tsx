import { Link, Navigate, useParams } from 'react-router';
import { PrintLetterhead } from '../../components/PrintLetterhead.tsx';
import { useQuery } from '@tanstack/react-query';
import { ORDER_TEXTS, type Order } from '@portal/contracts/orders';
import { formatDate } from '@portal/contracts/format';
import { isNotFound, PageLoadError, PageLoading, RecordNotFound } from '../../components/PageStates.tsx';
import { usePageTitle } from '../../lib/pageTitle.ts';
import { isUuid } from '../../lib/uuid.ts';
import { productPath, usePriceScope } from '../catalog/index.ts';
import { OrderSummary } from '../../components/order/OrderSummary.tsx';
import { orderQuery } from './api.ts';
import { useOrdersAccess } from './access.ts';
import { placedByText, trackingUrl } from './orderTexts.ts';
import { NoOrdersAccess } from './components/NoOrdersAccess.tsx';
import { Reorder } from './components/Reorder.tsx';
import { StatusBadge } from './components/StatusBadge.tsx';
import { StatusHistory } from './components/StatusHistory.tsx';
import './orders.css';

/** The route table's title (contracts/pages.ts), put back when the page leaves. */
const ROUTE_TITLE = 'Order Details';

/**
 * /order/{id} (spec 02 §2 order detail, §3 Order): one order of the session's business with its lines at
 * the prices paid, addresses, payment, who placed it, its tracking and history; Reorder and Print.
 * Without an id, My Orders is where orders are chosen.
 */
export default function OrderPage() {
  const id = useParams().id?.trim() ?? '';
  const { pending, allowed, refusal } = useOrdersAccess();
  if (!id) return <Navigate to="/my-orders" replace />;
  if (pending) return <PageLoading className="order-page" title={ROUTE_TITLE} />;
  if (!allowed) return <NoOrdersAccess title={ROUTE_TITLE} reason={refusal!} />;
  // The server refuses an id that is not one (400): the same 'Order not found.' without asking.
  if (!isUuid(id)) return <OrderNotFound />;
  return <OrderView key={id} id={id} />;
}

function OrderView({ id }: { id: string }) {
  const scope = usePriceScope();
  const order = useQuery(orderQuery(scope, id));
  usePageTitle(order.data ? `Order ${order.data.number}` : null, ROUTE_TITLE);

  if (order.data) return <OrderDetails order={order.data} />;
  if (isNotFound(order.error)) return <OrderNotFound />;
  if (order.isError)
    return (
      <PageLoadError
        className="order-page"
        title={ROUTE_TITLE}
        error={order.error}
        onRetry={() => void order.refetch()}
      />
    );
  return (
    <PageLoading className="order-page" title={ROUTE_TITLE}>
      <p className="muted">Loading the order…</p>
    </PageLoading>
  );
}

function OrderNotFound() {
  return (
    <RecordNotFound
      className="order-page"
      heading={ORDER_TEXTS.notFound}
      title="Order not found"
      routeTitle={ROUTE_TITLE}
      listPath="/my-orders"
      listName="My Orders"
    />
  );
}

function OrderDetails({ order }: { order: Order }) {
  const { canReorder } = useOrdersAccess();
  const shipped = order.status === 'shipped' || order.status === 'delivered';
  const tracking = shipped && order.trackingNumber ? order.trackingNumber : null;
  const trackingLink = tracking ? trackingUrl(order.carrier, tracking) : null;
  const print = (
    <button type="button" className="button button-secondary" onClick={() => window.print()}>
      Print
    </button>
  );

  return (
    <div className="page order-page">
      <PrintLetterhead />
      <p className="order-back">
        <Link to="/my-orders">All orders</Link>
      </p>
      <header className="order-head">
        <h1>Order {order.number}</h1>
        <StatusBadge status={order.status} />
      </header>
      <p className="order-byline">Placed by {placedByText(order.placedBy)}</p>
      <dl className="details order-facts">
        <dt>Date</dt>
        <dd>
          <time dateTime={order.created}>{formatDate(order.created)}</time>
        </dd>
        <dt>PO number</dt>
        <dd>{order.poNumber ?? 'None'}</dd>
        <dt>Business</dt>
        <dd>
          {order.businessPartner.companyName} ({order.businessPartner.sapBpCode})
        </dd>
        <dt>Contact</dt>
        <dd>{order.placedBy.email}</dd>
      </dl>

      {canReorder ? <Reorder order={order}>{print}</Reorder> : <div className="button-row order-actions">{print}</div>}

      <OrderSummary
        order={order}
        productHref={productPath}
        shippingFacts={
          <>
            {shipped && order.carrier && (
              <>
                <dt>Carrier</dt>
                <dd>{order.carrier}</dd>
              </>
            )}
            {tracking && (
              <>
                <dt>Tracking number</dt>
                <dd>
                  {trackingLink ? (
                    <a href={trackingLink} target="_blank" rel="noopener noreferrer">
                      {tracking}
                      <span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                  ) : (
                    tracking
                  )}
                </dd>
              </>
            )}
          </>
        }
      />

      <section className="card" aria-labelledby="order-history">
        <h2 id="order-history">Status history</h2>
        <StatusHistory history={order.statusHistory} />
      </section>
    </div>
  );
}
