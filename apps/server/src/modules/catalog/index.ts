/** The catalog module's door: what other modules may call (CONVENTIONS: one door per module). */
export { forSaleInChannel, productsByIds, productsBySkus } from './repo/products.ts';
export { brandsByIds } from './repo/index.ts';
// Brands and channels for other modules' reads (a business's approved brands, a new dealer's channel).
export { brandRefs, channelRefs } from './repo/index.ts';
export { INVALID_CURSOR } from './cursors.ts';
