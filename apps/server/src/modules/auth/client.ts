import fastifyCookie from '@fastify/cookie';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';

/**
 * Who is calling, as the auth services need it: plain values, made once by the route with
 * `clientOf(request)`, so a test or a job can make one without a request.
 */
export interface Client {
  /** For better-auth's API: the browser's headers, with the client IP Fastify resolved (never the client's own claim). */
  headers: Headers;
  ip: string;
  userAgent: string | null;
  cookies: Readonly<Record<string, string | undefined>>;
}

export function clientOf(request: FastifyRequest): Client {
  const headers = fromNodeHeaders(request.headers);
  headers.set('x-portal-client-ip', request.ip);
  return { headers, ip: request.ip, userAgent: request.headers['user-agent'] ?? null, cookies: request.cookies };
}

/** The client as it will be once the browser keeps cookies just set (the second-factor challenge). */
export function withCookies(client: Client, setCookies: string[]): Client {
  if (!setCookies.length) return client;
  const pairs = setCookies.map((line) => line.split(';')[0]!).join('; ');
  const headers = new Headers(client.headers);
  headers.set('cookie', [headers.get('cookie'), pairs].filter(Boolean).join('; '));
  // The browser's own cookies come first in the header, so they win, as they do in parsing it.
  return { ...client, headers, cookies: { ...fastifyCookie.parse(pairs), ...client.cookies } };
}

/** What a call hands back to the route: its answer and the cookies to set. */
export interface WithCookies<T> {
  body: T;
  cookies: string[];
  /** For API clients: the session token to send as `Authorization: Bearer …`. */
  authToken?: string | null;
}

/** The Set-Cookie lines of a better-auth answer. */
export const setCookiesOf = (headers: Headers | null | undefined) => headers?.getSetCookie() ?? [];

/** The cookies a list of Set-Cookie lines sets, by name. */
export const setCookieValues = (setCookies: string[]): Record<string, string | undefined> =>
  Object.assign({}, ...setCookies.map((line) => fastifyCookie.parse(line.split(';')[0]!)));
