import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Promotion } from '@portal/contracts';
import { couponsQuery, discountedProductsQuery, usePriceScope, type PriceScope } from '../catalog/index.ts';
import { ProductList } from '../product/index.ts';
import { useSession } from '../session/index.ts';
import { CouponList } from './CouponList.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { SignInForPrices, SignInLink } from './SignInForPrices.tsx';
import { formatDate } from '@portal/contracts/format';
import { DASHBOARD_DEALS } from './limits.ts';
import './deals.css';

/** The most products one promotion shows here (the call's own maximum). */
const PROMOTION_PRODUCTS = 100;

/** /deals: every running promotion with its products, then every coupon code the user may use. */
export default function DealsPage() {
  const scope = usePriceScope();
  const { data: session } = useSession();
  const isVisitor = !session?.user;
  // Same call as the dashboard's deals: it lists the running promotions, and is often cached already.
  const overview = useQuery(discountedProductsQuery(scope, { limit: DASHBOARD_DEALS }));
  const coupons = useQuery(couponsQuery(scope));
  const promotions = overview.data?.promotions;
  const nothingRuns = promotions?.length === 0 && coupons.data?.length === 0;

  return (
    <div className="page deals-page">
      <header className="deals-header">
        <h1>Deals</h1>
        <p className="deals-intro">Promotions and coupon codes running now, at the prices you would pay.</p>
        {isVisitor && <SignInForPrices />}
      </header>

      {nothingRuns ? (
        <div className="empty-state">
          <h2>No deals are running right now</h2>
          <p>New promotions and coupon codes show here as soon as they start.</p>
          <p>
            <Link to="/search">Browse all products</Link>
            {isVisitor && (
              <>
                {' '}
                or <SignInLink>sign in</SignInLink> to see the coupons of your business account
              </>
            )}
            .
          </p>
        </div>
      ) : (
        <>
          {overview.isError ? (
            <LoadError what="the promotions" onRetry={() => void overview.refetch()} />
          ) : !promotions ? (
            <section className="promotion" aria-busy="true" aria-label="Promotions loading">
              <div className="skeleton skeleton-line skeleton-short" />
              <ProductList products={undefined} label="Products loading" loadingCount={4} />
            </section>
          ) : promotions.length ? (
            promotions.map((promotion) => <PromotionSection key={promotion.slug} promotion={promotion} scope={scope} />)
          ) : (
            <p className="deals-none">
              No promotions are running right now. <Link to="/search">Browse all products</Link>.
            </p>
          )}

          <section className="deals-coupons" aria-labelledby="deals-coupons">
            <h2 id="deals-coupons">Coupon codes</h2>
            <p className="deals-section-hint">Enter a code at checkout; one code per order.</p>
            {coupons.isError ? (
              <LoadError what="the coupon codes" onRetry={() => void coupons.refetch()} />
            ) : coupons.data?.length === 0 ? (
              <p className="deals-none">No coupon codes are running right now.</p>
            ) : (
              <CouponList coupons={coupons.data} />
            )}
            {isVisitor && (
              <p className="signin-note">
                <SignInLink>Sign in</SignInLink> to see the coupons for business accounts too.
              </p>
            )}
          </section>
        </>
      )}
    </div>
  );
}

/** One promotion: its title, summary and end date, then its products at the session's prices. */
function PromotionSection({ promotion, scope }: { promotion: Promotion; scope: PriceScope }) {
  const products = useQuery(discountedProductsQuery(scope, { promotion: promotion.slug, limit: PROMOTION_PRODUCTS }));
  const headingId = `promotion-${promotion.slug}`;
  return (
    <section className="promotion" aria-labelledby={headingId}>
      <header className="promotion-header">
        <p className="promotion-badge">{promotion.badge}</p>
        <h2 id={headingId}>{promotion.title}</h2>
        <p className="promotion-summary">{promotion.summary}</p>
        <p className="promotion-ends">
          Ends <time dateTime={promotion.endsAt}>{formatDate(promotion.endsAt)}</time>
        </p>
      </header>
      {products.isError ? (
        <LoadError what={`the products of ${promotion.title}`} onRetry={() => void products.refetch()} />
      ) : products.data?.results.length === 0 ? (
        <p className="deals-none">
          This promotion’s products are not available right now. <Link to="/search">Browse all products</Link>.
        </p>
      ) : (
        <ProductList products={products.data?.results} label={`${promotion.title} products`} loadingCount={4} />
      )}
    </section>
  );
}
