import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contracts';
import type { Db } from '../../db/client.ts';
import type { Client } from './client.ts';
import { carriesSession } from './credentials.ts';
import { recordAuthEvent, type AuthEventType } from './repo.ts';

export type { AuthEventType };

/** Records an event of the audit log (issue 3 §9) with where it came from. */
export type Audit = (
  type: AuthEventType,
  from: Pick<Client, 'ip' | 'userAgent'>,
  fields: { userId?: string | null; email?: string; details?: Record<string, unknown> },
) => Promise<void>;

export const createAudit =
  (db: Db): Audit =>
  (type, from, fields) =>
    recordAuthEvent(db, {
      type,
      userId: fields.userId ?? null,
      email: fields.email ?? null,
      ipAddress: from.ip,
      userAgent: from.userAgent,
      details: fields.details ?? null,
    });

/** The calls that audit their own refusals (a wrong password, a wrong code: sign-in-failed, second-factor-failed). */
const AUDITED_BY_THEIR_SERVICE = new Set<string>(
  [endpoints.auth.signIn, endpoints.auth.secondFactor, endpoints.auth.resendSecondFactorCode].map((e) => e.path),
);

/**
 * ASVS 16.3.2, 16.3.3 (issue 32): the authorization layer's refusals and every limit hit are audited, after
 * the answer (never slowing or failing it), with who asked. A 401 only when the request carried a session
 * (an ended or forged one): a signed-out visitor's 401 is the app asking them to sign in, not an attempt.
 */
export function registerRefusalAudit(app: FastifyInstance, audit: Audit) {
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    if (!request.url.startsWith('/api/')) return;
    const type =
      status === 429 ? 'rate-limited' : status === 403 || (status === 401 && carriesSession(request)) ? 'denied' : null;
    const route = request.routeOptions.url ?? request.url.split('?')[0]!;
    if (!type || (type === 'denied' && AUDITED_BY_THEIR_SERVICE.has(route))) return;
    const actor = request.actor;
    await audit(
      type,
      { ip: request.ip, userAgent: request.headers['user-agent'] ?? null },
      {
        userId: actor?.user.id ?? null,
        email: actor?.user.email,
        details: {
          method: request.method,
          route,
          status,
          ...(actor && actor.actingUser.id !== actor.user.id && { actingAs: actor.actingUser.id }),
        },
      },
    ).catch((error: unknown) => request.log.error({ err: error }, 'refusal audit failed'));
  });
}
