import { timingSafeEqual } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import { makeSignature, signJWT, symmetricDecrypt, symmetricEncrypt, verifyJWT } from 'better-auth/crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { SESSION_SECONDS } from './auth.ts';
import { cookiePrefixOf, securesCookies } from './cookies.ts';
import { reencryptSecondFactors } from './repo.ts';

/**
 * AUTH_SECRET rotation without signing everyone out (issue 32, docs/operations.md "Rotating AUTH_SECRET"):
 * while AUTH_SECRET_PREVIOUS is set, whatever the old secret signed or encrypted is still taken, and
 * everything is issued with the new one. better-auth itself knows one signing secret, so what reaches it
 * is first made current: a cookie or bearer token signed with the old secret is re-signed in front of it
 * (and the session cookie handed back re-signed, so the browser holds a current one from then on), the
 * second-factor secrets are re-encrypted at start, and our own links verify with either key.
 */
export interface SecretKeys {
  current: string;
  previous: string | null;
}

export const secretKeysOf = (ctx: AppContext): SecretKeys => ({
  current: ctx.authSecret,
  previous:
    ctx.config.AUTH_SECRET_PREVIOUS && ctx.config.AUTH_SECRET_PREVIOUS !== ctx.authSecret
      ? ctx.config.AUTH_SECRET_PREVIOUS
      : null,
});

/** The claims of a link's token (HS256) signed with either key; null when neither signed it or it expired. */
export async function verifyLinkToken<T>(keys: SecretKeys, token: string): Promise<T | null> {
  const claims = await verifyJWT<T>(token, keys.current);
  if (claims || !keys.previous) return claims;
  return verifyJWT<T>(token, keys.previous);
}

/** A link token better-auth will verify (the sign-up e-mail's): one the old key signed, signed anew to the same expiry. */
export async function currentLinkToken(keys: SecretKeys, token: string): Promise<string> {
  if (!keys.previous || (await verifyJWT(token, keys.current))) return token;
  const claims = await verifyJWT<Record<string, unknown> & { exp?: number }>(token, keys.previous);
  if (!claims?.exp) return token;
  const { iat: _issued, exp, ...rest } = claims;
  return signJWT(rest, keys.current, Math.max(1, exp - Math.floor(Date.now() / 1000)));
}

const SIGNED = /^(.+)\.([A-Za-z0-9+/]{43}=)$/;
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** A value better-call signed (`<value>.<base64 HMAC-SHA-256>`) with the old key, signed with the new one; else null. */
async function resigned(keys: SecretKeys & { previous: string }, signed: string): Promise<string | null> {
  const match = SIGNED.exec(signed);
  if (!match) return null;
  const [, value, signature] = match as unknown as [string, string, string];
  if (same(signature, await makeSignature(value, keys.current))) return null;
  if (!same(signature, await makeSignature(value, keys.previous))) return null; // neither: better-auth refuses it
  return `${value}.${await makeSignature(value, keys.current)}`;
}

const decoded = (raw: string) => {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
};

/**
 * In front of every request while AUTH_SECRET_PREVIOUS is set (after the cookie parser, before the actor):
 * better-auth's signed cookies and a signed bearer token made with the old key are re-signed with the new.
 */
export function registerPreviousSecret(app: FastifyInstance, ctx: AppContext) {
  const { previous, current } = secretKeysOf(ctx);
  if (!previous) return;
  const keys = { current, previous };
  const prefix = `${cookiePrefixOf(ctx.config)}.`;
  const sessionCookie = `${prefix}session_token`;
  const reissue = new WeakMap<object, string>();
  const freshTokens = new WeakMap<object, string>();

  app.addHook('onRequest', async (request) => {
    const { cookie, authorization } = request.headers;
    if (cookie) {
      let changed = false;
      const pairs = await Promise.all(
        cookie.split(';').map(async (pair) => {
          const at = pair.indexOf('=');
          const name = pair.slice(0, at).trim();
          if (at < 0 || !name.startsWith(prefix)) return pair;
          const fresh = await resigned(keys, decoded(pair.slice(at + 1).trim()));
          if (!fresh) return pair;
          changed = true;
          if (name === sessionCookie) reissue.set(request, fresh);
          return ` ${name}=${encodeURIComponent(fresh)}`;
        }),
      );
      if (changed) {
        request.headers.cookie = pairs.join(';').trim();
        request.cookies = fastifyCookie.parse(request.headers.cookie);
      }
    }
    const bearer = authorization && /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
    const fresh = bearer && (await resigned(keys, decoded(bearer)));
    if (fresh) {
      request.headers.authorization = `Bearer ${fresh}`;
      freshTokens.set(request, fresh);
    }
  });

  // The browser keeps the re-signed session cookie, unless the answer sets one of its own (a sign-out, a refresh).
  app.addHook('onSend', async (request, reply) => {
    // An API client is handed its token re-signed, as sign-in hands one out (routes.ts).
    const token = freshTokens.get(request);
    if (token && !reply.hasHeader('set-auth-token')) reply.header('set-auth-token', token);
    const fresh = reissue.get(request);
    if (!fresh) return;
    const already = [reply.getHeader('set-cookie') ?? []]
      .flat()
      .some((line) => String(line).startsWith(`${sessionCookie}=`));
    if (already) return;
    // As better-auth sets it (auth.ts); "don't remember me" sessions end with the browser: no Max-Age for them.
    const browserSession = request.cookies[`${prefix}dont_remember`] !== undefined;
    reply.setCookie(sessionCookie, fresh, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: securesCookies(ctx.config),
      ...(!browserSession && { maxAge: SESSION_SECONDS }),
    });
  });
}

/**
 * At start: second-factor secrets (TOTP secrets, backup codes) encrypted with the old key are encrypted
 * with the new one, so better-auth, which decrypts with its one secret, reads them. Idempotent: instances
 * starting together each find what is left.
 */
export async function reencryptWithCurrentSecret(ctx: AppContext) {
  const { current, previous } = secretKeysOf(ctx);
  if (!previous) return 0;
  return reencryptSecondFactors(ctx.db, async (data) => {
    try {
      await symmetricDecrypt({ key: current, data });
      return null;
    } catch {
      const plain = await symmetricDecrypt({ key: previous, data }).catch(() => null);
      return plain === null ? null : symmetricEncrypt({ key: current, data: plain });
    }
  });
}
