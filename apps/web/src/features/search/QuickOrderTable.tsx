import { Link } from 'react-router';
import type { ProductSummary } from '@portal/contracts';
import { formatMoney } from '@portal/contracts/format';
import { productPath } from '../catalog/index.ts';
import { Availability } from '../product/index.ts';
import { MAX_LINE_QUANTITY } from '@portal/contracts/constants';
import { setLineQuantity, toggleLine, useQuickOrder } from './quickOrder.ts';

/**
 * Quick order view (spec 01 §2.5): one row per product with a check box and a quantity; the
 * selection survives paging and new searches.
 */
export function QuickOrderTable({ products, label }: { products: readonly ProductSummary[]; label: string }) {
  const lines = useQuickOrder();
  return (
    <div className="quick-order-scroll">
      <table className="quick-order">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            <th scope="col">Select</th>
            <th scope="col">Product</th>
            <th scope="col" className="num">
              Price
            </th>
            <th scope="col">Availability</th>
            <th scope="col">Quantity</th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => {
            const line = lines.get(product.id);
            const quantity = line?.quantity ?? 1;
            return (
              <tr key={product.id} className={line ? 'is-selected' : undefined}>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Select ${product.sku}`}
                    checked={line !== undefined}
                    onChange={(e) => toggleLine(product, e.target.checked, quantity)}
                  />
                </td>
                <td>
                  <Link to={productPath(product.sku)}>{product.name}</Link>
                  <div className="muted small">
                    {product.sku}
                    {product.caseQty > 1 && ` · case of ${product.caseQty}`}
                  </div>
                </td>
                <td className="num">
                  <span className="muted small">{product.price.kind === 'msrp' ? 'MSRP ' : ''}</span>
                  {formatMoney(product.price.cents)}
                </td>
                <td>
                  <Availability product={product} />
                </td>
                <td>
                  <input
                    type="number"
                    inputMode="numeric"
                    className="quantity"
                    min={1}
                    max={MAX_LINE_QUANTITY}
                    step={1}
                    aria-label={`Quantity of ${product.sku}`}
                    value={quantity}
                    onChange={(e) => {
                      const n = Number(e.target.value);
                      if (line) setLineQuantity(product.id, n);
                      else if (e.target.value) toggleLine(product, true, n);
                    }}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
