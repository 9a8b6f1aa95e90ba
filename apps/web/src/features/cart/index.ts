// The cart's door: adding to the cart and who may.
export { isConsumer, noPurchaseText, useAddToCart, useCartAccess } from './api.ts';
