/** The dealers module's door: what other modules and app.ts may call (CONVENTIONS: one door per module). */
export { createDealerService, requireMyBusiness, type DealerService } from './service.ts';
export { dealerRoutes } from './routes.ts';
// SQL values other modules compose into their own queries: a business's dealer record and back, a
// user's installer record (the per-request actor).
export { businessIdOfDealer, dealerIdOfBusiness, installerJsonOf } from './projections.ts';
// Reads other modules make: a business's staff, whether an address is on a dealer's staff.
export { accountOnStaff, staffOfBusiness } from './queries.ts';
// Writes other modules make in their own transaction (issue 16): an approved dealer request, an invitation.
export { addInstaller, createDealer } from './service.ts';
