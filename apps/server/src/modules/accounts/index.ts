/** The accounts module's door: what other modules and app.ts may call (CONVENTIONS: one door per module). */
export { createAccountsService, type AccountsService } from './service.ts';
export { accountRoutes } from './routes.ts';
