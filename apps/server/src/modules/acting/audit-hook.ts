import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { recordImpersonationEvent } from './repo.ts';
import { activityDetailsOf } from './activity.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Calls that are not "actions for the business": signing in and out, choosing the business. */
const NOT_AUDITED = /^\/api\/(auth\/|select-business|session|preferences)/;

/**
 * Every change made while impersonating is recorded with the real actor (issue 5). Reads stay
 * unrecorded (POSTs that only read carry READ_ONLY); the record is written after the answer so it
 * never slows or fails the request.
 */
export function registerImpersonationAudit(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onResponse', async (request, reply) => {
    const actor = request.actor;
    if (!actor?.impersonating || !actor.business) return;
    if (!MUTATING.has(request.method) || request.routeOptions.config.readOnly || NOT_AUDITED.test(request.url)) return;
    const path = request.url.split('?')[0]!;
    await recordImpersonationEvent(ctx.db, {
      actorUserId: actor.user.id,
      impersonatedUserId: actor.actingUser.id,
      businessPartnerId: actor.business.id,
      kind: 'request',
      method: request.method,
      path: path.slice(0, 200),
      status: reply.statusCode,
      details: activityDetailsOf(request.method, path, request.body),
    }).catch((error: unknown) => request.log.error({ err: error }, 'impersonation audit failed'));
  });
}
