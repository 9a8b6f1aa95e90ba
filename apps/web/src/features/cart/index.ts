// The cart's door: adding to the cart and who may.
export { isConsumer, noPurchaseText, useAddToCart, useCart, useCartAccess, useSubscriptionLines } from './api.ts';
