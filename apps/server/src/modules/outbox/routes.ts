import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxQuerySchema, outboxSchema } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { mailOutbox, smsOutbox } from './schema.ts';

/**
 * Demo mode only: the mail and text messages the offline adapters kept, newest first, so a
 * person trying the portal can read a sign-in code. Not registered at all outside demo mode.
 */
export const outboxRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    if (!ctx.config.demoMode) return;
    app.get(
      '/api/dev/outbox',
      {
        schema: {
          tags: ['demo'],
          summary: 'Demo mode: the mail and SMS outbox',
          querystring: outboxQuerySchema,
          response: { 200: outboxSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { to, limit } = request.query;
        const [mail, sms] = await Promise.all([
          ctx.db
            .select()
            .from(mailOutbox)
            .where(to ? eq(mailOutbox.to, to.toLowerCase()) : undefined)
            .orderBy(desc(mailOutbox.createdAt))
            .limit(limit),
          ctx.db
            .select()
            .from(smsOutbox)
            .where(to ? eq(smsOutbox.to, to) : undefined)
            .orderBy(desc(smsOutbox.createdAt))
            .limit(limit),
        ]);
        reply.header('cache-control', 'no-store');
        return {
          mail: mail.map((m) => ({
            id: m.id,
            to: m.to,
            subject: m.subject,
            text: m.text,
            createdAt: m.createdAt.toISOString(),
          })),
          sms: sms.map((s) => ({ id: s.id, to: s.to, body: s.body, createdAt: s.createdAt.toISOString() })),
        };
      },
    );
  };
