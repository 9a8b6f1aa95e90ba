import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, INVITATION_TEXTS } from '@portal/contracts';
import { requirePermission, signedIn } from '../../plugins/actor.ts';
import { route } from '../../plugins/endpoints.ts';
import { limitPerAddress } from '../../plugins/form-limits.ts';
import type { InvitationService } from './service.ts';

/**
 * Account-service calls for invitations (spec 01 §7, spec 02 §7): a dealer's owner invites (those who
 * see My Business, spec 01 §6); the e-mailed links answer anyone who holds one.
 */
export const invitationRoutes =
  (service: InvitationService): FastifyPluginAsyncZod =>
  async (app) => {
    const { invitations } = endpoints;
    const linkForm = app.rateLimit(limitPerAddress('link-form'));
    const owners = { guard: requirePermission('myBusiness', INVITATION_TEXTS.notAllowed) };
    route(app, invitations.invite, owners, async (request, reply) =>
      reply.status(201).send(await service.invite(signedIn(request), request.body.email)),
    );
    route(app, invitations.listPending, owners, async (request) =>
      service.listPending(signedIn(request), request.query.dealer_id),
    );
    route(app, invitations.resend, owners, async (request) => service.resend(signedIn(request), request.params.id));
    route(app, invitations.revoke, owners, async (request) => service.revoke(signedIn(request), request.params.id));
    route(app, invitations.tokenInfo, async (request) => service.tokenInfo(request.query.token));
    route(app, invitations.setPassword, { preHandler: linkForm }, async (request) =>
      service.setPassword(request.query.token, request.body),
    );
    route(app, invitations.decline, { preHandler: linkForm }, async (request) => service.decline(request.query.token));
  };
