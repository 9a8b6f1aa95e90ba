import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactRequestSchema, contactResponseSchema, homeCarouselSchema } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { limitPerAddress, type Limit } from '../../plugins/form-limits.ts';
import { CONTACT_RATE_LIMITS, homeSlidesNow, submitContactMessage } from './service.ts';
import { errorResponses } from '../../plugins/errors.ts';

export const contentRoutes =
  (ctx: AppContext, limit: Limit): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/contact-us',
      {
        preHandler: limitPerAddress(limit, 'contact', CONTACT_RATE_LIMITS.submitPerIp),
        schema: {
          tags: ['content'],
          summary: 'Send a message to support (stored, and mailed to the support inbox)',
          body: contactRequestSchema,
          response: { 201: contactResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const id = await submitContactMessage(ctx, request.body, null);
        return reply.status(201).send({ id, received: true as const });
      },
    );

    /** spec 01 §7: the home carousel's slides, from content (no auth). */
    app.get(
      '/api/content/home-carousel',
      {
        schema: {
          tags: ['content'],
          summary: 'Slides of the dashboard carousel',
          response: { 200: homeCarouselSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return { slides: await homeSlidesNow(ctx) };
      },
    );
  };
