import { memo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PageLink } from '../../components/PageLink.tsx';
import {
  couponsQuery,
  discountedProductsQuery,
  homeCarouselQuery,
  popularProductsQuery,
  usePriceScope,
  type PriceScope,
} from '../catalog/index.ts';
import { ProductList } from '../product/index.ts';
import { CouponList, DASHBOARD_DEALS, SignInForPrices, SignInLink } from '../deals/index.ts';
import { LoadError } from '../../components/LoadError.tsx';
import { Staggered } from '../../components/Staggered.tsx';
import { useNearViewport } from '../../lib/nearViewport.ts';
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

      {user && <QuickLinks consumer={consumer} />}
      <Slides />
      <DealsSection scope={scope} signedIn={user !== null} />
      {/*
       * Below the fold on a phone: each in a task of its own after the first view, and each asks for its
       * data when the reader comes within a screen of it (issue 31); until then its heading and skeletons.
       */}
      <Staggered>
        <CouponsSection scope={scope} signedIn={user !== null} />
      </Staggered>
      <Staggered>
        <PopularSection scope={scope} />
      </Staggered>

      {/*
       * Last: it appears once its ids are known, below everything already painted (no layout shift); its turn
       * comes after the sections above have their skeletons, so it is only near when they are scrolled past.
       */}
      <Staggered>
        <PreviouslyPurchased />
      </Staggered>
    </div>
  );
}

/*
 * Issue 31: each section asks for its own data and is memoised, so the arrival of one answer renders that
 * section alone, not the whole dashboard again (on a phone each such render was a long task).
 */

const QuickLinks = memo(function QuickLinks({ consumer }: { consumer: boolean }) {
  return (
    <nav className="home-quick-links" aria-label="Quick links">
      <ul>
        {QUICK_LINKS.filter((link) => !(consumer && 'forBuyers' in link)).map((link) => (
          <li key={link.to}>
            <PageLink to={link.to}>
              <span className="home-quick-label">{link.label}</span>
              <span className="home-quick-hint">{link.hint}</span>
            </PageLink>
          </li>
        ))}
      </ul>
    </nav>
  );
});

const Slides = memo(function Slides() {
  const slides = useQuery(homeCarouselQuery);
  // A failed carousel hides: the sections below carry everything it links to.
  return slides.isPending ? <HomeCarouselSkeleton /> : slides.data ? <HomeCarousel slides={slides.data} /> : null;
});

interface SectionProps {
  scope: PriceScope;
  signedIn: boolean;
}

const DealsSection = memo(function DealsSection({ scope, signedIn }: SectionProps) {
  const deals = useQuery(discountedProductsQuery(scope, { limit: DASHBOARD_DEALS }));
  return (
    <section className="home-section" aria-labelledby="home-deals">
      <div className="home-section-head">
        <h2 id="home-deals">Deals</h2>
        <PageLink to="/deals">See all deals</PageLink>
      </div>
      {!signedIn && <SignInForPrices />}
      {deals.isError ? (
        <LoadError what="the deals" onRetry={() => void deals.refetch()} />
      ) : deals.data?.results.length === 0 ? (
        <p className="home-empty">
          No deals are running right now. <PageLink to="/search">Browse all products</PageLink> or check back soon.
        </p>
      ) : (
        <ProductList
          products={deals.data?.results}
          label="Deals"
          loadingCount={DASHBOARD_DEALS}
          badgeOf={(product) => product.deal.badge}
        />
      )}
    </section>
  );
});

const CouponsSection = memo(function CouponsSection({ scope, signedIn }: SectionProps) {
  const [ref, near] = useNearViewport<HTMLElement>();
  const coupons = useQuery({ ...couponsQuery(scope), enabled: near });
  return (
    <section ref={ref} className="home-section" aria-labelledby="home-coupons">
      <div className="home-section-head">
        <h2 id="home-coupons">Coupons</h2>
      </div>
      {coupons.isError ? (
        <LoadError what="the coupon codes" onRetry={() => void coupons.refetch()} />
      ) : coupons.data?.length === 0 ? (
        <p className="home-empty">
          No coupon codes are running right now. <PageLink to="/deals">See the current promotions</PageLink>.
        </p>
      ) : (
        <CouponList coupons={coupons.data} />
      )}
      {!signedIn && (
        <p className="signin-note">
          <SignInLink>Sign in</SignInLink> to see the coupons for your business account.
        </p>
      )}
    </section>
  );
});

const PopularSection = memo(function PopularSection({ scope }: { scope: PriceScope }) {
  const [ref, near] = useNearViewport<HTMLElement>();
  const popular = useQuery({ ...popularProductsQuery(scope, POPULAR_PRODUCTS), enabled: near });
  return (
    <section ref={ref} className="home-section" aria-labelledby="home-popular">
      <div className="home-section-head">
        <h2 id="home-popular">Popular products</h2>
        <PageLink to="/search">Search all products</PageLink>
      </div>
      {popular.isError ? (
        <LoadError what="the popular products" onRetry={() => void popular.refetch()} />
      ) : popular.data?.length === 0 ? (
        <p className="home-empty">
          Nothing to show yet. <PageLink to="/search">Search the catalog</PageLink> by name, SKU or brand.
        </p>
      ) : (
        <ProductList products={popular.data} label="Popular products" loadingCount={POPULAR_PRODUCTS} />
      )}
    </section>
  );
});
