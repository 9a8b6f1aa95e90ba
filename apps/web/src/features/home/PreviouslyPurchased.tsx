import type { ProductSummary } from '@portal/contracts';
import { PREVIOUS_PURCHASES_SHOWN } from '@portal/contracts/constants';
import { ProductList } from '../product/index.ts';

/**
 * "Previously purchased": products the business bought before, for a quick re-order. Orders
 * arrive in a later issue; until something feeds this list the section is not rendered at all.
 */
export function PreviouslyPurchased({ products }: { products: readonly ProductSummary[] }) {
  if (!products.length) return null;
  return (
    <section className="home-section" aria-labelledby="home-previous">
      <div className="home-section-head">
        <h2 id="home-previous">Previously purchased</h2>
      </div>
      <ProductList products={products.slice(0, PREVIOUS_PURCHASES_SHOWN)} label="Previously purchased" />
    </section>
  );
}
