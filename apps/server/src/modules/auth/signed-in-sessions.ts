import { isIP } from 'node:net';
import { messages, SESSION_TEXTS, type SignedInSessions } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { refuse } from '../../refusal.ts';
import { userById } from '../users/index.ts';
import type { Audit } from './audit.ts';
import type { Client } from './client.ts';
import { deviceLabel } from './devices.ts';
import { endSessionOf, liveSessionsOf } from './repo.ts';

/** The network, not the machine (ASVS 7.5.2 asks to show sessions, not to publish addresses): 203.0.113.x, 2001:db8:1::/48. */
export function coarseAddress(ip: string | null): string | null {
  if (!ip) return null;
  const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(plain) === 4) return `${plain.split('.').slice(0, 3).join('.')}.x`;
  if (isIP(plain) === 6) return `${plain.split(':').slice(0, 3).join(':')}::/48`;
  return null;
}

/**
 * Signed-in sessions (issue 32: ASVS 7.5.2, 7.4.5): a person lists and ends their own; an admin lists and
 * ends a user's. Another person's session id is not found, as an ended one is.
 */
export function createSignedInSessions(ctx: AppContext, { audit }: { audit: Audit }) {
  async function sessionsOf(userId: string, currentSessionId: string | null): Promise<SignedInSessions> {
    const rows = await liveSessionsOf(ctx.db, userId);
    return {
      sessions: rows.map((row) => ({
        id: row.id,
        device: deviceLabel(row.userAgent),
        ipAddress: coarseAddress(row.ipAddress),
        signedInAt: row.createdAt.toISOString(),
        lastActiveAt: row.updatedAt.toISOString(),
        current: row.id === currentSessionId,
      })),
    };
  }

  async function endSession(client: Client, who: { userId: string; by?: string }, id: string) {
    if (!(await endSessionOf(ctx.db, who.userId, id))) throw refuse.notFound(SESSION_TEXTS.notFound);
    await audit('sign-out', client, { userId: who.userId, details: { session: id, ...(who.by && { by: who.by }) } });
    return { ok: true as const };
  }

  async function requireUser(userId: string) {
    if (!(await userById(ctx.db, userId))) throw refuse.notFound(messages.userNotFound);
  }

  return {
    mySessions: (userId: string, currentSessionId: string) => sessionsOf(userId, currentSessionId),
    endMySession: (client: Client, userId: string, id: string) => endSession(client, { userId }, id),
    sessionsOfUser: async (userId: string, currentSessionId: string) => {
      await requireUser(userId);
      return sessionsOf(userId, currentSessionId);
    },
    endSessionOfUser: async (client: Client, admin: string, userId: string, id: string) => {
      await requireUser(userId);
      return endSession(client, { userId, by: admin }, id);
    },
  };
}
