import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { route } from '../../plugins/endpoints.ts';
import { isThisMachine, mailboxKeyOf } from '../../adapters/mailbox-reader.ts';
import { readOutbox } from '../../adapters/outbox.ts';

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
    route(app, endpoints.dev.outbox, async (request, reply) => {
      const { to, limit } = request.query;
      reply.header('cache-control', 'no-store');
      const everything = isThisMachine(request);
      const key = mailboxKeyOf(request);
      if (!everything && !key) return { mail: [], sms: [], scope: 'this-browser' as const };
      const { mail, sms } = await readOutbox(ctx.db, { to, limit, reader: everything ? null : key! });
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
    });
  };
