// The deals feature's door: what the dashboard shows of the deals.
export { CouponList } from './CouponList.tsx';
export { DASHBOARD_DEALS } from './limits.ts';
export { SignInForPrices, SignInLink } from './SignInForPrices.tsx';
