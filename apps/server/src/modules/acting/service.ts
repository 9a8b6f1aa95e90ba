import './read-only.ts';
import { isOutsideRep, isSalesRep, messages } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { refuse } from '../../refusal.ts';
import { partnerByCode } from '../business-partners/index.ts';
import { clearOpenCheckouts, lockUser } from '../cart/index.ts';
import { readActor, type Actor } from './actor.ts';
import { deleteSelection, recordImpersonationEvent, saveSelection } from './repo.ts';

/** spec 01 §4: the 403 of anyone else who tries to select a business. */
export const selectBusinessDenied = 'Only sales reps select a business.';

export function createActingService(ctx: AppContext) {
  /** The actor as the database has it now: after a change of whom the session acts for. */
  async function reread(actor: Actor): Promise<Actor> {
    const fresh = await readActor(ctx.db, actor.user.id, actor.sessionId);
    if (!fresh) throw refuse.unauthenticated(messages.credentialsNeedRefresh);
    return fresh;
  }

  /**
   * spec 01 §4: a sales rep picks a business by code. Outside reps act for it as themselves; other
   * reps impersonate its dealer primary, which it must have. The previous selection stays when this
   * one fails. Answers the actor the session now is.
   */
  async function selectBusiness(actor: Actor, sapBpCode: string): Promise<Actor> {
    if (!isSalesRep(actor.user)) throw refuse.forbidden(selectBusinessDenied);
    const bp = await partnerByCode(ctx.db, sapBpCode);
    if (!bp) throw refuse.notFound(messages.partnerNotFound);
    const outside = isOutsideRep(actor.user);
    if (!outside && !bp.dealerPrimaryUserId) throw refuse.invalid(messages.noDealerPrimary);
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

  return { selectBusiness, clearBusiness };
}
export type ActingService = ReturnType<typeof createActingService>;
