/** The users module's door: what other modules may call (CONVENTIONS: one door per module). */
export {
  homeBusinessIdOf,
  lockUserRow,
  portalUserJson,
  preferencesJson,
  toPortalUser,
  toPreferences,
  userIdByEmail,
  type PortalUserJson,
  type PreferencesJson,
} from './repo.ts';
// For other modules' reads (joined in their queries) and their writes in the caller's transaction (issue 16).
export { completeRegistration, createPortalUser, people, registrationStateOf, setRetired } from './repo.ts';
export { createUsersService, type UsersService } from './service.ts';
// The identity columns: sign-in and the second factor (auth), the account service's reads and changes (accounts).
export {
  nextSignInEpoch,
  setSecondFactor,
  setSignInEmail,
  updateProfile,
  userByEmail,
  userById,
  type UserRecord,
} from './repo.ts';
