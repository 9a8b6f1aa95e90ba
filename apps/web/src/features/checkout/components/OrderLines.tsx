import { formatMoney } from '@portal/contracts/format';

export interface OrderLineView {
  id: string;
  name: string;
  sku: string;
  quantity: number;
  /** Each, in cents. */
  unitCents: number;
  totalCents: number;
}

/** What is bought: name, SKU, quantity, price each and line total, as the server priced them. */
export function OrderLines({ lines, caption }: { lines: OrderLineView[]; caption: string }) {
  return (
    <table className="order-lines">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col" className="num">
            Qty
          </th>
          <th scope="col" className="num">
            Price
          </th>
          <th scope="col" className="num">
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.id}>
            <th scope="row" className="order-line-product">
              <span className="order-line-name">{line.name}</span>
              <span className="order-line-sku">{line.sku}</span>
            </th>
            <td className="num">{line.quantity}</td>
            <td className="num">{formatMoney(line.unitCents)}</td>
            <td className="num">{formatMoney(line.totalCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
