import type { Db, Tx } from '../../db/client.ts';
import type { Auth } from './auth.ts';
import type { Audit } from './audit.ts';
import { setCookiesOf, type Client, type WithCookies } from './client.ts';
import type { SignedInUser } from './session-read.ts';
import * as repo from './repo.ts';

/** Which of these sessions are still live (not ended, not expired): a device stream ends with its session. */
export function liveSessionIds(db: Db | Tx, ids: string[]): Promise<Set<string>> {
  return repo.liveSessionIds(db, ids);
}

/** Ends every session of a user, in the caller's transaction when it passes one (an e-mail change). */
export function endSessionsOf(db: Db | Tx, userId: string): Promise<void> {
  return repo.endSessionsOf(db, userId);
}

/** Ending sessions: this one, or every one of the user (profile: sign out everywhere). */
export function createSignOutService(auth: Auth, { audit }: { audit: Audit }) {
  async function signOut(client: Client): Promise<WithCookies<{ ok: true }>> {
    const session = await auth.api.getSession({ headers: client.headers });
    const result = await auth.api.signOut({ headers: client.headers, returnHeaders: true });
    if (session) await audit('sign-out', client, { userId: session.user.id, email: session.user.email });
    return { body: { ok: true }, cookies: setCookiesOf(result.headers) };
  }

  /** Ends every session of the user, this one included. */
  async function signOutEverywhere(client: Client, user: SignedInUser): Promise<WithCookies<{ ok: true }>> {
    await auth.api.revokeSessions({ headers: client.headers });
    await audit('sign-out', client, { userId: user.id, email: user.email, details: { everywhere: true } });
    const result = await auth.api.signOut({ headers: client.headers, returnHeaders: true }).catch(() => null);
    return { body: { ok: true }, cookies: setCookiesOf(result?.headers) };
  }

  return { signOut, signOutEverywhere };
}
