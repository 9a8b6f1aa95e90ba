import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { messages, okSchema } from '@portal/contracts';
import {
  accountUserSchema,
  changeEmailAcceptedSchema,
  changeEmailRequestSchema,
  changeEmailTokenRequestSchema,
  droneProfileResponseSchema,
  emailResendRequestSchema,
  registerRequestSchema,
  updateUserRequestSchema,
  userIdParamsSchema,
  verifyEmailQuerySchema,
} from '@portal/contracts/accounts';
import { errorResponses, HttpError } from '../../plugins/errors.ts';
import { limitPerAddress, type Limit } from '../../plugins/form-limits.ts';
import type { AccountsService } from './service.ts';

const noStore = { 'cache-control': 'no-store' };

/**
 * spec 01 §7: PATCH user/{id} needs an id ('User id is a required field') and an updates object
 * ('Updates object is required'): answered as one detail, before the fields are validated.
 */
async function requireIdAndUpdates(request: FastifyRequest) {
  if (!(request.params as { id?: string } | undefined)?.id) throw new HttpError(400, messages.userIdRequired);
  const updates = (request.body as { updates?: unknown } | null | undefined)?.updates;
  if (!updates || typeof updates !== 'object' || Array.isArray(updates) || Object.keys(updates).length === 0)
    throw new HttpError(400, messages.updatesRequired);
}

/** Registration, e-mail confirmation and change, and the account-service calls (spec 01 §1, §7). */
export const accountRoutes =
  (service: AccountsService, limit: Limit): FastifyPluginAsyncZod =>
  async (app) => {
    const linkForm = limitPerAddress(limit, 'link-form');
    const tags = ['accounts'];

    app.post(
      '/api/user/register',
      {
        schema: {
          tags,
          summary: 'Create a consumer account; the same answer whether or not the e-mail is registered',
          body: registerRequestSchema,
          response: { 200: okSchema, ...errorResponses },
        },
      },
      async (request, reply) => reply.headers(noStore).send(await service.register(request, request.body)),
    );

    app.post(
      '/api/user/email-resend',
      {
        schema: {
          tags,
          summary: 'Send the sign-up e-mail again (no auth; the same answer for every e-mail)',
          body: emailResendRequestSchema,
          response: { 200: okSchema, ...errorResponses },
        },
      },
      async (request) => service.resendSignUpEmail(request, request.body.email),
    );

    // better-auth builds the sign-up link on its base path; its handler is not mounted, so this is.
    app.get(
      '/api/auth/verify-email',
      {
        schema: {
          tags,
          summary: 'The sign-up e-mail link: confirms the e-mail and redirects to /login?verified=1 (or 0)',
          querystring: verifyEmailQuerySchema,
        },
      },
      async (request, reply) => {
        // callbackURL is ignored: the link goes to our /login only, never where a query says.
        const location = await service.confirmEmail(request, request.query.token);
        return reply.headers(noStore).redirect(location, 302);
      },
    );

    app.post(
      '/api/user/change-email',
      {
        schema: {
          tags,
          summary: 'Ask to change the sign-in e-mail: a link to the new address, a notice to the old one',
          body: changeEmailRequestSchema,
          response: { 200: okSchema, ...errorResponses },
        },
      },
      async (request) => service.requestEmailChange(request, request.body),
    );

    app.post(
      '/api/user/change-email/accept',
      {
        preHandler: linkForm,
        schema: {
          tags,
          summary: 'Confirm the new e-mail (no auth: the token is the proof); every session ends',
          body: changeEmailTokenRequestSchema,
          response: { 200: changeEmailAcceptedSchema, ...errorResponses },
        },
      },
      async (request, reply) =>
        reply.headers(noStore).send(await service.acceptEmailChange(request, request.body.token)),
    );

    app.post(
      '/api/user/change-email/decline',
      {
        preHandler: linkForm,
        schema: {
          tags,
          summary: 'Cancel a pending e-mail change from the old address (no auth)',
          body: changeEmailTokenRequestSchema,
          response: { 200: okSchema, ...errorResponses },
        },
      },
      async (request) => service.declineEmailChange(request, request.body.token),
    );

    app.get(
      '/api/user/:id',
      {
        schema: {
          tags,
          summary: 'A user: yourself, or anyone for an admin (spec 01 §7)',
          params: userIdParamsSchema,
          response: { 200: accountUserSchema, ...errorResponses },
        },
      },
      async (request, reply) => reply.headers(noStore).send(await service.getUser(request, request.params.id)),
    );

    app.patch(
      '/api/user/:id',
      {
        preValidation: requireIdAndUpdates,
        schema: {
          tags,
          summary: 'Update first_name, last_name or phone_number of a user (spec 01 §7)',
          params: userIdParamsSchema,
          body: updateUserRequestSchema,
          response: { 200: accountUserSchema, ...errorResponses },
        },
      },
      async (request) => service.updateUser(request, request.params.id, request.body.updates),
    );

    // Without an id (the original client's user/ and user): the spec's detail, not a 404.
    for (const url of ['/api/user', '/api/user/']) {
      for (const method of ['GET', 'PATCH'] as const) {
        app.route({
          method,
          url,
          schema: { tags, summary: 'Without a user id: 400', response: errorResponses },
          handler: async () => {
            throw new HttpError(400, messages.userIdRequired);
          },
        });
      }
    }

    app.get(
      '/api/get-user-drone-profile',
      {
        schema: {
          tags,
          summary: 'The drone profile and permission groups of the signed-in user (spec 01 §7)',
          response: { 200: droneProfileResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => reply.headers(noStore).send(await service.droneProfile(request)),
    );
  };
