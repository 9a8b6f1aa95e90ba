import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

/** A visitor's way to their business's prices and account coupons: sign in, then come back here. */
export function SignInLink({ children = 'Sign in' }: { children?: ReactNode }) {
  const location = useLocation();
  return <Link to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`}>{children}</Link>;
}

/** spec 01 §6: visitors see list prices; this says so and where the business price is. */
export function SignInForPrices() {
  return (
    <p className="signin-note">
      Prices shown are MSRP. <SignInLink>Sign in for your business’s prices</SignInLink>.
    </p>
  );
}
