import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { createMemo } from '../../db/memo.ts';
import { refuse } from '../../refusal.ts';
import type { Auth } from './auth.ts';
import { clientOf, setCookiesOf } from './client.ts';
import { signedOutDetail } from './credentials.ts';

/**
 * The session of a request: the one read that takes the request itself, since it is what works out
 * who calls (the actor plugin, modules/acting/actor.ts, asks it once per request).
 */
export function createSessionReader(ctx: AppContext, auth: Auth) {
  const readSessionNow = (request: FastifyRequest) =>
    auth.api
      .getSession({ headers: clientOf(request).headers, returnHeaders: true })
      .then((result) => ({ session: result.response, cookies: setCookiesOf(result.headers) }));
  type SessionRead = Awaited<ReturnType<typeof readSessionNow>>;
  const sessionMemo = createMemo<SessionRead>(ctx.database.changes, { kind: 'identity', size: 10_000 });

  /**
   * A session read is kept for its credentials (the same cookie or bearer token) until a change to the
   * user or the session is noticed, at most IDENTITY_CACHE_MS and never past the session's end. Reads
   * that find no session, or that refresh the cookie, are not kept.
   */
  function readSession(request: FastifyRequest): Promise<SessionRead> {
    const { cookie, authorization } = request.headers;
    // No cookie and no bearer token: no session, without asking better-auth (a visitor's every request).
    if (!cookie && !authorization) return Promise.resolve({ session: null, cookies: [] });
    return sessionMemo.get(`${authorization ?? ''}\n${cookie ?? ''}`, () => readSessionNow(request), {
      maxAgeMs: ctx.config.IDENTITY_CACHE_MS,
      keep: (read) => read.session !== null && read.cookies.length === 0,
      goodUntil: (read) => new Date(read.session!.session.expiresAt).getTime(),
      subjectOf: (read) => read.session?.user.id,
    });
  }
  const sessionsRead = new WeakMap<FastifyRequest, ReturnType<typeof readSession>>();

  /**
   * The session of a request, with refreshed cookies when better-auth extends it. Read once per
   * request: the route, the acting context and the audit hook share the answer.
   */
  function currentSession(request: FastifyRequest) {
    let read = sessionsRead.get(request);
    if (!read) {
      read = readSession(request);
      // A failed read is not kept: a later caller in the same request asks again.
      read.catch(() => sessionsRead.delete(request));
      sessionsRead.set(request, read);
    }
    return read;
  }

  /**
   * The signed-in session, or 401: 'Please sign in to continue.' when the request carries no session
   * at all, the spec's "credentials need to be refreshed" (the client logs out) when it carries one
   * that ended (spec 01 §8).
   */
  async function requireSession(request: FastifyRequest) {
    const { session, cookies } = await currentSession(request);
    if (!session) throw refuse.unauthenticated(signedOutDetail(request));
    return { session, cookies };
  }

  return { currentSession, requireSession };
}

export type SessionReader = ReturnType<typeof createSessionReader>;
/** Who is signed in, as a route hands it to a service. */
export interface SignedInUser {
  id: string;
  email: string;
}
