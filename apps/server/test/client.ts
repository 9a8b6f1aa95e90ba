import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Response as InjectResponse } from 'light-my-request';
import {
  endpoints,
  pathOf,
  queryStringOf,
  type BodyOf,
  type Endpoint,
  type HttpMethod,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@portal/contracts';
import { DEMO_PASSWORD } from '../src/seed/people.ts';
import { cookieJar } from './cookies.ts';

/**
 * What a test sends to an endpoint of the contracts' map: its path parameters, query and body typed
 * by the endpoint's schemas (each may be left out, to test the refusal), and what app.inject takes
 * beside them.
 */
export interface EndpointInput<E extends Endpoint> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  remoteAddress?: string;
}

/** app.inject's answer, its JSON typed by the endpoint's response schema unless the test says otherwise. */
export type EndpointResponse<E extends Endpoint> = Omit<InjectResponse, 'json'> & { json<T = ResponseOf<E>>(): T };

/**
 * A value sent as it is, though the endpoint's schema refuses it: a test of that refusal says so
 * here rather than by a cast (`body: unchecked({ lines: 'x' })`).
 */
export const unchecked = (value: unknown): never => value as never;

/** The injection of one call of the map: method and path from the endpoint, `:name`s filled from `params`. */
export function injectionOf<E extends Endpoint>(endpoint: E, input: EndpointInput<E> = {}): InjectOptions {
  const { params, query, body, headers, cookies, remoteAddress } = input as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: InjectOptions['payload'];
  } & Omit<EndpointInput<E>, 'params' | 'query' | 'body'>;
  return {
    method: endpoint.method,
    url: pathOf(endpoint, params) + queryStringOf(query),
    ...(body !== undefined ? { payload: body } : {}),
    ...(headers ? { headers } : {}),
    ...(cookies ? { cookies } : {}),
    ...(remoteAddress ? { remoteAddress } : {}),
  };
}

/**
 * Calls an endpoint of the contracts' map by name, without a browser (no cookie jar): the path,
 * method and types come from the map, so a test can not drift from what the server registers.
 *
 * ```ts
 * await call(t.app, endpoints.auth.signIn, { body: { email, password }, remoteAddress });
 * ```
 */
export async function call<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  input?: EndpointInput<E>,
): Promise<EndpointResponse<E>> {
  return app.inject(injectionOf(endpoint, input));
}

let clients = 0;

/**
 * A browser for app.inject: its own cookie jar and its own address (so per-address limits of one
 * test never touch another), plus the calls every identity test makes.
 */
export function testClient(app: FastifyInstance, headers: Record<string, string> = {}) {
  const jar = cookieJar();
  clients++;
  const remoteAddress = `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
  const send = async (options: InjectOptions) =>
    jar.store(
      await app.inject({
        remoteAddress,
        ...options,
        headers: { ...headers, ...options.headers, cookie: jar.header() },
      }),
    );
  /**
   * Calls an endpoint of the map by name with this browser's cookies and address
   * (`c.call(endpoints.cart.addLines, { params: { token }, body: { lines } })`); or, for a request no
   * endpoint describes (an unknown path, a path parameter the router refuses), by method and URL.
   */
  function call<E extends Endpoint>(endpoint: E, input?: EndpointInput<E>): Promise<EndpointResponse<E>>;
  function call(method: HttpMethod, url: string, payload?: object): Promise<InjectResponse>;
  function call(target: Endpoint | HttpMethod, second?: object | string, payload?: object) {
    return typeof target === 'string'
      ? send({ method: target, url: second as string, payload })
      : send(injectionOf(target, second as EndpointInput<Endpoint>));
  }
  return {
    jar,
    remoteAddress,
    call,
    signIn: (email: string, password = DEMO_PASSWORD, rememberMe = false) =>
      call(endpoints.auth.signIn, { body: { email, password, rememberMe } }),
    secondFactor: (code: string, trustDevice = false) =>
      call(endpoints.auth.secondFactor, { body: { code, trustDevice } }),
    signOut: () => call(endpoints.auth.signOut),
    session: async () => (await call(endpoints.session.get)).json(),
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
    const selected = await client.call(endpoints.session.selectBusiness, { body: { sapBpCode: options.sapBpCode } });
    if (selected.statusCode !== 200)
      throw new Error(`${email} selecting ${options.sapBpCode} answered ${selected.statusCode} ${selected.body}`);
  }
  return client;
}
