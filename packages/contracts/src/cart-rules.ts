import { MAX_LINE_QUANTITY } from './constants.ts';

/* The cart's rules without zod, so the product page and quick order can use them (cart.ts has the wire schemas). */

/** Texts of the cart the spec does not give (ours, docs/decisions.md "Cart"). */
export const CART_TEXTS = {
  noPurchasingRights: 'Your account does not have purchasing rights. Ask your dealer’s owner to grant them.',
  checkoutNotFound: 'This cart is no longer open. Please reload the page.',
  lineNotFound: 'This item is no longer in the cart.',
  productNotFound: 'This product is not in the catalog.',
  notForSale: 'This product is not available for purchase.',
  quantityRange: `Enter a quantity from 1 to ${MAX_LINE_QUANTITY}.`,
  added: 'Added to cart.',
  businessChanged: 'The business you buy for has just changed. Please check your cart and try again.',
} as const;

/** A whole number from 1 to the line cap; anything unreadable is 1 (one rule for every quantity field). */
export function clampQuantity(raw: string | number): number {
  const n = typeof raw === 'number' ? raw : Number.parseInt(raw, 10);
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(Math.floor(n), MAX_LINE_QUANTITY);
}

/**
 * The cart badge (spec 01 §9, spec 02 §9): product items plus subscription lines. Here, not in cart.ts: the shell
 * shows it on every page, and importing cart.ts would put every wire schema and zod in the first page's code.
 */
export const cartItemCount = (
  checkout: { quantity: number; subscriptionLines?: readonly unknown[] | null } | null | undefined,
) => (checkout ? checkout.quantity + (checkout.subscriptionLines?.length ?? 0) : 0);
