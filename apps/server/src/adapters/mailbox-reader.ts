import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Who may read a message in the demo mailbox (issue 14 §1, docs/security.md "Demo mailbox").
 *
 * On this machine (a loopback connection that no proxy forwarded) the mailbox shows every message:
 * whoever sits there runs the demo. From anywhere else it shows a browser only the messages that
 * its own requests caused *and* that were sent to an account whose password that request had just
 * proved (a sign-in's SMS code, the set-up e-mail sent again at sign-in). Nobody can read a reset
 * code, an invitation or another person's sign-in code from elsewhere, so asking for someone's
 * reset and reading the code is not a way in. A browser is known by a random key in an HttpOnly
 * cookie, set the first time one of its requests leaves it a message.
 */
export const MAILBOX_COOKIE = 'portal.mailbox';
/** On an https public origin, as the session's (modules/auth/cookies.ts): Secure, this host only (ASVS 3.3.3). */
const SECURE_MAILBOX_COOKIE = `__Host-${MAILBOX_COOKIE}`;
const KEY = /^[\w-]{22}$/;
const ONE_YEAR_S = 365 * 24 * 60 * 60;

interface RequestMailbox {
  key: string | null;
  fresh: boolean;
}

const requestMailbox = new AsyncLocalStorage<RequestMailbox>();
const provenAddresses = new AsyncLocalStorage<ReadonlySet<string>>();
const mailboxOfRequest = new WeakMap<FastifyRequest, RequestMailbox>();

/**
 * Runs `send` with `addresses` proven by this request (the caller checked their password, or the
 * send happens only once it is checked): what it sends them is readable by this browser.
 */
export function asMailboxReaderOf<T>(addresses: (string | null | undefined)[], send: () => Promise<T>): Promise<T> {
  const proven = new Set(addresses.filter((a): a is string => !!a).map((a) => a.toLowerCase()));
  return provenAddresses.run(proven, send);
}

/** The mailbox key to keep with a message to `to`: this request's browser when it may read it, else null. */
export function mailboxReaderFor(to: string): string | null {
  const mailbox = requestMailbox.getStore();
  if (!mailbox || !provenAddresses.getStore()?.has(to.toLowerCase())) return null;
  if (!mailbox.key) {
    mailbox.key = randomBytes(16).toString('base64url');
    mailbox.fresh = true;
  }
  return mailbox.key;
}

/** The mailbox key of the browser that sent this request, if it has one. */
export const mailboxKeyOf = (request: FastifyRequest) => mailboxOfRequest.get(request)?.key ?? null;

/**
 * This machine's own person: a loopback connection carrying no proxy's forwarding header (a proxy
 * on this machine forwards other people, and says so in one of them).
 */
export function isThisMachine(request: FastifyRequest): boolean {
  const { headers } = request;
  if (headers['x-forwarded-for'] || headers.forwarded || headers['x-real-ip']) return false;
  return isLoopback(request.socket.remoteAddress ?? '');
}

function isLoopback(address: string) {
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
}

/** Demo mode: every request knows its browser's mailbox key; a key made during a request is set as a cookie. */
export function registerMailboxReader(app: FastifyInstance, options: { secureCookie: boolean }) {
  const cookieName = options.secureCookie ? SECURE_MAILBOX_COOKIE : MAILBOX_COOKIE;
  // After the body is read (preValidation), so the whole handler runs inside the request's store.
  app.addHook('preValidation', (request, _reply, done) => {
    const given = request.cookies[cookieName];
    const mailbox: RequestMailbox = { key: given && KEY.test(given) ? given : null, fresh: false };
    mailboxOfRequest.set(request, mailbox);
    requestMailbox.run(mailbox, done);
  });
  app.addHook('onSend', async (request, reply) => {
    const mailbox = mailboxOfRequest.get(request);
    if (!mailbox?.fresh || !mailbox.key) return;
    reply.setCookie(cookieName, mailbox.key, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookie,
      maxAge: ONE_YEAR_S,
    });
  });
}
