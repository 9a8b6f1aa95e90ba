/**
 * The portal's service worker (issue 31 item 2): what an installer opened once opens again with no signal.
 * The rules are src/offline/policy.ts; this file only carries them out.
 *
 * - Install: the build's code and styles are precached (Workbox's precache, from the manifest the build injects);
 *   the new worker takes over at once — its rules hold no state, and a page keeps the code it loaded, so an open
 *   activation flow carries on (hashed files never change under it).
 * - Pages: network first (3 s, then the kept copy); the copy is kept per path, and any path falls back to the last
 *   page kept, the app's shell.
 * - Data reads: network first, the answer kept; without network the kept answer, marked `x-offline-copy`; none
 *   kept: 503 with words the app shows.
 * - Everything else (every write, prices, carts): the network only. Nothing is queued or sent again here.
 */
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { CACHES, handlingOf, postReadKey } from './offline/policy.ts';
import { OFFLINE_TEXTS, OFFLINE_COPY_HEADER, SHELL_KEY, SW_MESSAGES } from './offline/texts.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

const PAGE_TIMEOUT_MS = 3000;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener('install', (event) => {
  // The shell any path opens offline, from the start: an installer who opened the portal once and then moved
  // about inside it made no page request the worker could keep.
  event.waitUntil(
    (async () => {
      const shell = await fetch('/', { cache: 'reload', credentials: 'same-origin' });
      if (shell.ok) await (await caches.open(CACHES.pages)).put(SHELL_KEY, shell);
      await self.skipWaiting();
    })().catch(() => self.skipWaiting()),
  );
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/**
 * Sign-out's forgetting counts: an answer that was on its way when the person signed out (the session read
 * that a /logout page load starts beside the sign-out, say) is not kept after the store was emptied.
 */
let forgotten = 0;

self.addEventListener('message', (event) => {
  if (event.data?.type !== SW_MESSAGES.forget) return;
  forgotten += 1;
  event.waitUntil(caches.delete(CACHES.data));
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const handling = handlingOf(request.method, url, request.mode);
  if (handling === 'page') event.respondWith(page(request));
  else if (handling === 'asset') event.respondWith(asset(request));
  else if (handling === 'data') event.respondWith(read(request, request.url));
  else if (handling === 'post-read')
    event.respondWith(
      request
        .clone()
        .text()
        .then(async (body) => read(request, await postReadKey(request.url, body))),
    );
});

async function page(request: Request): Promise<Response> {
  const store = await caches.open(CACHES.pages);
  try {
    const response = await withTimeout(fetch(request), PAGE_TIMEOUT_MS);
    if (response.ok) {
      const copy = response.clone();
      const shell = response.clone();
      void store.put(new URL(request.url).pathname, copy);
      void store.put(SHELL_KEY, shell);
    }
    return response;
  } catch {
    const kept = (await store.match(new URL(request.url).pathname)) ?? (await store.match(SHELL_KEY));
    return kept ?? offline();
  }
}

/** Hashed files: the kept copy when there is one (they never change), else the network, kept for next time. */
async function asset(request: Request): Promise<Response> {
  const kept = await caches.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) void (await caches.open(CACHES.assets)).put(request, response.clone());
  return response;
}

async function read(request: Request, key: string): Promise<Response> {
  const asked = forgotten;
  const store = await caches.open(CACHES.data);
  try {
    const response = await fetch(request);
    // Only a good answer is kept (a 401 after sign-out, a 404 or a 5xx never replaces one), and only when no
    // sign-out came while it was on its way.
    if (response.ok && asked === forgotten) void store.put(key, response.clone());
    return response;
  } catch {
    const kept = await store.match(key);
    if (!kept) return offline();
    const headers = new Headers(kept.headers);
    headers.set(OFFLINE_COPY_HEADER, '1');
    return new Response(kept.body, { status: kept.status, statusText: kept.statusText, headers });
  }
}

const offline = () =>
  new Response(JSON.stringify({ detail: OFFLINE_TEXTS.notKept }), {
    status: 503,
    headers: { 'content-type': 'application/json', [OFFLINE_COPY_HEADER]: 'missing' },
  });

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
