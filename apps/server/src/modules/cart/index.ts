/** The cart module's door: what other modules may call (CONVENTIONS: one door per module). */
export { clearOpenCheckouts, lockUser } from './selection.ts';
