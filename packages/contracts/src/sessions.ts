import { z } from 'zod';
import { messages } from './messages.ts';

/** One signed-in session of a person (issue 32: ASVS 7.5.2, 7.4.5), as the account page lists it. */
export const signedInSessionSchema = z.object({
  id: z.string(),
  /** The browser and system from the user agent: "Chrome on Windows". */
  device: z.string(),
  /** Coarse: the network, not the machine ("203.0.113.x"); null when unknown. */
  ipAddress: z.string().nullable(),
  signedInAt: z.string(),
  /** When the session was last renewed (at most once a day of use). */
  lastActiveAt: z.string(),
  /** The session of the browser asking. */
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof signedInSessionSchema>;

export const signedInSessionsSchema = z.object({ sessions: z.array(signedInSessionSchema) });
export type SignedInSessions = z.infer<typeof signedInSessionsSchema>;

const sessionId = z.string().regex(/^[\w-]{1,64}$/, messages.invalidRequest);
const userId = z.string().regex(/^[\w-]{1,64}$/, messages.invalidRequest);
export const sessionParamsSchema = z.object({ id: sessionId });
export const userSessionsParamsSchema = z.object({ userId });
export const userSessionParamsSchema = z.object({ userId, id: sessionId });

/** Ours (issue 32): what the account page and the admin's user view say. */
export const SESSION_TEXTS = {
  notFound: 'That session has already ended.',
  adminsOnly: 'Only administrators can see or end another person’s sessions.',
} as const;
