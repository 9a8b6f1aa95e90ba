/** The invitations module's door: what other modules and app.ts may call (CONVENTIONS: one door per module). */
export { createInvitationService, type InvitationService } from './service.ts';
export { invitationRoutes } from './routes.ts';
