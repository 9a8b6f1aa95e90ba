import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionSchema } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import type { AuthService } from '../auth/service.ts';
import { loadPortalUser } from './service.ts';

export const sessionRoutes =
  (ctx: AppContext, auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    /** Who the browser is signed in as, with roles; the browser mirrors this and decides nothing. */
    app.get(
      '/api/session',
      { schema: { tags: ['session'], summary: 'The current session', response: { 200: sessionSchema } } },
      async (request, reply) => {
        const { session, cookies } = await auth.currentSession(request);
        if (cookies.length) reply.header('set-cookie', cookies);
        reply.header('cache-control', 'no-store');
        const user = session ? await loadPortalUser(ctx.db, session.user.id) : null;
        return { user, selectedBusiness: null, site: ctx.config.SITE, otherSiteUrl: ctx.config.OTHER_SITE_URL };
      },
    );
  };
