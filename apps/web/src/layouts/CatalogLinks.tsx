import { PageLink } from '../components/PageLink.tsx';
import { useCatalogMenu } from '../features/catalog/api.ts';
import { useApprovedBrands } from '../features/session/api.ts';
import { brandHref, categoryHref, VIEW_ALL_PRODUCTS } from './navigation.ts';

/**
 * The Products or Brands entries of a menu (spec 01 §2.4), as list items ending with View All.
 * Links carry the selected business's approved brands (spec 01 §6).
 */
export function CatalogLinks({ kind, viewAllClassName }: { kind: 'categories' | 'brands'; viewAllClassName?: string }) {
  const menu = useCatalogMenu();
  const approvedBrands = useApprovedBrands();
  const hrefOf = kind === 'categories' ? categoryHref : brandHref;
  return (
    <>
      {menu.data?.[kind].map((entry) => (
        <li key={entry.slug}>
          <PageLink to={hrefOf(entry.slug, approvedBrands)}>{entry.name}</PageLink>
        </li>
      ))}
      <li>
        <PageLink to={VIEW_ALL_PRODUCTS} className={viewAllClassName}>
          View All
        </PageLink>
      </li>
    </>
  );
}
