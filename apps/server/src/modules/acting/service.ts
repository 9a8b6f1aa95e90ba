import './read-only.ts';
import type { FastifyInstance } from 'fastify';
import { isOutsideRep, isSalesRep, messages } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../plugins/errors.ts';
import { partnerByCode } from '../business-partners/index.ts';
import { clearOpenCheckouts, lockUser } from '../cart/index.ts';
import { readActor, type Actor } from './actor.ts';
import { deleteSelection, recordImpersonationEvent, saveSelection } from './repo.ts';
import { activityDetailsOf } from './activity.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Calls that are not "actions for the business": signing in and out, choosing the business. */
const NOT_AUDITED = /^\/api\/(auth\/|select-business|session|preferences)/;

export function createActingService(ctx: AppContext) {
  /** The actor as the database has it now: after a change of whom the session acts for. */
  async function reread(actor: Actor): Promise<Actor> {
    const fresh = await readActor(ctx.db, actor.user.id, actor.sessionId);
    if (!fresh) throw new HttpError(401, messages.credentialsNeedRefresh);
    return fresh;
  }

  /**
   * spec 01 §4: a sales rep picks a business by code. Outside reps act for it as themselves; other
   * reps impersonate its dealer primary, which it must have. The previous selection stays when this
   * one fails. Answers the actor the session now is.
   */
  async function selectBusiness(actor: Actor, sapBpCode: string): Promise<Actor> {
    if (!isSalesRep(actor.user)) throw new HttpError(403, 'Only sales reps select a business.');
    const bp = await partnerByCode(ctx.db, sapBpCode);
    if (!bp) throw new HttpError(404, messages.partnerNotFound);
    const outside = isOutsideRep(actor.user);
    if (!outside && !bp.dealerPrimaryUserId) throw new HttpError(400, messages.noDealerPrimary);
    const impersonatedUserId = outside ? null : bp.dealerPrimaryUserId;
    await ctx.db.transaction(async (tx) => {
      await lockUser(tx, actor.user.id);
      await saveSelection(tx, { sessionId: actor.sessionId, businessPartnerId: bp.id, impersonatedUserId });
      await recordImpersonationEvent(tx, {
        actorUserId: actor.user.id,
        impersonatedUserId,
        businessPartnerId: bp.id,
        kind: 'business-selected',
      });
      // spec 02 §4: swapping a business partner clears the cart.
      await clearOpenCheckouts(tx, actor.user.id);
    });
    return reread(actor);
  }

  /** "Clear Selected Business": the rep acts for nobody again. */
  async function clearBusiness(actor: Actor): Promise<Actor> {
    const business = actor.business;
    if (!actor.selected || !business) return actor;
    await ctx.db.transaction(async (tx) => {
      await lockUser(tx, actor.user.id);
      await deleteSelection(tx, actor.sessionId);
      await recordImpersonationEvent(tx, {
        actorUserId: actor.user.id,
        impersonatedUserId: actor.impersonating ? actor.actingUser.id : null,
        businessPartnerId: business.id,
        kind: 'business-cleared',
      });
      await clearOpenCheckouts(tx, actor.user.id);
    });
    return reread(actor);
  }

  /**
   * Every change made while impersonating is recorded with the real actor (issue 5). Reads stay
   * unrecorded (POSTs that only read carry READ_ONLY); the record is written after the answer so it
   * never slows or fails the request.
   */
  function registerImpersonationAudit(app: FastifyInstance) {
    app.addHook('onResponse', async (request, reply) => {
      const actor = request.actor;
      if (!actor?.impersonating || !actor.business) return;
      if (!MUTATING.has(request.method) || request.routeOptions.config.readOnly || NOT_AUDITED.test(request.url))
        return;
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

  return { selectBusiness, clearBusiness, registerImpersonationAudit };
}
export type ActingService = ReturnType<typeof createActingService>;
