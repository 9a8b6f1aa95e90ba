import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  endpoints,
  isAdmin,
  isSalesRep,
  STAFF_SECOND_FACTOR_REQUIRED,
  type Endpoint,
  type PortalUser,
} from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { refuse } from '../../refusal.ts';
import { userById } from '../users/index.ts';
import { loadPortalUser } from './actor.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** A staff member who must turn on a second factor before anything else (STAFF_SECOND_FACTOR). */
    mustEnrolSecondFactor: boolean;
  }
}

/** What such a user may still call: who they are, setting up a second factor, signing out. */
const ENROLMENT_CALLS: readonly Endpoint[] = [
  endpoints.session.get,
  endpoints.mfa.status,
  endpoints.mfa.enableTotp,
  endpoints.mfa.confirmTotp,
  endpoints.mfa.enableSms,
  endpoints.mfa.confirmSms,
  endpoints.auth.signOut,
];
const allowed = new Set(ENROLMENT_CALLS.map((e) => `${e.method} ${e.path}`));

/**
 * ASVS 6.3.3: admins and sales reps act for every dealer, so with STAFF_SECOND_FACTOR=required (the
 * default in production) they sign in with a second factor; one who has none yet must set one up at
 * the next sign-in, and until then only the enrolment calls work (403 with STAFF_SECOND_FACTOR_REQUIRED).
 */
export function createStaffSecondFactor(ctx: AppContext) {
  const required = ctx.config.staffSecondFactor === 'required';

  async function mustEnrol(user: PortalUser) {
    if (!required || !(isAdmin(user) || isSalesRep(user))) return false;
    return (await userById(ctx.db, user.id))?.mfaType === 'none';
  }

  /** For sign-in: whether the user who just proved the password must set up a second factor now. */
  async function mustEnrolById(userId: string) {
    if (!required) return false;
    const user = await loadPortalUser(ctx.db, userId);
    return user !== null && (await mustEnrol(user));
  }

  /** After the actor hook: holds such a user to the enrolment calls. */
  function register(app: FastifyInstance) {
    app.decorateRequest('mustEnrolSecondFactor', false);
    if (!required) return;
    app.addHook('onRequest', async (request: FastifyRequest) => {
      if (!request.actor || !(await mustEnrol(request.actor.user))) return;
      request.mustEnrolSecondFactor = true;
      if (!allowed.has(`${request.method} ${request.routeOptions.url}`))
        throw refuse.forbidden(STAFF_SECOND_FACTOR_REQUIRED);
    });
  }

  return { mustEnrolById, register };
}
