import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  invitationIdParamsSchema,
  invitationListQuerySchema,
  invitationListSchema,
  invitationSchema,
  inviteRequestSchema,
  okSchema,
  setPasswordRequestSchema,
  tokenInfoSchema,
  tokenQuerySchema,
} from '@portal/contracts';
import { errorResponses } from '../../plugins/errors.ts';
import { limitPerAddress, type Limit } from '../../plugins/form-limits.ts';
import type { InvitationService } from './service.ts';

/** Account-service calls for invitations (spec 01 §7, spec 02 §7). */
export const invitationRoutes =
  (service: InvitationService, limit: Limit): FastifyPluginAsyncZod =>
  async (app) => {
    const linkForm = limitPerAddress(limit, 'link-form');
    const tags = ['invitations'];
    app.post(
      '/api/user/invite',
      {
        schema: {
          tags,
          summary: 'Invite an installer to the owner’s dealer (inviting again resends)',
          body: inviteRequestSchema,
          response: { 201: invitationSchema, ...errorResponses },
        },
      },
      async (request, reply) => reply.status(201).send(await service.invite(request, request.body.email)),
    );
    app.get(
      '/api/user/token',
      {
        schema: {
          tags,
          summary: 'Pending invitations of the owner’s dealer',
          querystring: invitationListQuerySchema,
          response: { 200: invitationListSchema, ...errorResponses },
        },
      },
      async (request) => service.listPending(request, request.query.dealer_id),
    );
    app.post(
      '/api/user/invite/:id/resend',
      {
        schema: {
          tags,
          summary: 'Send a pending invitation again with a new link (the old one stops working)',
          params: invitationIdParamsSchema,
          response: { 200: invitationSchema, ...errorResponses },
        },
      },
      async (request) => service.resend(request, request.params.id),
    );
    app.delete(
      '/api/user/invite/:id',
      {
        schema: {
          tags,
          summary: 'Revoke a pending invitation of the acting dealer',
          params: invitationIdParamsSchema,
          response: { 200: invitationSchema, ...errorResponses },
        },
      },
      async (request) => service.revoke(request, request.params.id),
    );
    app.get(
      '/api/user/token-info',
      {
        schema: {
          tags,
          summary: 'What a link’s token is for (no auth)',
          querystring: tokenQuerySchema,
          response: { 200: tokenInfoSchema, ...errorResponses },
        },
      },
      async (request) => service.tokenInfo(request.query.token),
    );
    app.post(
      '/api/user/set-password',
      {
        preHandler: linkForm,
        schema: {
          tags,
          summary: 'Accept an invitation or finish a registration by choosing a password (no auth)',
          querystring: tokenQuerySchema,
          body: setPasswordRequestSchema,
          response: { 200: okSchema, ...errorResponses },
        },
      },
      async (request) => service.setPassword(request.query.token, request.body),
    );
    // The original path had a trailing slash (user/invite/decline/); both answer.
    for (const url of ['/api/user/invite/decline', '/api/user/invite/decline/']) {
      app.delete(
        url,
        {
          preHandler: linkForm,
          schema: {
            tags,
            summary: 'Decline an invitation (no auth)',
            querystring: tokenQuerySchema,
            response: { 200: okSchema, ...errorResponses },
          },
        },
        async (request) => service.decline(request.query.token),
      );
    }
  };
