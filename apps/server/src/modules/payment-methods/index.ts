/** The payment methods module's door: what other modules and app.ts may call (CONVENTIONS: one door per module). */
export { createPaymentMethodService, paymentCardOf, type PaymentMethodService } from './service.ts';
export { paymentMethodRoutes } from './routes.ts';
