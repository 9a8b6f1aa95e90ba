import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PREFETCH_IDLE_TIMEOUT_MS, PREVIOUS_PURCHASES_SHOWN } from '@portal/contracts/constants';
import { can } from '@portal/contracts/permissions';
import { usePriceScope } from '../catalog/index.ts';
import { ProductList } from '../product/index.ts';
import { useSession } from '../session/index.ts';
import { previousPurchaseIdsQuery, productsOfIdsQuery } from './previousPurchases.ts';

/**
 * The dashboard's "Previously purchased" (spec 02 §7, §9): the products of the business's last three
 * orders, 8 at most, for those who may see My Orders (spec 01 §6: purchasing rights). Nothing renders
 * until the ids are known, and the dashboard puts the section last, so its arrival moves nothing above
 * it (issue 17's layout-shift budget); with no ids, or when a call fails, there is no section at all.
 */
export function PreviouslyPurchased() {
  const idle = useBrowserIdle();
  const { data: session } = useSession();
  const user = session?.user ?? null;
  const allowed = user !== null && can({ user, hasSelectedBusiness: Boolean(session?.selectedBusiness) }, 'myOrders');
  const scope = usePriceScope();
  const ids = useQuery({ ...previousPurchaseIdsQuery(scope), enabled: allowed && idle });
  const shown = (ids.data ?? []).slice(0, PREVIOUS_PURCHASES_SHOWN);
  const products = useQuery({ ...productsOfIdsQuery(scope, shown), enabled: allowed && idle && shown.length > 0 });

  if (!idle || !allowed || shown.length === 0 || products.isError || products.data?.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="home-previous">
      <div className="home-section-head">
        <h2 id="home-previous">Previously purchased</h2>
      </div>
      <ProductList products={products.data} label="Previously purchased" loadingCount={shown.length} />
    </section>
  );
}

/**
 * True once the browser has had an idle moment after the page's first render (at the latest after 2 s):
 * the last section of the dashboard, below the fold, does not add to the work of the first view (issue 17).
 */
function useBrowserIdle() {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: PREFETCH_IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(() => setIdle(true), 0);
    return () => window.clearTimeout(handle);
  }, []);
  return idle;
}
