/** The catalog module's door: what other modules may call (CONVENTIONS: one door per module). */
// Products at the actor's prices, whether they are for sale in a channel, brand names.
export { brandsByIds, forSaleInChannel, productsByIds, productsBySkus } from './queries.ts';
// Brands and channels for other modules' reads (a business's approved brands, a new dealer's channel).
export { brandRefs, channelRefs } from './projections.ts';
export { INVALID_CURSOR } from './cursors.ts';
// The embedded search index's state, for the metrics (issue 33).
export { searchEngineOf } from './engine/index.ts';
