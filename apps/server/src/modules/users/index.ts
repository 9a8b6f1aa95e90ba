/** The users module's door: what other modules may call (CONVENTIONS: one door per module). */
export { createUsersService, type UsersService } from './service.ts';
// SQL values other modules compose into their own queries (the per-request actor, lists that show people).
export {
  emailOf,
  homeBusinessIdOf,
  people,
  portalUserJson,
  preferencesJson,
  toPortalUser,
  toPreferences,
  type PortalUserJson,
  type PreferencesJson,
} from './projections.ts';
// Reads of a user: sign-in and the second factor (auth), the account service (accounts), registrations.
export { registrationStateOf, userByEmail, userById, userIdByEmail, type UserRecord } from './queries.ts';
// Writes other modules make in their own transaction (issue 16): a new user, a registration, retirement,
// the cart's row lock, and the identity columns sign-in, the second factor and the account service change.
export {
  completeRegistration,
  createPortalUser,
  lockUserRow,
  nextSignInEpoch,
  setRetired,
  setSecondFactor,
  setSignInEmail,
  updateProfile,
  type NewPortalUser,
} from './service.ts';
