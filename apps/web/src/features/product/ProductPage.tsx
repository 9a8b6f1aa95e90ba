import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { ProductDetail } from '@portal/contracts';
import { messages } from '@portal/contracts/messages';
import { alerts } from '../../components/alerts.ts';
import { ApiError } from '../../lib/api.ts';
import { productBySkuQuery, productsBySkusQuery, usePriceScope } from '../catalog/index.ts';
import { Availability, Price, ProductList } from './ProductCard.tsx';
import { useSession } from '../session/index.ts';
import { BuyBox } from './BuyBox.tsx';
import { ProductGallery } from './ProductGallery.tsx';
import { caseText, specificationRows } from './productText.ts';
import { usePageTitle } from '../../lib/pageTitle.ts';
import './product.css';

const ROUTE_TITLE = 'Product';

/** /product/{sku} (spec 01 §2.1): one product with its pictures, price, description and related products. */
export default function ProductPage() {
  const sku = useParams().id?.trim() ?? '';
  // A new SKU is a new page: the chosen picture and quantity start over.
  return sku ? <ProductView key={sku.toUpperCase()} sku={sku} /> : <ProductNotFound sku="" />;
}

function ProductView({ sku }: { sku: string }) {
  const session = useSession();
  const scope = usePriceScope();
  // The price depends on who asks (spec 01 §6): wait for the session rather than show a visitor's price first.
  const product = useQuery({ ...productBySkuQuery(scope, sku), enabled: !session.isPending });
  // spec 01 §8: 'Not Found' for a product by SKU; a SKU the server refuses to read is not found either.
  const notFound = product.error instanceof ApiError && (product.error.status === 404 || product.error.status === 400);
  usePageTitle(product.data?.name ?? null, ROUTE_TITLE);

  const failure = product.isError && !notFound ? product.error : null;
  useEffect(() => {
    if (failure) alerts.showError(failure);
  }, [failure]);

  if (product.data) return <ProductDetails product={product.data} />;
  if (notFound) return <ProductNotFound sku={sku} />;
  if (failure) {
    return (
      <div className="page">
        <section className="product-missing" aria-labelledby="product-missing-title">
          <h1 id="product-missing-title">{ROUTE_TITLE}</h1>
          <p>This product could not be loaded.</p>
          <button type="button" className="button button-primary" onClick={() => void product.refetch()}>
            Try again
          </button>
        </section>
      </div>
    );
  }
  return <ProductSkeleton />;
}

function ProductDetails({ product }: { product: ProductDetail }) {
  const specs = specificationRows(product.metadata);
  return (
    <div className="page product-page">
      <div className="product-top">
        <ProductGallery name={product.name} images={product.images} />
        <div className="product-info">
          <h1 className="product-name">{product.name}</h1>
          <dl className="product-facts">
            <div>
              <dt>Brand</dt>
              <dd>
                <Link to={`/search?${new URLSearchParams({ b: product.brand.slug })}`}>{product.brand.name}</Link>
              </dd>
            </div>
            <div>
              <dt>Category</dt>
              <dd>
                <Link to={`/search?${new URLSearchParams({ c: product.category.slug })}`}>{product.category.name}</Link>
              </dd>
            </div>
            <div>
              <dt>SKU</dt>
              <dd>{product.sku}</dd>
            </div>
            <div>
              <dt>Short code</dt>
              <dd>{product.shortCode}</dd>
            </div>
          </dl>
          {/* The server decides the price from the session (spec 01 §6); the page only shows it. */}
          <Price product={product} large />
          <Availability product={product} />
          <p className="product-case">{caseText(product.caseQty)}</p>
          <BuyBox product={product} />
        </div>
      </div>

      {product.description.length > 0 && (
        <section className="product-section product-description" aria-labelledby="product-description-title">
          <h2 id="product-description-title">Description</h2>
          {product.description.map((block, i) =>
            block.type === 'heading' ? (
              <h3 key={i}>{block.text}</h3>
            ) : block.type === 'list' ? (
              <ul key={i}>
                {block.items.map((item, j) => (
                  <li key={j}>{item}</li>
                ))}
              </ul>
            ) : (
              <p key={i}>{block.text}</p>
            ),
          )}
        </section>
      )}

      {specs.length > 0 && (
        <section className="product-section" aria-labelledby="product-specs-title">
          <h2 id="product-specs-title">Specifications</h2>
          <table className="spec-table">
            <tbody>
              {specs.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  <td>{row.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      <RelatedProducts skus={product.relatedSkus} />
    </div>
  );
}

/** Products of the same brand that go with this one; nothing at all when there are none. */
function RelatedProducts({ skus }: { skus: readonly string[] }) {
  const scope = usePriceScope();
  const related = useQuery(productsBySkusQuery(scope, skus));
  // A failed or empty answer hides the section: related products are a suggestion, not the page.
  if (skus.length === 0 || related.isError || related.data?.length === 0) return null;
  return (
    <section className="product-section product-related" aria-labelledby="product-related-title">
      <h2 id="product-related-title">Related products</h2>
      <ProductList products={related.data} label="Related products" loadingCount={skus.length} headingLevel={3} />
    </section>
  );
}

/** spec 01 §8 'Not Found', with the ways on: search for what was asked, or browse everything. */
function ProductNotFound({ sku }: { sku: string }) {
  const term = sku.slice(0, 100);
  usePageTitle(messages.notFound, ROUTE_TITLE);
  return (
    <div className="page">
      <section className="product-missing" aria-labelledby="product-missing-title">
        <h1 id="product-missing-title">{messages.notFound}</h1>
        <p>
          {sku ? (
            <>
              We could not find a product with SKU <strong className="product-missing-sku">{sku}</strong>. It may have
              been renamed or discontinued.
            </>
          ) : (
            'No product was chosen.'
          )}
        </p>
        <div className="button-row">
          {term && (
            <Link className="button button-primary" to={`/search?${new URLSearchParams({ s: term })}`}>
              Search for &ldquo;{term}&rdquo;
            </Link>
          )}
          <Link className={`button ${term ? 'button-secondary' : 'button-primary'}`} to="/search">
            Browse all products
          </Link>
        </div>
      </section>
    </div>
  );
}

function ProductSkeleton() {
  return (
    <div className="page product-page" aria-busy="true">
      <p role="status" className="visually-hidden">
        Loading product
      </p>
      <div className="product-top" aria-hidden="true">
        <div className="product-gallery">
          <div className="skeleton product-skeleton-image" />
        </div>
        <div className="product-info">
          <div className="skeleton product-skeleton-title" />
          <div className="skeleton skeleton-line skeleton-short" />
          <div className="skeleton skeleton-line skeleton-short" />
          <div className="skeleton product-skeleton-price" />
          <div className="skeleton skeleton-line" />
          <div className="skeleton buy-box-skeleton" />
        </div>
      </div>
    </div>
  );
}
