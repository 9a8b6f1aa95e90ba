// The auth feature's door.
export { signOutEverywhereInThisBrowser } from './api.ts';
