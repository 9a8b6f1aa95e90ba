import { useQuery } from '@tanstack/react-query';
import { PREVIOUS_PURCHASES_SHOWN } from '@portal/contracts/constants';
import { can } from '@portal/contracts/permissions';
import { usePriceScope } from '../catalog/index.ts';
import { ProductList } from '../product/index.ts';
import { useSession } from '../session/index.ts';
import { useNearViewport } from '../../lib/nearViewport.ts';
import { previousPurchaseIdsQuery, productsOfIdsQuery } from './previousPurchases.ts';

/**
 * The dashboard's "Previously purchased" (spec 02 §7, §9): the products of the business's last three
 * orders, 8 at most, for those who may see My Orders (spec 01 §6: purchasing rights). Nothing renders
 * until the ids are known, and the dashboard puts the section last, so its arrival moves nothing above
 * it (issue 17's layout-shift budget); with no ids, or when a call fails, there is no section at all. Far
 * below the fold on a phone, it asks for the ids when the reader comes within a screen of where it will be
 * (issue 31: an empty marker stands there until then).
 */
export function PreviouslyPurchased() {
  const [marker, near] = useNearViewport<HTMLDivElement>();
  const { data: session } = useSession();
  const user = session?.user ?? null;
  const allowed = user !== null && can({ user, hasSelectedBusiness: Boolean(session?.selectedBusiness) }, 'myOrders');
  const scope = usePriceScope();
  const ids = useQuery({ ...previousPurchaseIdsQuery(scope), enabled: allowed && near });
  const shown = (ids.data ?? []).slice(0, PREVIOUS_PURCHASES_SHOWN);
  const products = useQuery({ ...productsOfIdsQuery(scope, shown), enabled: allowed && near && shown.length > 0 });

  if (!allowed) return null;
  if (!near) return <div ref={marker} />;
  if (shown.length === 0 || products.isError || products.data?.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="home-previous">
      <div className="home-section-head">
        <h2 id="home-previous">Previously purchased</h2>
      </div>
      <ProductList products={products.data} label="Previously purchased" loadingCount={shown.length} />
    </section>
  );
}
