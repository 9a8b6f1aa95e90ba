import fastifyCookie from '@fastify/cookie';
import { generateRandomString, makeSignature } from 'better-auth/crypto';
import type { Auth } from './auth.ts';
import type { Client, WithCookies } from './client.ts';

/**
 * ASVS 7.2.4: a session's token changes when what it may do changes, and an earlier session of the
 * browser ends when it signs in again, so a token seen before (a shared computer, a log line) is dead.
 */
export function createSessionRotation(auth: Auth) {
  /**
   * The session of `client` gets a new token (the same session: its selection, its end, its device);
   * the old token is refused from now on. Answers the cookie to set and, for API clients, the new
   * bearer token; nothing when the client has no session.
   */
  async function rotateSessionToken(client: Client): Promise<Omit<WithCookies<unknown>, 'body'>> {
    const session = await auth.api.getSession({ headers: client.headers, query: { disableRefresh: true } });
    if (!session) return { cookies: [] };
    const context = await auth.$context;
    const token = generateRandomString(32);
    await context.internalAdapter.updateSession(session.session.token, { token });
    const signed = `${token}.${await makeSignature(token, context.secret)}`;
    const { name, attributes } = context.authCookies.sessionToken;
    // As better-auth sets it: a browser session stays one ("remember me" off), else the session's lifetime.
    const dontRemember = client.cookies[context.authCookies.dontRememberToken.name] !== undefined;
    const cookie = fastifyCookie.serialize(name, signed, {
      ...attributes,
      sameSite: attributes.sameSite?.toLowerCase() as 'lax' | 'strict' | 'none' | undefined,
      maxAge: dontRemember ? undefined : context.sessionConfig.expiresIn,
    });
    return { cookies: [cookie], authToken: encodeURIComponent(signed) };
  }

  /** Ends the session `client` carries, if any: called once a sign-in's password was right. */
  async function endEarlierSession(client: Client) {
    const session = await auth.api.getSession({ headers: client.headers, query: { disableRefresh: true } });
    if (!session) return;
    const context = await auth.$context;
    await context.internalAdapter.deleteSession(session.session.token);
  }

  return { rotateSessionToken, endEarlierSession };
}

export type SessionRotation = ReturnType<typeof createSessionRotation>;
