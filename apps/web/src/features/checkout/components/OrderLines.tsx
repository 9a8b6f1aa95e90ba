import { formatMoney } from '@portal/contracts/format';
import { BACKORDER_NOTE } from '@portal/contracts/orders';
import { CardTable } from '../../../components/CardTable.tsx';

export interface OrderLineView {
  id: string;
  name: string;
  sku: string;
  quantity: number;
  /** Each, in cents. */
  unitCents: number;
  totalCents: number;
  /** Out of stock now: the order takes it, and it ships when back in stock. */
  backordered?: boolean;
}

/** What is bought: name, SKU, quantity, price each and line total, as the server priced them. */
export function OrderLines({ lines, caption }: { lines: OrderLineView[]; caption: string }) {
  return (
    <CardTable
      className="order-lines"
      caption={caption}
      rows={lines}
      rowKey={(line) => line.id}
      rowHeader={{
        label: 'Product',
        className: 'order-line-product',
        cell: (line) => (
          <>
            <span className="order-line-name">{line.name}</span>
            <span className="order-line-sku">{line.sku}</span>
            {line.backordered && <span className="order-line-backorder">{BACKORDER_NOTE}</span>}
          </>
        ),
      }}
      columns={[
        { label: 'Qty', numeric: true, cell: (line) => line.quantity },
        { label: 'Price', numeric: true, cell: (line) => formatMoney(line.unitCents) },
        { label: 'Total', numeric: true, cell: (line) => formatMoney(line.totalCents) },
      ]}
    />
  );
}
