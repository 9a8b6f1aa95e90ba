import './read-only.ts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isOutsideRep, isSalesRep, messages, type PortalUser } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { AuthService } from '../auth/service.ts';
import { signedOutDetail } from '../auth/credentials.ts';
import { loadPortalUser } from '../users/service.ts';
import { users } from '../users/schema.ts';
import { businessPartners } from '../business-partners/schema.ts';
import { dealers } from '../dealers/schema.ts';
import { impersonationEvents, sessionSelections } from './schema.ts';
import { activityDetailsOf } from './activity.ts';
import { clearOpenCheckouts, lockUser } from '../cart/service.ts';

export interface ActingBusiness {
  id: string;
  sapBpCode: string;
  companyName: string;
  channelSlug: string;
  dealerPrimaryUserId: string | null;
  /** The dealer record of the business, when it has one. */
  dealerId: string | null;
}

/** Who a request acts as and for which business — decided here from the session, never the browser. */
export interface Acting {
  sessionId: string;
  /** The person signed in. */
  user: PortalUser;
  /** The dealer primary a rep impersonates, else the user. */
  actingUser: PortalUser;
  business: ActingBusiness | null;
  impersonating: boolean;
  /** The business was chosen by a sales rep in this session. */
  selected: boolean;
}

const businessColumns = {
  id: businessPartners.id,
  sapBpCode: businessPartners.sapBpCode,
  companyName: businessPartners.companyName,
  channelSlug: businessPartners.channelSlug,
  dealerPrimaryUserId: businessPartners.dealerPrimaryUserId,
  dealerId: dealers.id,
};

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Calls that are not "actions for the business": signing in and out, choosing the business. */
const NOT_AUDITED = /^\/api\/(auth\/|select-business|session|preferences)/;

