/** The users module's door: what other modules may call (CONVENTIONS: one door per module). */
export { homeBusinessIdOf, loadPortalUser, portalUserJson, toPortalUser, type PortalUserJson } from './repo.ts';
