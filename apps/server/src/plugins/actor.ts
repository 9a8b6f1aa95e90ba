import type { FastifyRequest } from 'fastify';
import { can, messages, type Permission } from '@portal/contracts';
import type { Actor } from '../actor.ts';
import type { Guard } from './endpoints.ts';
import { refuse } from '../refusal.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who acts (src/actor.ts), worked out once before the route by modules/acting/actor.ts; null when signed out. */
    actor: Actor | null;
    /** The 401 detail of a request without an actor (spec 01 §8: an ended session is told to sign in again). */
    signedOutDetail: string;
  }
}

/** The actor of a signed-in request, or 401 with the detail its credentials call for. */
export function signedIn(request: FastifyRequest): Actor {
  if (!request.actor) throw refuse.unauthenticated(request.signedOutDetail || messages.signInRequired);
  return request.actor;
}

/** The actor of the request when signed in, else null (calls that anyone may make). */
export const maybeSignedIn = (request: FastifyRequest): Actor | null => request.actor;

type Denied = string | ((actor: Actor) => string);

/**
 * A route's guard over the named rules of contracts/permissions.ts (the browser asks the same rule):
 * 401 when signed out, 403 with `denied` when the rule says no, whatever the request carries
 * (`route(app, endpoint, { guard: requirePermission('billing', billingDenied) }, …)`).
 */
export function requirePermission(permission: Permission, denied: Denied): Guard {
  return async (request) => {
    const actor = signedIn(request);
    if (!can(viewerOf(actor), permission)) throw refuse.forbidden(typeof denied === 'string' ? denied : denied(actor));
  };
}

/** A route's guard: a signed-in request, any role (401 otherwise). */
export const requireSignedIn: Guard = async (request) => {
  signedIn(request);
};

export const viewerOf = (actor: Actor) => ({ user: actor.user, hasSelectedBusiness: actor.business !== null });
