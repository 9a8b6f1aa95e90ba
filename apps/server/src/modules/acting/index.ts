/** The acting module's door: who a request acts as and for which business (CONVENTIONS: one door per module). */
export { loadPortalUser, registerActor, readActor, type Actor, type ActingBusiness } from './actor.ts';
export { createActingService, selectBusinessDenied, type ActingService } from './service.ts';
export { registerImpersonationAudit } from './audit-hook.ts';
export { createStaffSecondFactor } from './staff-second-factor.ts';
export { activityDetailsOf, createActivityLog, type ActivityLog } from './activity.ts';
