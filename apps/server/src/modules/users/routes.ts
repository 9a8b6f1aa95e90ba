import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionSchema } from '@portal/contracts';
import type { AppContext } from '../../context.ts';

export const sessionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    /**
     * Who the browser is signed in as. Until sign-in lands (issue 3) every visitor is
     * anonymous; the shape is final so the shell's access rules are built against it.
     */
    app.get(
      '/api/session',
      { schema: { tags: ['session'], summary: 'The current session', response: { 200: sessionSchema } } },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { user: null, selectedBusiness: null, site: ctx.config.SITE, otherSiteUrl: ctx.config.OTHER_SITE_URL };
      },
    );
  };