export function createActingService(ctx: AppContext, auth: AuthService) {
  /** The business a user belongs to (dealer staff, consumers). */
  async function homeBusiness(userId: string) {
    const [row] = await ctx.db
      .select(businessColumns)
      .from(users)
      .innerJoin(businessPartners, eq(businessPartners.id, users.businessPartnerId))
      .leftJoin(dealers, eq(dealers.businessPartnerId, businessPartners.id))
      .where(eq(users.id, userId));
    return row ?? null;
  }

  async function selectionOf(sessionId: string) {
    const [row] = await ctx.db
      .select({ ...businessColumns, impersonatedUserId: sessionSelections.impersonatedUserId })
      .from(sessionSelections)
      .innerJoin(businessPartners, eq(businessPartners.id, sessionSelections.businessPartnerId))
      .leftJoin(dealers, eq(dealers.businessPartnerId, businessPartners.id))
      .where(eq(sessionSelections.sessionId, sessionId));
    return row ?? null;
  }

  /** The acting context of a request, or null without a session. */
  async function actingFor(request: FastifyRequest): Promise<Acting | null> {
    const { session } = await auth.currentSession(request);
    if (!session) return null;
    const user = await loadPortalUser(ctx.db, session.user.id);
    if (!user) return null;
    const sessionId = session.session.id;
    if (!isSalesRep(user)) {
      const business = await homeBusiness(user.id);
      return { sessionId, user, actingUser: user, business, impersonating: false, selected: false };
    }
    const selection = await selectionOf(sessionId);
    if (!selection) return { sessionId, user, actingUser: user, business: null, impersonating: false, selected: false };
    const { impersonatedUserId, ...business } = selection;
    const impersonated = impersonatedUserId ? await loadPortalUser(ctx.db, impersonatedUserId) : null;
    return {
      sessionId,
      user,
      actingUser: impersonated ?? user,
      business,
      impersonating: impersonated !== null,
      selected: true,
    };
  }

  async function requireActing(request: FastifyRequest): Promise<Acting> {
    const acting = await actingFor(request);
    if (!acting) throw new HttpError(401, signedOutDetail(request));
    return acting;
  }

  /**
   * spec 01 §4: a sales rep picks a business by code. Outside reps act for it as themselves; other
   * reps impersonate its dealer primary, which it must have. The previous selection stays when this
   * one fails.
   */
  async function selectBusiness(request: FastifyRequest, sapBpCode: string) {
    const acting = await requireActing(request);
    if (!isSalesRep(acting.user)) throw new HttpError(403, 'Only sales reps select a business.');
    const [bp] = await ctx.db
      .select({ id: businessPartners.id, dealerPrimaryUserId: businessPartners.dealerPrimaryUserId })
      .from(businessPartners)
      .where(eq(businessPartners.sapBpCode, sapBpCode.trim().toUpperCase()));
    if (!bp) throw new HttpError(404, messages.partnerNotFound);
    const outside = isOutsideRep(acting.user);
    if (!outside && !bp.dealerPrimaryUserId) throw new HttpError(400, messages.noDealerPrimary);
    const impersonatedUserId = outside ? null : bp.dealerPrimaryUserId;
    await ctx.db.transaction(async (tx) => {
      await lockUser(tx, acting.user.id);
      await tx
        .insert(sessionSelections)
        .values({ sessionId: acting.sessionId, businessPartnerId: bp.id, impersonatedUserId })
        .onConflictDoUpdate({
          target: sessionSelections.sessionId,
          set: { businessPartnerId: bp.id, impersonatedUserId, selectedAt: new Date() },
        });
      await tx.insert(impersonationEvents).values({
        actorUserId: acting.user.id,
        impersonatedUserId,
        businessPartnerId: bp.id,
        kind: 'business-selected',
      });
      // spec 02 §4: swapping a business partner clears the cart.
      await clearOpenCheckouts(tx, acting.user.id);
    });
  }

  /** "Clear Selected Business": the rep acts for nobody again. */
  async function clearBusiness(request: FastifyRequest) {
    const acting = await requireActing(request);
    if (!acting.selected || !acting.business) return;
    await ctx.db.transaction(async (tx) => {
      await lockUser(tx, acting.user.id);
      await tx.delete(sessionSelections).where(eq(sessionSelections.sessionId, acting.sessionId));
      await tx.insert(impersonationEvents).values({
        actorUserId: acting.user.id,
        impersonatedUserId: acting.impersonating ? acting.actingUser.id : null,
        businessPartnerId: acting.business!.id,
        kind: 'business-cleared',
      });
      await clearOpenCheckouts(tx, acting.user.id);
    });
  }

  /**
   * Every change made while impersonating is recorded with the real actor (issue 5). Reads stay
   * unrecorded (POSTs that only read carry READ_ONLY); the record is written after the answer so it never slows or fails the request.
   */
  function registerImpersonationAudit(app: FastifyInstance) {
    app.addHook('onResponse', async (request, reply) => {
      if (!MUTATING.has(request.method) || request.routeOptions.config.readOnly || NOT_AUDITED.test(request.url))
        return;
      const { session } = await auth.currentSession(request).catch(() => ({ session: null }));
      if (!session) return;
      const [selection] = await ctx.db
        .select()
        .from(sessionSelections)
        .where(and(eq(sessionSelections.sessionId, session.session.id)));
      if (!selection?.impersonatedUserId) return;
      await ctx.db
        .insert(impersonationEvents)
        .values({
          actorUserId: session.user.id,
          impersonatedUserId: selection.impersonatedUserId,
          businessPartnerId: selection.businessPartnerId,
          kind: 'request',
          method: request.method,
          path: request.url.split('?')[0]!.slice(0, 200),
          status: reply.statusCode,
          details: activityDetailsOf(request.method, request.url.split('?')[0]!, request.body),
        })
        .catch((error: unknown) => request.log.error({ err: error }, 'impersonation audit failed'));
    });
  }

  return { actingFor, requireActing, selectBusiness, clearBusiness, registerImpersonationAudit };
}
export type ActingService = ReturnType<typeof createActingService>;
