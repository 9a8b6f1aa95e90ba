import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { messages } from '@portal/contracts/messages';
import type { ProductSummary } from '@portal/contracts';
import { alertLinesFor } from '../../../lib/errors.ts';
import { productsBySkusQuery, usePriceScope } from '../../catalog/index.ts';
import { ProductList } from '../../product/index.ts';
import { slidePath, type WiringAddress } from '../slides.ts';
import { SlideEmpty, SlideLoading } from '../SlideFrame.tsx';

// The building blocks the vehicle's slides share.

/** A query's loading, failure and empty states around its content. */
export function Loaded<T>({
  query,
  loading,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  loading: string;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <SlideLoading label={loading} />;
  if (query.isError)
    return (
      <SlideEmpty title="This could not be loaded">
        <p>{alertLinesFor(query.error).join(' ')}</p>
        <button type="button" className="button button-secondary" onClick={() => void query.refetch()}>
          Try again
        </button>
      </SlideEmpty>
    );
  return <>{isEmpty(query.data) ? empty : children(query.data)}</>;
}

export function BackToVehicle({ address, text }: { address: WiringAddress; text: string }) {
  return (
    <SlideEmpty title={text}>
      <p>
        Try another source from the <Link to={slidePath(address, 'vehicle')}>vehicle’s options</Link>, or{' '}
        <Link to="/wiring">search for another vehicle</Link>.
      </p>
    </SlideEmpty>
  );
}

export function ChoiceList({ items }: { items: { key: string; label: string; to: string; hint?: string }[] }) {
  return (
    <ul className="option-list">
      {items.map((item) => (
        <li key={item.key}>
          <Link className="option-link" to={item.to}>
            <span className="option-label">{item.label}</span>
            {item.hint && <span className="option-hint">{item.hint}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function PrintLink({ address, label = 'Print this sheet' }: { address: WiringAddress; label?: string }) {
  const params = new URLSearchParams({ vehicle: address.vehicle ?? '', slide: address.slide });
  if (address.category) params.set('category', address.category);
  if (address.trim) params.set('trim', address.trim);
  return (
    <Link className="button button-secondary print-link" to={`/wiring/print?${params.toString().replace(/%2C/g, ',')}`}>
      {label}
    </Link>
  );
}

export function VehicleProducts({ skus, label, empty }: { skus: readonly string[]; label: string; empty: ReactNode }) {
  const scope = usePriceScope();
  const products = useQuery(productsBySkusQuery(scope, skus));
  return <ProductResults query={products} label={label} empty={empty} count={skus.length} />;
}

/** Products at the session's prices (spec 01 §6: the server decides), or what to do when there are none. */
export function ProductResults({
  query,
  label,
  empty,
  count = 4,
}: {
  query: UseQueryResult<ProductSummary[]>;
  label: string;
  empty: ReactNode;
  count?: number;
}) {
  if (count === 0 || (query.data && !query.data.length)) return <>{empty}</>;
  if (query.isError) return <SlideEmpty title={messages.notFound}>{empty}</SlideEmpty>;
  return <ProductList products={query.data} label={label} loadingCount={Math.min(count, 4)} headingLevel={2} />;
}
