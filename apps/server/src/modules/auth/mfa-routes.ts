import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  codeSentResponseSchema,
  confirmCodeRequestSchema,
  deviceParamsSchema,
  enableSmsRequestSchema,
  enableTotpRequestSchema,
  enableTotpResponseSchema,
  mfaStatusSchema,
  okSchema,
} from '@portal/contracts';
import { errorResponses } from '../../plugins/errors.ts';
import type { MfaService } from './mfa.ts';

const noStore = { 'cache-control': 'no-store' };

/** MFA management for the signed-in user (issue 3 §4). */
export const mfaRoutes =
  (mfa: MfaService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['mfa'];
    app.get(
      '/api/mfa',
      {
        schema: {
          tags,
          summary: 'Second factor and remembered devices',
          response: { 200: mfaStatusSchema, ...errorResponses },
        },
      },
      async (request, reply) => reply.headers(noStore).send(await mfa.status(request)),
    );
    app.post(
      '/api/mfa/totp/enable',
      {
        schema: {
          tags,
          summary: 'Start an authenticator app: a new secret (QR code and manual key)',
          body: enableTotpRequestSchema,
          response: { 200: enableTotpResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => reply.headers(noStore).send(await mfa.enableTotp(request, request.body.password)),
    );
    app.post(
      '/api/mfa/totp/confirm',
      {
        schema: {
          tags,
          summary: 'Confirm the authenticator app with a code',
          body: confirmCodeRequestSchema,
          response: { 200: okSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const result = await mfa.confirmTotp(request, request.body.code);
        return reply.header('set-cookie', result.cookies).send(result.body);
      },
    );
    app.post(
      '/api/mfa/sms/enable',
      {
        schema: {
          tags,
          summary: 'Start text-message sign-in: a code to the new phone',
          body: enableSmsRequestSchema,
          response: { 200: codeSentResponseSchema, ...errorResponses },
        },
      },
      async (request) => mfa.enableSms(request, request.body),
    );
    app.post(
      '/api/mfa/sms/confirm',
      {
        schema: {
          tags,
          summary: 'Confirm the phone with its code',
          body: confirmCodeRequestSchema,
          response: { 200: okSchema, ...errorResponses },
        },
      },
      async (request) => mfa.confirmSms(request, request.body.code),
    );
    app.post(
      '/api/mfa/disable/send-code',
      {
        schema: {
          tags,
          summary: 'Text a code before turning SMS sign-in off',
          response: { 200: codeSentResponseSchema, ...errorResponses },
        },
      },
      async (request) => mfa.sendDisableCode(request),
    );
    app.post(
      '/api/mfa/disable',
      {
        schema: {
          tags,
          summary: 'Turn the second factor off: forgets every remembered device and signs out everywhere',
          body: confirmCodeRequestSchema,
          response: { 200: okSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const result = await mfa.disable(request, request.body.code);
        return reply.header('set-cookie', result.cookies).send(result.body);
      },
    );
    app.delete(
      '/api/mfa/devices/:id',
      {
        schema: {
          tags,
          summary: 'Forget a remembered device',
          params: deviceParamsSchema,
          response: { 200: okSchema, ...errorResponses },
        },
      },
      async (request) => mfa.forgetDevice(request, request.params.id),
    );
  };
