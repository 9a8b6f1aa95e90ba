/** The cart module's door: what other modules may call (CONVENTIONS: one door per module). */
export { clearOpenCheckouts, lockUser } from './selection.ts';
// The plan purchase (issue 30 item 3) buys as the cart's buyer and takes the lines it bought out of the cart.
export { planBuyerOf, purchaseDenied, removeSubscriptionLines, subscriptionLineDevices } from './buyer.ts';
export type { Buyer } from './pricing.ts';
