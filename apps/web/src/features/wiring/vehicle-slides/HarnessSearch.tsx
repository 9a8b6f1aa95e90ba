import { Link, useNavigate } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ProductSummary } from '@portal/contracts';
import { searchProductsQuery, usePriceScope } from '../../catalog/index.ts';
import { tHarnessQuery } from '../api.ts';
import { slidePath } from '../slides.ts';
import { SlideEmpty, SlideHeading } from '../SlideFrame.tsx';
import { nameOf, type SlideProps } from './common.ts';
import { ProductResults } from './parts.tsx';

const HARNESS_CATEGORY = 't-harnesses';

/**
 * T-harnesses (spec 01 §2.6): the vehicle's harnesses, and the product search for one, which
 * needs a search term (a SKU or words), among the T-Harnesses category at the session's prices.
 */
export function HarnessSearch({ address, vehicle }: SlideProps) {
  const navigate = useNavigate();
  const scope = usePriceScope();
  const form = useForm({ defaultValues: { term: address.q } });
  const term = useWatch({ control: form.control, name: 'term' });
  const harnesses = useQuery(tHarnessQuery(vehicle.t_harnesses.map((h) => h.sku)));
  const inCatalog = new Set(harnesses.data?.filter((h) => h.inCatalog).map((h) => h.sku));
  const found = useQuery({
    ...searchProductsQuery(scope, { limit: 20, filters: { search: address.q, categories: [HARNESS_CATEGORY] } }),
    enabled: address.q !== '',
    placeholderData: undefined,
  });
  const submit = form.handleSubmit((values) => {
    const q = values.term.trim();
    if (q) void navigate(slidePath(address, 't-harness-search', { q }));
  });
  return (
    <section>
      <SlideHeading sub={nameOf(vehicle)}>T-harnesses</SlideHeading>
      {vehicle.t_harnesses.length ? (
        <ul className="option-list" aria-label="T-harnesses for this vehicle">
          {vehicle.t_harnesses.map((h) => (
            <li key={h.sku} className="harness">
              <p className="option-label">{h.name}</p>
              <p className="option-hint">
                {h.sku}
                {h.notes ? ` · ${h.notes}` : ''}
              </p>
              {inCatalog.has(h.sku) && (
                <Link
                  to={slidePath(address, 't-harness-search', { q: h.sku })}
                  aria-label={`Find ${h.sku} in the catalog`}
                >
                  Find in the catalog
                </Link>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p>No T-harnesses are listed for this vehicle. Search the catalog below.</p>
      )}
      <form className="harness-search" role="search" onSubmit={submit} aria-label="T-harness product search">
        <label htmlFor="harness-term">Search T-harness products</label>
        <div className="harness-search-row">
          <input
            id="harness-term"
            type="search"
            {...form.register('term')}
            maxLength={100}
            placeholder="SKU or keyword"
          />
          <button type="submit" className="button button-primary" disabled={!term.trim()}>
            Search
          </button>
        </div>
      </form>
      {address.q && (
        <ProductResults
          query={{ ...found, data: found.data?.results } as UseQueryResult<ProductSummary[]>}
          label="T-harness products"
          empty={
            <SlideEmpty title={`No T-harness matches “${address.q}”`}>
              <p>Check the SKU, or try fewer words.</p>
            </SlideEmpty>
          }
        />
      )}
    </section>
  );
}
