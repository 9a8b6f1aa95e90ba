import type { Db } from '../../db/client.ts';
import { setCookieValues, type Client } from './client.ts';
import { authCookieValue } from './cookies.ts';
import { moveTrustedDevice, nameTrustedDevice } from './repo.ts';

/** A readable name for a browser from its user agent: "Chrome on Android". */
export function deviceLabel(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|CriOS\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'A browser';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iPhone or iPad'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : 'an unknown system';
  return `${browser} on ${os}`;
}

/**
 * The trusted-device id inside better-auth's signed `trust_device` cookie:
 * `<hmac>!trust-device-<32 of a-z A-Z 0-9 - _>.<signature>`.
 */
export function trustIdFromCookieValue(value: string | undefined): string | undefined {
  return value ? decodeURIComponent(value).match(/trust-device-[\w-]{32}/)?.[0] : undefined;
}

/** The trusted-device id of the browser's own `trust_device` cookie. */
export const trustIdOf = (client: Client) => trustIdFromCookieValue(authCookieValue(client.cookies, 'trust_device'));

const trustIdSet = (setCookies: string[]) =>
  trustIdFromCookieValue(authCookieValue(setCookieValues(setCookies), 'trust_device'));

/** Names a newly trusted browser (better-auth keeps the trust; we keep what to show). */
export async function rememberDevice(db: Db, client: Client, userId: string, setCookies: string[]) {
  const id = trustIdSet(setCookies);
  if (!id) return;
  await nameTrustedDevice(db, { id, userId, label: deviceLabel(client.userAgent), ipAddress: client.ip });
}

/** A trusted browser skipped the second factor: better-auth rotated its id; the name follows it. */
export async function deviceUsed(db: Db, client: Client, userId: string, setCookies: string[]) {
  const [from, to] = [trustIdOf(client), trustIdSet(setCookies)];
  if (!from || !to) return;
  if (!(await moveTrustedDevice(db, { from, to, userId, ipAddress: client.ip })))
    await rememberDevice(db, client, userId, setCookies);
}
