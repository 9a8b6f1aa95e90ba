/** The payment methods module's door: what other modules and app.ts may call (CONVENTIONS: one door per module). */
export { createPaymentMethodService, paymentCardOf, type PaymentMethodService } from './service.ts';
export { paymentMethodRoutes } from './routes.ts';
// The checkout pays with a method of the business (issue 18): read in the checkout's own transaction.
export { paymentMethodOfBusiness, type PaymentMethodRow } from './queries.ts';
export { paymentLabelOf } from './label.ts';
export { refuseUnlessMethodCanPay } from './can-pay.ts';
