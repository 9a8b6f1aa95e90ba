import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, readinessSchema } from '@portal/contracts';
import type { AppContext } from '../../context.ts';

/** Liveness (the process answers) and readiness (the database answers). */
export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/healthz', { schema: { hide: true, response: { 200: healthSchema } } }, async () => ({
      status: 'ok' as const,
    }));
    app.get(
      '/readyz',
      { schema: { hide: true, response: { 200: readinessSchema, 503: readinessSchema } } },
      async (_request, reply) => {
        const up = await ctx.database.ping().catch(() => false);
        return reply
          .status(up ? 200 : 503)
          .send({ status: up ? 'ready' : 'unavailable', database: up ? 'up' : 'down' });
      },
    );
  };
