import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { route } from '../../plugins/endpoints.ts';

/** Liveness (the process answers) and readiness (the database answers). */
export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.health.live, async () => ({ status: 'ok' as const }));
    route(app, endpoints.health.ready, async (_request, reply) => {
      const up = await ctx.database.ping().catch(() => false);
      return reply.status(up ? 200 : 503).send({ status: up ? 'ready' : 'unavailable', database: up ? 'up' : 'down' });
    });
  };
