import { APPROVED_BRANDS_VALUE } from '@portal/contracts/constants';
import type { NamedSlug } from '@portal/contracts';
import { useCatalogMenu } from '../catalog/index.ts';
import type { SearchState } from './params.ts';

interface FiltersProps {
  state: SearchState;
  /** The user acts for a business, so "my approved brands" means something. */
  hasBusiness: boolean;
  onChange: (next: Pick<SearchState, 'categories' | 'brands'>) => void;
}

const toggled = (list: string[], slug: string, on: boolean) =>
  on ? [...list.filter((s) => s !== slug), slug] : list.filter((s) => s !== slug);

/** Category and brand filters, with the approved-brands-only choice (spec 01 §2.5, §6). */
export function Filters({ state, hasBusiness, onChange }: FiltersProps) {
  const menu = useCatalogMenu();
  const group = (legend: string, items: NamedSlug[] | undefined, key: 'categories' | 'brands') => (
    <fieldset className="filter-group">
      <legend>{legend}</legend>
      {items ? (
        items.map((item) => (
          <label key={item.slug} className="check">
            <input
              type="checkbox"
              checked={state[key].includes(item.slug)}
              onChange={(e) => onChange({ ...state, [key]: toggled(state[key], item.slug, e.target.checked) })}
            />
            {item.name}
          </label>
        ))
      ) : (
        <p className="muted">Loading…</p>
      )}
    </fieldset>
  );
  return (
    <div className="filters">
      {hasBusiness && (
        <label className="check check-strong">
          <input
            type="checkbox"
            checked={state.brands.includes(APPROVED_BRANDS_VALUE)}
            onChange={(e) =>
              onChange({ ...state, brands: toggled(state.brands, APPROVED_BRANDS_VALUE, e.target.checked) })
            }
          />
          My approved brands only
        </label>
      )}
      {group('Categories', menu.data?.categories, 'categories')}
      {group('Brands', menu.data?.brands, 'brands')}
    </div>
  );
}
