import type { FastifyRequest } from 'fastify';
import { messages } from '@portal/contracts';
import { SESSION_COOKIE_PREFIX } from './auth.ts';

/** Whether the request carries session credentials: a session cookie or a bearer token. */
export function carriesSession(request: FastifyRequest) {
  const cookies = request.headers.cookie ?? '';
  return (
    /^Bearer\s+\S/i.test(request.headers.authorization ?? '') ||
    cookies.includes(`${SESSION_COOKIE_PREFIX}.session_token=`) ||
    cookies.includes(`__Secure-${SESSION_COOKIE_PREFIX}.session_token=`)
  );
}

/** The 401 detail for a request without a live session (spec 01 §8: only an ended session is told to log in again). */
export const signedOutDetail = (request: FastifyRequest) =>
  carriesSession(request) ? messages.credentialsNeedRefresh : messages.signInRequired;
