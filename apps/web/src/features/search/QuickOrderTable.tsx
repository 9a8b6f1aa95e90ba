import type { ProductSummary } from '@portal/contracts';
import { Availability } from '../product/index.ts';
import { QuickOrderGrid, QuickOrderRow } from './QuickOrderRows.tsx';
import { setLineQuantity, toggleLine, useQuickOrder } from './quickOrder.ts';

/**
 * Quick order view (spec 01 §2.5): one row per product with a check box and a quantity; the
 * selection survives paging and new searches.
 */
export function QuickOrderTable({ products, label }: { products: readonly ProductSummary[]; label: string }) {
  const lines = useQuickOrder();
  return (
    <QuickOrderGrid label={label}>
      {products.map((product) => {
        const line = lines.get(product.id);
        const quantity = line?.quantity ?? 1;
        return (
          <QuickOrderRow
            key={product.id}
            product={product}
            selected={line !== undefined}
            onSelect={(selected) => toggleLine(product, selected, quantity)}
            quantity={quantity}
            onQuantity={(value) => {
              const n = Number(value);
              if (line) setLineQuantity(product.id, n);
              else if (value) toggleLine(product, true, n);
            }}
            availability={<Availability product={product} />}
          />
        );
      })}
    </QuickOrderGrid>
  );
}
