/** The billing module's door: what other modules and app.ts may call (CONVENTIONS: one door per module). */
export { createBillingService, type BillingDeps, type BillingService } from './service.ts';
export { billingRoutes } from './routes.ts';
// A business's credit standing: its credit limit beside the ledger's balances (the partner's detail, the
// checkout's TERMS); billing owns the rule.
export { creditStandingOf, termsClosedBy, termsRefusalOf, type CreditStanding } from './standing.ts';
// An order bought on terms writes its invoice in the order's own transaction (cart/complete.ts).
export { invoiceForOrder, type OrderToInvoice } from './documents.ts';
// The demo seed's documents and past payments.
export { insertCreditMemo, type NewCreditMemo } from './documents.ts';
export { recordPastPayment, type PastPayment } from './seed-payment.ts';
