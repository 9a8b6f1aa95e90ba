import type { FastifyRequest } from 'fastify';
import { messages } from '@portal/contracts';
import { SESSION_COOKIE_NAMES } from './cookies.ts';

/** Whether the request carries session credentials: a session cookie or a bearer token. */
export function carriesSession(request: FastifyRequest) {
  return (
    /^Bearer\s+\S/i.test(request.headers.authorization ?? '') ||
    SESSION_COOKIE_NAMES.some((name) => request.cookies[name] !== undefined)
  );
}

/** The 401 detail for a request without a live session (spec 01 §8: only an ended session is told to log in again). */
export const signedOutDetail = (request: FastifyRequest) =>
  carriesSession(request) ? messages.credentialsNeedRefresh : messages.signInRequired;
