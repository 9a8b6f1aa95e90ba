import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contracts';
import { selectBusinessDenied, type ActingService } from '../acting/index.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientOf, sendWithCookies, type AuthService } from '../auth/index.ts';
import type { Actor } from '../../actor.ts';
import { maybeSignedIn, requirePermission, requireSignedIn, signedIn } from '../../plugins/actor.ts';
import { route } from '../../plugins/endpoints.ts';
import type { UsersService } from './service.ts';

export const sessionRoutes =
  (users: UsersService, auth: AuthService, acting: ActingService): FastifyPluginAsyncZod =>
  async (app) => {
    const signedInOnly = { guard: requireSignedIn };
    // spec 01 §4: only sales reps pick a business to act for.
    const reps = { guard: requirePermission('selectBusiness', selectBusinessDenied) };

    /** Who the browser is signed in as, with roles; the browser mirrors this and decides nothing. */
    route(app, endpoints.session.get, async (request, reply) => {
      // better-auth extends a session as it is used: the refreshed cookie goes back with the answer.
      const { cookies } = await auth.currentSession(request);
      if (cookies.length) reply.header('set-cookie', cookies);
      reply.header('cache-control', 'no-store');
      const session = users.sessionOf(maybeSignedIn(request));
      return request.mustEnrolSecondFactor ? { ...session, mustEnrolSecondFactor: true } : session;
    });
    /** ASVS 7.2.4: whom the session acts for changed, so its token does; the old one is refused from now on. */
    const withNewToken = async (request: FastifyRequest, reply: FastifyReply, actor: Actor) =>
      sendWithCookies(reply, { ...(await auth.rotateSessionToken(clientOf(request))), body: users.sessionOf(actor) });
    /** spec 01 §4: a sales rep selects the business to act for; answers the new session. */
    route(app, endpoints.session.selectBusiness, reps, async (request, reply) =>
      withNewToken(request, reply, await acting.selectBusiness(signedIn(request), request.body.sapBpCode)),
    );
    /** spec 01 §4 "Clear Selected Business". */
    route(app, endpoints.session.clearBusiness, signedInOnly, async (request, reply) =>
      withNewToken(request, reply, await acting.clearBusiness(signedIn(request))),
    );
    route(app, endpoints.session.savePreferences, signedInOnly, async (request) =>
      users.savePreferences(signedIn(request), request.body),
    );
  };
