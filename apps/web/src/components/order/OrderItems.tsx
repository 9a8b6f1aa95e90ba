import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BACKORDER_NOTE, type Order } from '@portal/contracts/orders';
import { formatMoney, formatNumber } from '@portal/contracts/format';
import { CardTable } from '../CardTable.tsx';
import { OrderTotals } from './OrderTotals.tsx';
import './order.css';

/**
 * What an order bought, at the prices paid: product (a link while the product still exists, when the
 * page knows the product's address), SKU, quantity, price each and line total; then the totals. On a
 * phone each line is a small card.
 */
export function OrderItems({ order, productHref }: { order: Order; productHref?: (sku: string) => string }) {
  const productName = (line: Order['lines'][number]): ReactNode => (
    <>
      {productHref && line.variant.product.id ? (
        <Link to={productHref(line.sku)}>{line.productName}</Link>
      ) : (
        line.productName
      )}
      {line.backordered && <span className="order-line-backorder">{BACKORDER_NOTE}</span>}
    </>
  );
  return (
    <>
      <CardTable
        className="lines-table order-lines-table"
        caption={`Items of order ${order.number}`}
        rows={order.lines}
        rowKey={(line) => line.id}
        rowHeader={{ label: 'Product', className: 'order-line-product', cell: productName }}
        columns={[
          { label: 'SKU', className: 'order-line-sku', cell: (line) => line.sku },
          { label: 'Qty', numeric: true, cell: (line) => formatNumber(line.quantity) },
          { label: 'Price', numeric: true, cell: (line) => formatMoney(line.unitPrice.cents) },
          { label: 'Total', numeric: true, cell: (line) => formatMoney(line.total.cents) },
        ]}
      />
      <OrderTotals
        totals={{
          subtotalCents: order.subtotal.cents,
          shippingCents: order.shippingPrice.cents,
          shippingMethodName: order.shippingMethodName,
          tax: order.tax,
          totalCents: order.total.cents,
        }}
      />
    </>
  );
}
