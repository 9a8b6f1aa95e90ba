import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { endpoints } from '@portal/contracts';
import { ACTIVATION_TOKEN_HEADER } from '@portal/contracts/activation';
import { maybeSignedIn } from '../../plugins/actor.ts';
import { route } from '../../plugins/endpoints.ts';
import { refuseInvalidInstallerAccount } from '../devices/index.ts';
import type { ActivationCaller, ActivationService } from './service.ts';

/** A guest's token (X-Activation-Token) and the caller's address. */
function callerOf(request: FastifyRequest): ActivationCaller {
  const token = request.headers[ACTIVATION_TOKEN_HEADER];
  const guestToken = (Array.isArray(token) ? token[0] : token)?.trim();
  return { guestToken: guestToken && guestToken.length <= 200 ? guestToken : undefined, ip: request.ip };
}

/**
 * The activation record's calls (issue 29 §3). Optional login, as activation itself (spec 01 §2.2): a guest's
 * activation is theirs by its token; an installer account that must activate as a guest is told so first, as
 * by every device call (spec 02 §5).
 */
export const activationRoutes =
  (service: ActivationService): FastifyPluginAsyncZod =>
  async (app) => {
    const { activations } = endpoints;
    const anyone = { guard: refuseInvalidInstallerAccount };

    route(app, activations.start, anyone, async (request, reply) =>
      reply.status(201).send(await service.start(maybeSignedIn(request), request.body, callerOf(request))),
    );
    route(app, activations.list, anyone, async (request) =>
      service.list(maybeSignedIn(request), request.query, callerOf(request)),
    );
    route(app, activations.get, anyone, async (request) =>
      service.get(maybeSignedIn(request), request.params.id, callerOf(request)),
    );
    route(app, activations.update, anyone, async (request) =>
      service.update(maybeSignedIn(request), request.params.id, request.body, callerOf(request)),
    );
    route(app, activations.restart, anyone, async (request) =>
      service.restart(maybeSignedIn(request), request.params.id, request.body, callerOf(request)),
    );
    route(app, activations.complete, anyone, async (request) =>
      service.complete(maybeSignedIn(request), request.params.id, request.body, callerOf(request)),
    );
    route(app, activations.abandon, anyone, async (request) =>
      service.abandon(maybeSignedIn(request), request.params.id, callerOf(request)),
    );
    route(app, activations.ofDevice, anyone, async (request) =>
      service.ofDevice(maybeSignedIn(request), request.params.key, callerOf(request)),
    );
  };
