import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activityQuerySchema,
  dealerIdParamsSchema,
  dealerListSchema,
  dealerSchema,
  dealerUpdateSchema,
  installerIdParamsSchema,
  installerListSchema,
  installerSchema,
  installersQuerySchema,
  installerUpdateSchema,
  updateUserPermissionsSchema,
  userInfoSchema,
} from '@portal/contracts';
import { describedActivityListSchema } from '@portal/contracts/activity';
import { errorResponses } from '../../plugins/errors.ts';
import type { DealerService } from './service.ts';

/** Dealers and installers (spec 02 §7) and the impersonation activity of /my-business (issue 5). */
export const dealerRoutes =
  (service: DealerService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['dealers'];
    app.get(
      '/api/dealers',
      {
        schema: {
          tags,
          summary: 'The dealer the session acts for (a list of at most one)',
          response: { 200: dealerListSchema, ...errorResponses },
        },
      },
      async (request) => service.listDealers(request),
    );
    app.get(
      '/api/dealers/:id',
      {
        schema: {
          tags,
          summary: 'The acting dealer by id (any other id: 404)',
          params: dealerIdParamsSchema,
          response: { 200: dealerSchema, ...errorResponses },
        },
      },
      async (request) => service.getDealer(request, request.params.id),
    );
    app.get(
      '/api/dealers/:id/installers',
      {
        schema: {
          tags,
          summary: 'Staff of the acting dealer: owner, retired and purchaser flags (limit ≤ 80, offset)',
          params: dealerIdParamsSchema,
          querystring: installersQuerySchema,
          response: { 200: installerListSchema, ...errorResponses },
        },
      },
      async (request) => service.listInstallers(request, request.params.id, request.query),
    );
    app.patch(
      '/api/installer/:id',
      {
        schema: {
          tags,
          summary: 'Set an installer’s purchasing rights or retirement (the dealer’s owner)',
          params: installerIdParamsSchema,
          body: installerUpdateSchema,
          response: { 200: installerSchema, ...errorResponses },
        },
      },
      async (request) => service.patchInstaller(request, request.params.id, request.body),
    );
    app.patch(
      '/api/dealer/:id',
      {
        schema: {
          tags,
          summary: 'Update the dealer profile, public flag and contact e-mail (the dealer’s owner)',
          params: dealerIdParamsSchema,
          body: dealerUpdateSchema,
          response: { 200: dealerSchema, ...errorResponses },
        },
      },
      async (request) => service.patchDealer(request, request.params.id, request.body),
    );
    app.post(
      '/api/update-user-permissions',
      {
        schema: {
          tags,
          summary: 'Grant and remove purchasing rights of the acting dealer’s installers; answers the user info',
          body: updateUserPermissionsSchema,
          response: { 200: userInfoSchema, ...errorResponses },
        },
      },
      async (request) => service.updateUserPermissions(request, request.body),
    );
    app.get(
      '/api/my-business/activity',
      {
        schema: {
          tags,
          summary: 'What sales reps did while acting for the business, newest first (the dealer’s owner)',
          querystring: activityQuerySchema,
          response: { 200: describedActivityListSchema, ...errorResponses },
        },
      },
      async (request) => service.activity(request, request.query),
    );
  };
