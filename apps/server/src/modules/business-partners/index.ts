/** The business-partners module's door: what other modules and app.ts may call (CONVENTIONS: one door per module). */
export { createBusinessPartnerService, type BusinessPartnerService } from './service.ts';
export { businessPartnerRoutes } from './routes.ts';
// The acting business of the per-request actor (one SQL value in the actor's query), and partners as
// other modules' lists name them (issue 16).
export { actingBusinessJson, partnerRefs } from './projections.ts';
// Reads other modules make: a partner by code or by its dealer; the checkout's TERMS reads the credit limit
// under the partner's row lock (billing's creditStandingOf judges it).
export { lockedCreditLimitOf, partnerByCode, partnerOfDealer } from './queries.ts';
// Writes other modules make in their own transaction: an approved dealer request, a registering consumer.
export { createB2cPartner, createBusinessPartner, setDealerPrimary, type NewBusinessPartner } from './service.ts';
export { checkoutFactsOf, type CheckoutFacts } from './checkout-facts.ts';
