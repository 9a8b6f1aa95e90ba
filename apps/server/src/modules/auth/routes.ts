import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  okSchema,
  resetPasswordRequestSchema,
  secondFactorRequestSchema,
  signInRequestSchema,
  signInResponseSchema,
} from '@portal/contracts';
import { errorResponses } from '../../plugins/errors.ts';
import type { AuthService, WithCookies } from './service.ts';

function send<T>(reply: FastifyReply, result: WithCookies<T>) {
  if (result.cookies.length) reply.header('set-cookie', result.cookies);
  // API clients read their token here; a browser keeps it in the HttpOnly cookie only, where no script
  // (ours or an injected one) can read it (ASVS 3.3.4). Browsers say they are one (Fetch Metadata).
  if (result.authToken && !reply.request.headers['sec-fetch-mode']) reply.header('set-auth-token', result.authToken);
  reply.header('cache-control', 'no-store');
  return result.body;
}

/** Sign-in, second factor and sign-out (spec 01 §4, §8). */
export const authRoutes =
  (service: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/auth/sign-in',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in with e-mail and password; may ask for a second factor',
          body: signInRequestSchema,
          response: { 200: signInResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => send(reply, await service.signIn(request, request.body)),
    );

    app.post(
      '/api/auth/second-factor',
      {
        schema: {
          tags: ['auth'],
          summary: 'Finish sign-in with the TOTP or SMS code; optionally remember this device',
          body: secondFactorRequestSchema,
          response: { 200: signInResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => send(reply, await service.verifySecondFactor(request, request.body)),
    );

    app.post(
      '/api/auth/second-factor/resend',
      { schema: { tags: ['auth'], summary: 'Send a new SMS code', response: { 200: okSchema, ...errorResponses } } },
      async (request, reply) => send(reply, await service.resendCode(request)),
    );

    app.post(
      '/api/auth/forgot-password',
      {
        schema: {
          tags: ['auth'],
          summary: 'E-mail a password reset code (same answer whether or not the account exists)',
          body: forgotPasswordRequestSchema,
          response: { 200: okSchema, ...errorResponses },
        },
      },
      async (request) => service.forgotPassword(request, request.body.email),
    );

    app.post(
      '/api/auth/reset-password',
      {
        schema: {
          tags: ['auth'],
          summary: 'Choose a new password with the e-mailed code',
          body: resetPasswordRequestSchema,
          response: { 200: okSchema, ...errorResponses },
        },
      },
      async (request) => service.resetPassword(request, request.body),
    );

    app.post(
      '/api/change-password',
      {
        schema: {
          tags: ['auth'],
          summary: 'Change the password of the signed-in user (spec 01 §7)',
          body: changePasswordRequestSchema,
          response: { 200: okSchema, ...errorResponses },
        },
      },
      async (request, reply) => send(reply, await service.changePassword(request, request.body)),
    );

    app.post(
      '/api/auth/sign-out-everywhere',
      {
        schema: {
          tags: ['auth'],
          summary: 'End every session of this user',
          response: { 200: okSchema, ...errorResponses },
        },
      },
      async (request, reply) => send(reply, await service.signOutEverywhere(request)),
    );

    app.post(
      '/api/auth/sign-out',
      { schema: { tags: ['auth'], summary: 'End this session', response: { 200: okSchema, ...errorResponses } } },
      async (request, reply) => send(reply, await service.signOut(request)),
    );
  };
