import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProductSummary } from '@portal/contracts';
import { formatMoney } from '@portal/contracts/format';
import { MAX_LINE_QUANTITY } from '@portal/contracts/constants';
import { productPath } from '../catalog/index.ts';

/**
 * The quick order's table (spec 01 §2.5): a row per product with a check box, its price for this business, its
 * availability and a quantity. The search results, the selection and a pasted list's review (issue 33 item 3) show
 * products this way.
 */
export function QuickOrderGrid({ label, children }: { label: string; children: ReactNode }) {
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
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export function QuickOrderRow({
  product,
  selected,
  onSelect,
  quantity,
  onQuantity,
  availability,
  invalid = false,
}: {
  product: Pick<ProductSummary, 'sku' | 'name' | 'price' | 'caseQty'>;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  quantity: number;
  /** The field's text as typed (an empty field is the buyer still typing). */
  onQuantity: (value: string) => void;
  availability: ReactNode;
  /** The quantity can not be ordered as it is (more than a cart line holds). */
  invalid?: boolean;
}) {
  return (
    <tr className={invalid ? 'is-invalid' : selected ? 'is-selected' : undefined}>
      <td>
        <input
          type="checkbox"
          aria-label={`Select ${product.sku}`}
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
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
      <td>{availability}</td>
      <td>
        <input
          type="number"
          inputMode="numeric"
          className="quantity"
          min={1}
          max={MAX_LINE_QUANTITY}
          step={1}
          aria-label={`Quantity of ${product.sku}`}
          aria-invalid={invalid || undefined}
          value={quantity}
          onChange={(e) => onQuantity(e.target.value)}
        />
      </td>
    </tr>
  );
}
