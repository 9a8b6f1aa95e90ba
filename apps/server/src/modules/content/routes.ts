import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { limitPerAddress } from '../../plugins/form-limits.ts';
import { CONTACT_RATE_LIMITS, homeSlidesNow, submitContactMessage } from './service.ts';
import { route } from '../../plugins/endpoints.ts';

export const contentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    route(
      app,
      endpoints.content.contactUs,
      { config: { rateLimit: limitPerAddress('contact', CONTACT_RATE_LIMITS.submitPerIp) } },
      async (request, reply) => {
        const id = await submitContactMessage(ctx, request.body, null);
        return reply.status(201).send({ id, received: true as const });
      },
    );

    /** spec 01 §7: the home carousel's slides, from content (no auth). */
    route(app, endpoints.content.homeCarousel, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { slides: await homeSlidesNow(ctx) };
    });
  };
