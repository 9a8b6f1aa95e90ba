// The orders feature's door: the dashboard's "Previously purchased" (My Orders and the order page are routes).
export { PreviouslyPurchased } from './PreviouslyPurchased.tsx';
