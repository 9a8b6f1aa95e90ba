import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { endpoints } from '@portal/contracts';
import { route } from '../../plugins/endpoints.ts';
import { clientOf, type Client } from './client.ts';
import type { MfaService } from './mfa.ts';
import type { SessionReader } from './session-read.ts';

const noStore = { 'cache-control': 'no-store' };

/** MFA management for the signed-in user (issue 3 §4). */
export const mfaRoutes =
  (mfa: MfaService, sessions: SessionReader): FastifyPluginAsyncZod =>
  async (app) => {
    const { mfa: calls } = endpoints;
    /** The caller and the signed-in user's id (401 without a session). */
    const signedIn = async (request: FastifyRequest): Promise<[Client, string]> => {
      const { session } = await sessions.requireSession(request);
      return [clientOf(request), session.user.id];
    };
    // Who may call, before the body is read (docs/decisions.md "403 before 400"); signedIn asks again.
    const signedInOnly = { guard: sessions.requireSession };

    route(app, calls.status, signedInOnly, async (request, reply) =>
      reply.headers(noStore).send(await mfa.status(...(await signedIn(request)))),
    );
    route(app, calls.enableTotp, signedInOnly, async (request, reply) =>
      reply.headers(noStore).send(await mfa.enableTotp(...(await signedIn(request)), request.body.password)),
    );
    route(app, calls.confirmTotp, signedInOnly, async (request, reply) => {
      const result = await mfa.confirmTotp(...(await signedIn(request)), request.body.code);
      return reply.header('set-cookie', result.cookies).send(result.body);
    });
    route(app, calls.enableSms, signedInOnly, async (request) =>
      mfa.enableSms(...(await signedIn(request)), request.body),
    );
    route(app, calls.confirmSms, signedInOnly, async (request) =>
      mfa.confirmSms(...(await signedIn(request)), request.body.code),
    );
    route(app, calls.sendDisableCode, signedInOnly, async (request) =>
      mfa.sendDisableCode(...(await signedIn(request))),
    );
    route(app, calls.disable, signedInOnly, async (request, reply) => {
      const result = await mfa.disable(...(await signedIn(request)), request.body);
      return reply.header('set-cookie', result.cookies).send(result.body);
    });
    route(app, calls.forgetDevice, signedInOnly, async (request) =>
      mfa.forgetDevice(...(await signedIn(request)), request.params.id),
    );
  };
