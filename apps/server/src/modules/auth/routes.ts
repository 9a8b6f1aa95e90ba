import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { endpoints } from '@portal/contracts';
import { route } from '../../plugins/endpoints.ts';
import { limitPerAddress } from '../../plugins/form-limits.ts';
import { clientOf, type WithCookies } from './client.ts';
import { RATE_LIMITS } from './limits.ts';
import type { AuthService } from './service.ts';

export function send<T>(reply: FastifyReply, result: WithCookies<T>) {
  if (result.cookies.length) reply.header('set-cookie', result.cookies);
  // API clients read their token here; a browser keeps it in the HttpOnly cookie only, where no script
  // (ours or an injected one) can read it (ASVS 3.3.4). Browsers say they are one (Fetch Metadata).
  if (result.authToken && !reply.request.headers['sec-fetch-mode']) reply.header('set-auth-token', result.authToken);
  reply.header('cache-control', 'no-store');
  return result.body;
}

/** Sign-in, second factor, passwords and sign-out (spec 01 §4, §8). */
export const authRoutes =
  (service: AuthService, options: { signInsPerAddress?: number } = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const { auth } = endpoints;
    // Per address, counted before the call (a shop's staff share one: generous; the lockout stops guessing).
    const signInLimit = {
      rateLimit: limitPerAddress('sign-in', {
        ...RATE_LIMITS.signInPerIp,
        limit: options.signInsPerAddress ?? RATE_LIMITS.signInPerIp.limit,
      }),
    };
    const resetRequestLimit = { rateLimit: limitPerAddress('reset-request', RATE_LIMITS.resetRequestPerIp) };
    const signedInUser = async (request: FastifyRequest) => (await service.requireSession(request)).session.user;
    // Who may call, before the body is read (docs/decisions.md "403 before 400"); the service asks again.
    const signedInOnly = { guard: service.requireSession };
    // The second step needs the challenge of the first (its cookie): 401 without one.
    const challenged = { guard: (request: FastifyRequest) => service.twoFactorChallengeUser(clientOf(request)) };

    route(app, auth.signIn, { config: signInLimit }, async (request, reply) =>
      send(reply, await service.signIn(clientOf(request), request.body)),
    );
    route(app, auth.secondFactor, challenged, async (request, reply) =>
      send(reply, await service.verifySecondFactor(clientOf(request), request.body)),
    );
    route(app, auth.resendSecondFactorCode, challenged, async (request, reply) =>
      send(reply, await service.resendCode(clientOf(request))),
    );
    route(app, auth.forgotPassword, { config: resetRequestLimit }, async (request) =>
      service.forgotPassword(clientOf(request), request.body.email),
    );
    route(app, auth.resetPassword, async (request) => service.resetPassword(clientOf(request), request.body));
    route(app, auth.changePassword, signedInOnly, async (request, reply) => {
      const user = await signedInUser(request);
      return send(reply, await service.changePassword(clientOf(request), user, request.body));
    });
    route(app, auth.signOutEverywhere, signedInOnly, async (request, reply) => {
      const user = await signedInUser(request);
      return send(reply, await service.signOutEverywhere(clientOf(request), user));
    });
    route(app, auth.signOut, async (request, reply) => send(reply, await service.signOut(clientOf(request))));
  };
