import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from '../src/seed/people.ts';
import { cookieJar } from './cookies.ts';

let clients = 0;

/**
 * A browser for app.inject: its own cookie jar and its own address (so per-address limits of one
 * test never touch another), plus the calls every identity test makes.
 */
export function testClient(app: FastifyInstance, headers: Record<string, string> = {}) {
  const jar = cookieJar();
  clients++;
  const remoteAddress = `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    jar.store(await app.inject({ method, url, payload, remoteAddress, headers: { ...headers, cookie: jar.header() } }));
  return {
    jar,
    remoteAddress,
    call,
    signIn: (email: string, password = DEMO_PASSWORD, rememberMe = false) =>
      call('POST', '/api/auth/sign-in', { email, password, rememberMe }),
    secondFactor: (code: string, trustDevice = false) => call('POST', '/api/auth/second-factor', { code, trustDevice }),
    signOut: () => call('POST', '/api/auth/sign-out'),
    session: async () =>
      (await call('GET', '/api/session')).json() as {
        user: { id: string; email: string; permissionGroups: string[]; dealer_id: string | null } | null;
      },
  };
}
export type TestClient = ReturnType<typeof testClient>;

/**
 * The one sign-in of server tests: a new browser signed in as a demo account (password, no second
 * factor), acting for `sapBpCode` when given (sales reps). Null signs nobody in. Throws with the
 * server's answer when either step fails, so a test never runs as someone else.
 */
export async function signedInAs(
  app: FastifyInstance,
  email: string | null,
  options: { sapBpCode?: string; headers?: Record<string, string> } = {},
): Promise<TestClient> {
  const client = testClient(app, options.headers);
  if (!email) return client;
  const signIn = await client.signIn(email);
  if (signIn.statusCode !== 200 || signIn.json<{ status: string }>().status !== 'signed-in')
    throw new Error(`sign-in as ${email} answered ${signIn.statusCode} ${signIn.body}`);
  if (options.sapBpCode) {
    const selected = await client.call('POST', '/api/select-business', { sapBpCode: options.sapBpCode });
    if (selected.statusCode !== 200)
      throw new Error(`${email} selecting ${options.sapBpCode} answered ${selected.statusCode} ${selected.body}`);
  }
  return client;
}
