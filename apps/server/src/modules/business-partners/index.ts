/** The business-partners module's door: what other modules and app.ts may call (CONVENTIONS: one door per module). */
export { createBusinessPartnerService, type BusinessPartnerService } from './service.ts';
export { businessPartnerRoutes } from './routes.ts';
// The acting business of the per-request actor (one SQL value in the actor's query), and reads and
// writes other modules make in their own query or transaction (issue 16).
export {
  actingBusinessJson,
  createB2cPartner,
  createBusinessPartner,
  partnerByCode,
  partnerOfDealer,
  partnerRefs,
  setDealerPrimary,
} from './repo.ts';
export { checkoutFactsOf, termsStandingOf, type CheckoutFacts } from './checkout-facts.ts';
// Billing's summary reads the credit limit beside the ledger's balances (passed in by app.ts).
export { creditLimitOf } from './repo.ts';
