import type { Config } from '../../config.ts';
import { publicUrlOf } from '../../config.ts';

export const SESSION_COOKIE_PREFIX = 'portal';
/** ASVS 3.3.3: a `__Host-` cookie is Secure, for this host only (no Domain) and Path=/; a subdomain or plain http can not set or read it. */
const HOST_PREFIX = `__Host-${SESSION_COOKIE_PREFIX}`;

/** better-auth's cookies that our code reads (to name a device, to find a challenge) or expires. */
export type AuthCookie = 'session_token' | 'two_factor' | 'trust_device' | 'dont_remember';

/**
 * ASVS 3.3.1: cookies are Secure, with the `__Host-` prefix, whenever the public origin (PUBLIC_URL) is
 * https; the local demo on plain http keeps plain `portal.*` names, which a browser would refuse Secure.
 */
export const securesCookies = (config: Config) => publicUrlOf(config).startsWith('https://');

export const cookiePrefixOf = (config: Config) => (securesCookies(config) ? HOST_PREFIX : SESSION_COOKIE_PREFIX);

/**
 * A cookie of better-auth as the browser sent it, under either name. Only better-auth trusts these
 * cookies (it reads and verifies the configured name); ours only name a device or find whose challenge
 * this is, so either name will do and the code needs no configuration.
 */
export const authCookieValue = (cookies: Readonly<Record<string, string | undefined>>, cookie: AuthCookie) =>
  cookies[`${HOST_PREFIX}.${cookie}`] ?? cookies[`${SESSION_COOKIE_PREFIX}.${cookie}`];

/** Whether a Set-Cookie line sets this better-auth cookie, under either name. */
export const setsAuthCookie = (line: string, cookie: AuthCookie) =>
  line.startsWith(`${HOST_PREFIX}.${cookie}=`) || line.startsWith(`${SESSION_COOKIE_PREFIX}.${cookie}=`);

/** The session cookie's names, for the credentials a request carries. */
export const SESSION_COOKIE_NAMES = [`${SESSION_COOKIE_PREFIX}.session_token`, `${HOST_PREFIX}.session_token`];

/** Set-Cookie lines that end the session cookie under either name (a __Host- cookie is only replaced by a Secure one). */
export const EXPIRED_SESSION_COOKIES = [
  `${SESSION_COOKIE_PREFIX}.session_token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`,
  `${HOST_PREFIX}.session_token=; Max-Age=0; Path=/; Secure; HttpOnly; SameSite=Lax`,
];
