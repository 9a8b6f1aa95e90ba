// The session's door: who is signed in and what they act for.
export { sessionQuery, useSession } from './api.ts';
