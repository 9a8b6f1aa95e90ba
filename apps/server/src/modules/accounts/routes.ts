import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { endpoints, messages } from '@portal/contracts';
import { requireSignedIn, signedIn } from '../../plugins/actor.ts';
import { route } from '../../plugins/endpoints.ts';
import { refuse } from '../../refusal.ts';
import { limitPerAddress } from '../../plugins/form-limits.ts';
import type { RateLimitRule } from '../../plugins/rate-limit.ts';
import { clientOf } from '../auth/index.ts';
import { ACCOUNT_RATE_LIMITS } from './limits.ts';
import type { AccountsService } from './service.ts';

const noStore = { 'cache-control': 'no-store' };

/**
 * spec 01 §7: PATCH user/{id} needs an id ('User id is a required field') and an updates object
 * ('Updates object is required'): answered as one detail, before the fields are validated.
 */
async function requireIdAndUpdates(request: FastifyRequest) {
  if (!(request.params as { id?: string } | undefined)?.id) throw refuse.invalid(messages.userIdRequired);
  const updates = (request.body as { updates?: unknown } | null | undefined)?.updates;
  if (!updates || typeof updates !== 'object' || Array.isArray(updates) || Object.keys(updates).length === 0)
    throw refuse.invalid(messages.updatesRequired);
}

/** Registration, e-mail confirmation and change, and the account-service calls (spec 01 §1, §7). */
export const accountRoutes =
  (service: AccountsService): FastifyPluginAsyncZod =>
  async (app) => {
    const { accounts } = endpoints;
    // Counted per caller address before the call, as `<name>:ip:<address>` in the shared store.
    const perAddress = (name: string, rule?: RateLimitRule) => ({ config: { rateLimit: limitPerAddress(name, rule) } });
    // The link forms share one count per address (plugins/form-limits.ts).
    const linkForm = perAddress('link-form');
    const signedInOnly = { guard: requireSignedIn };

    route(app, accounts.register, perAddress('register', ACCOUNT_RATE_LIMITS.registerPerIp), async (request, reply) =>
      reply.headers(noStore).send(await service.register(clientOf(request), request.body)),
    );
    route(
      app,
      accounts.resendSignUpEmail,
      perAddress('email-resend', ACCOUNT_RATE_LIMITS.emailResendPerIp),
      async (request) => service.resendSignUpEmail(request.body.email),
    );
    // better-auth builds the sign-up link on its base path; its handler is not mounted, so this is.
    route(app, accounts.verifyEmail, async (request, reply) => {
      // callbackURL is ignored: the link goes to our /login only, never where a query says.
      const { location, unexpected } = await service.confirmEmail(request.query.token);
      if (unexpected) request.log.warn({ err: unexpected }, 'e-mail confirmation failed');
      return reply.headers(noStore).redirect(location, 302);
    });
    route(app, accounts.requestEmailChange, signedInOnly, async (request) =>
      service.requestEmailChange(signedIn(request), clientOf(request), request.body),
    );
    route(app, accounts.acceptEmailChange, linkForm, async (request, reply) =>
      reply.headers(noStore).send(await service.acceptEmailChange(clientOf(request), request.body.token)),
    );
    route(app, accounts.declineEmailChange, linkForm, async (request) =>
      service.declineEmailChange(clientOf(request), request.body.token),
    );
    route(app, accounts.getUser, signedInOnly, async (request, reply) =>
      reply.headers(noStore).send(await service.getUser(signedIn(request), request.params.id)),
    );
    route(app, accounts.updateUser, { ...signedInOnly, preValidation: requireIdAndUpdates }, async (request) =>
      service.updateUser(signedIn(request), request.params.id, request.body.updates),
    );
    // Without an id (the original client's user/ and user): the spec's detail, not a 404.
    for (const withoutId of [accounts.getUserWithoutId, accounts.updateUserWithoutId])
      route(app, withoutId, async () => {
        throw refuse.invalid(messages.userIdRequired);
      });
    route(app, accounts.droneProfile, signedInOnly, async (request, reply) =>
      reply.headers(noStore).send(service.droneProfile(signedIn(request))),
    );
  };
