/** The dealers module's door: what other modules and app.ts may call (CONVENTIONS: one door per module). */
export { createDealerService, requireMyBusiness, type DealerService } from './service.ts';
export { dealerRoutes } from './routes.ts';
// Reads other modules compose, and writes they make in their own transaction (issue 16).
export {
  accountOnStaff,
  addInstaller,
  businessIdOfDealer,
  createDealer,
  dealerIdOfBusiness,
  installerJsonOf,
  staffOfBusiness,
} from './repo.ts';
