// The cart's door: adding to the cart and who may.
export {
  isConsumer,
  noPurchaseText,
  useAddToCart,
  useCart,
  useCartAccess,
  usePastedOrder,
  useSubscriptionLines,
} from './api.ts';
