import type { ReactNode } from 'react';
import { PageLink } from '../../components/PageLink.tsx';
import { useQueryClient } from '@tanstack/react-query';
import type { ProductSummary } from '@portal/contracts';
import { LazyImage } from '../../components/LazyImage.tsx';
import { formatMoney } from '@portal/contracts/format';
import { prefetchAllowed } from '../../lib/idle.ts';
import { productBySkuQuery, productPath, usePriceScope } from '../catalog/index.ts';
import './product-card.css';

/** The price a user pays, labelled by kind, with the list price struck through when lower (spec 01 §6). */
export function Price({ product, large }: { product: Pick<ProductSummary, 'price' | 'msrpCents'>; large?: boolean }) {
  const { price, msrpCents } = product;
  const saving = price.kind === 'discounted' && msrpCents !== null && msrpCents > price.cents;
  return (
    <p className={`price ${large ? 'price-large' : ''}`}>
      <span className="price-label">{price.kind === 'msrp' ? 'MSRP' : 'Your price'}</span>{' '}
      <strong className="price-amount">{formatMoney(price.cents)}</strong>
      {saving && (
        <>
          {' '}
          <s className="price-was" aria-label={`MSRP ${formatMoney(msrpCents)}`}>
            {formatMoney(msrpCents)}
          </s>
        </>
      )}
    </p>
  );
}

/** Availability as a buyer reads it (spec 01 §3 isAvailable, isAvailableForPurchase). */
export function Availability({ product }: { product: Pick<ProductSummary, 'isAvailable' | 'isAvailableForPurchase'> }) {
  if (!product.isAvailable) return <p className="availability availability-out">Out of stock</p>;
  if (!product.isAvailableForPurchase)
    return <p className="availability availability-hold">Not available for purchase online</p>;
  return <p className="availability availability-in">In stock</p>;
}

interface ProductCardProps {
  product: ProductSummary;
  /** A label over the picture, e.g. a deal's badge. */
  badge?: string;
  /** Extra controls under the card (quick order quantity, add to cart). */
  children?: ReactNode;
  headingLevel?: 2 | 3;
}

/** A product in a list: picture, name, brand, SKU, price, availability and case quantity. */
export function ProductCard({ product, badge, children, headingLevel = 3 }: ProductCardProps) {
  const queryClient = useQueryClient();
  const scope = usePriceScope();
  const Heading = `h${headingLevel}` as const;
  // Hovering a card with a mouse fetches its page ahead of the click.
  const prefetch = () => {
    if (prefetchAllowed()) void queryClient.prefetchQuery(productBySkuQuery(scope, product.sku));
  };
  return (
    <article className="product-card" onPointerEnter={(e) => e.pointerType === 'mouse' && prefetch()}>
      <PageLink to={productPath(product.sku)} className="product-card-image" tabIndex={-1} aria-hidden="true">
        {product.image ? (
          <LazyImage src={product.image} alt="" width={240} height={180} />
        ) : (
          <span className="product-card-noimage">No picture</span>
        )}
        {badge && <span className="product-badge">{badge}</span>}
      </PageLink>
      <div className="product-card-body">
        <p className="product-card-brand">{product.brand.name}</p>
        <Heading className="product-card-name">
          <PageLink to={productPath(product.sku)} onFocus={prefetch}>
            {product.name}
          </PageLink>
        </Heading>
        <p className="product-card-sku">
          SKU <span>{product.sku}</span>
        </p>
        <Price product={product} />
        <Availability product={product} />
        {product.caseQty > 1 && <p className="product-card-case">Case of {product.caseQty}</p>}
        {children}
      </div>
    </article>
  );
}

interface ProductListProps<P extends ProductSummary> {
  products: readonly P[] | undefined;
  /** Accessible name of the list, e.g. 'Search results'. */
  label: string;
  /** Placeholder cards shown while the first answer is on its way. */
  loadingCount?: number;
  /** Dims the list while a newer answer loads (the old one stays readable). */
  refreshing?: boolean;
  badgeOf?: (product: P) => string | undefined;
  extra?: (product: P) => ReactNode;
  headingLevel?: 2 | 3;
}

/** Products as a grid of cards, with loading placeholders. */
export function ProductList<P extends ProductSummary>({
  products,
  label,
  loadingCount = 8,
  refreshing,
  badgeOf,
  extra,
  headingLevel,
}: ProductListProps<P>) {
  return (
    <ul
      className={`product-grid ${refreshing ? 'is-refreshing' : ''}`}
      aria-label={label}
      aria-busy={!products || refreshing}
    >
      {products
        ? products.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} badge={badgeOf?.(product)} headingLevel={headingLevel}>
                {extra?.(product)}
              </ProductCard>
            </li>
          ))
        : Array.from({ length: loadingCount }, (_, i) => (
            <li key={i}>
              <ProductCardSkeleton />
            </li>
          ))}
    </ul>
  );
}

function ProductCardSkeleton() {
  return (
    <div className="product-card product-card-skeleton" aria-hidden="true">
      <div className="skeleton skeleton-image" />
      <div className="product-card-body">
        <div className="skeleton skeleton-line" />
        <div className="skeleton skeleton-line skeleton-short" />
      </div>
    </div>
  );
}
