/** The dealer-requests module's door: what app.ts may call (CONVENTIONS: one door per module). */
export { createDealerRequestService, type DealerRequestService } from './service.ts';
export { dealerRequestRoutes } from './routes.ts';
