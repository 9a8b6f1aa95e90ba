import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  couponsQuery,
  discountedProductsQuery,
  homeCarouselQuery,
  popularProductsQuery,
  usePriceScope,
} from '../catalog/index.ts';
import { ProductList } from '../product/index.ts';
import { CouponList, DASHBOARD_DEALS, SignInForPrices, SignInLink } from '../deals/index.ts';
import { LoadError } from '../../components/LoadError.tsx';
import { isConsumer } from '../cart/index.ts';
import { useSession } from '../session/index.ts';
import { PreviouslyPurchased } from '../orders/index.ts';
import { HomeCarousel, HomeCarouselSkeleton } from './HomeCarousel.tsx';
import './home.css';

const POPULAR_PRODUCTS = 8;

const QUICK_LINKS = [
  { to: '/search', label: 'Search products', hint: 'By name, SKU or brand' },
  { to: '/wiring', label: 'Wiring', hint: 'Wire colours and locations for a vehicle' },
  { to: '/activation', label: 'Activation', hint: 'Activate a device by serial number' },
  { to: '/search?qo=1', label: 'Quick Order', hint: 'Order by SKU and quantity', forBuyers: true },
] as const;

/** / (spec 01 §2.1): slides, then what a buyer comes for — deals, coupons and products. */
export default function DashboardPage() {
  const { data: session } = useSession();
  const user = session?.user ?? null;
  // spec 02 §1: a consumer buys no products here (they activate devices and buy plans).
  const consumer = user !== null && isConsumer(user);
  const scope = usePriceScope();
  const slides = useQuery(homeCarouselQuery);
  const deals = useQuery(discountedProductsQuery(scope, { limit: DASHBOARD_DEALS }));
  const coupons = useQuery(couponsQuery(scope));
  const popular = useQuery(popularProductsQuery(scope, POPULAR_PRODUCTS));

  return (
    <div className="page home-page">
      <header className="home-header">
        <h1>Dashboard</h1>
        {user && (
          <p className="home-greeting">
            Welcome back, {user.first_name}.
            {session?.selectedBusiness && !consumer && <> Buying for {session.selectedBusiness.companyName}.</>}
          </p>
        )}
      </header>

      {user && (
        <nav className="home-quick-links" aria-label="Quick links">
          <ul>
            {QUICK_LINKS.filter((link) => !(consumer && 'forBuyers' in link)).map((link) => (
              <li key={link.to}>
                <Link to={link.to}>
                  <span className="home-quick-label">{link.label}</span>
                  <span className="home-quick-hint">{link.hint}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}

      {/* A failed carousel hides: the sections below carry everything it links to. */}
      {slides.isPending ? <HomeCarouselSkeleton /> : slides.data && <HomeCarousel slides={slides.data} />}

      <section className="home-section" aria-labelledby="home-deals">
        <div className="home-section-head">
          <h2 id="home-deals">Deals</h2>
          <Link to="/deals">See all deals</Link>
        </div>
        {!user && <SignInForPrices />}
        {deals.isError ? (
          <LoadError what="the deals" onRetry={() => void deals.refetch()} />
        ) : deals.data?.results.length === 0 ? (
          <p className="home-empty">
            No deals are running right now. <Link to="/search">Browse all products</Link> or check back soon.
          </p>
        ) : (
          <ProductList
            products={deals.data?.results}
            label="Deals"
            loadingCount={4}
            badgeOf={(product) => product.deal.badge}
          />
        )}
      </section>

      <section className="home-section" aria-labelledby="home-coupons">
        <div className="home-section-head">
          <h2 id="home-coupons">Coupons</h2>
        </div>
        {coupons.isError ? (
          <LoadError what="the coupon codes" onRetry={() => void coupons.refetch()} />
        ) : coupons.data?.length === 0 ? (
          <p className="home-empty">
            No coupon codes are running right now. <Link to="/deals">See the current promotions</Link>.
          </p>
        ) : (
          <CouponList coupons={coupons.data} />
        )}
        {!user && (
          <p className="signin-note">
            <SignInLink>Sign in</SignInLink> to see the coupons for your business account.
          </p>
        )}
      </section>

      <section className="home-section" aria-labelledby="home-popular">
        <div className="home-section-head">
          <h2 id="home-popular">Popular products</h2>
          <Link to="/search">Search all products</Link>
        </div>
        {popular.isError ? (
          <LoadError what="the popular products" onRetry={() => void popular.refetch()} />
        ) : popular.data?.length === 0 ? (
          <p className="home-empty">
            Nothing to show yet. <Link to="/search">Search the catalog</Link> by name, SKU or brand.
          </p>
        ) : (
          <ProductList products={popular.data} label="Popular products" loadingCount={POPULAR_PRODUCTS} />
        )}
      </section>

      {/* Last: it appears once its ids are known, below everything already painted (no layout shift). */}
      <PreviouslyPurchased />
    </div>
  );
}
