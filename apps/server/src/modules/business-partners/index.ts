/** The business-partners module's door: what other modules may call (CONVENTIONS: one door per module). */
export { actingBusinessJson, partnerByCode, type ActingBusinessJson } from './repo.ts';
