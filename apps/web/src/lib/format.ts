import { CART_BADGE_MAX } from '@portal/contracts/constants';

// Dates, money and counts: @portal/contracts/format (one module for the browser and the server).

/** spec 01 §9: the cart badge shows 9+ above 9, nothing at 0. */
export const cartBadgeText = (count: number) =>
  count <= 0 ? '' : count > CART_BADGE_MAX ? `${CART_BADGE_MAX}+` : String(count);
