import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxQuerySchema, outboxSchema } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { isThisMachine, mailboxKeyOf } from '../../adapters/mailbox-reader.ts';
import { mailOutbox, smsOutbox } from './schema.ts';

/**
 * Demo mode only: the mail and text messages the offline adapters kept, newest first, so a person
 * trying the portal can read a sign-in code. Not registered at all outside demo mode. Who reads what
 * is decided in adapters/mailbox-reader.ts: everything on this machine, elsewhere only what this
 * browser's own sign-ins left for it.
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
          summary: 'Demo mode: the mail and SMS outbox (all of it on this machine, else this browser’s own)',
          querystring: outboxQuerySchema,
          response: { 200: outboxSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { to, limit } = request.query;
        reply.header('cache-control', 'no-store');
        const everything = isThisMachine(request);
        const key = mailboxKeyOf(request);
        if (!everything && !key) return { mail: [], sms: [], scope: 'this-browser' as const };
        const where = (table: typeof mailOutbox | typeof smsOutbox, address: string | undefined) => {
          const conditions: SQL[] = [];
          if (address) conditions.push(eq(table.to, address));
          if (!everything) conditions.push(eq(table.reader, key!));
          return and(...conditions);
        };
        const [mail, sms] = await Promise.all([
          ctx.db
            .select()
            .from(mailOutbox)
            .where(where(mailOutbox, to?.toLowerCase()))
            .orderBy(desc(mailOutbox.createdAt))
            .limit(limit),
          ctx.db.select().from(smsOutbox).where(where(smsOutbox, to)).orderBy(desc(smsOutbox.createdAt)).limit(limit),
        ]);
        return {
          mail: mail.map((m) => ({
            id: m.id,
            to: m.to,
            subject: m.subject,
            text: m.text,
            createdAt: m.createdAt.toISOString(),
          })),
          sms: sms.map((s) => ({ id: s.id, to: s.to, body: s.body, createdAt: s.createdAt.toISOString() })),
          scope: everything ? ('all' as const) : ('this-browser' as const),
        };
      },
    );
  };
