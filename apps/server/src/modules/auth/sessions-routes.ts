import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, SESSION_TEXTS } from '@portal/contracts';
import { requirePermission, signedIn } from '../../plugins/actor.ts';
import { route } from '../../plugins/endpoints.ts';
import { clientOf } from './client.ts';
import type { AuthService } from './service.ts';

/** Signed-in sessions (issue 32): the person's own (account page) and, for admins, a user's. */
export const signedInSessionRoutes =
  (service: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    const calls = endpoints.signedInSessions;
    const signedInOnly = { guard: service.requireSession };
    const admins = { guard: requirePermission('administer', SESSION_TEXTS.adminsOnly) };
    const sessionOf = async (request: Parameters<typeof service.requireSession>[0]) =>
      (await service.requireSession(request)).session;

    route(app, calls.list, signedInOnly, async (request) => {
      const { user, session } = await sessionOf(request);
      return service.mySessions(user.id, session.id);
    });
    route(app, calls.end, signedInOnly, async (request) => {
      const { user } = await sessionOf(request);
      return service.endMySession(clientOf(request), user.id, request.params.id);
    });
    route(app, calls.listOfUser, admins, async (request) => {
      const { session } = await sessionOf(request);
      return service.sessionsOfUser(request.params.userId, session.id);
    });
    route(app, calls.endOfUser, admins, async (request) =>
      service.endSessionOfUser(clientOf(request), signedIn(request).user.id, request.params.userId, request.params.id),
    );
  };
