import { CACHES } from './policy.ts';
import { SW_MESSAGES } from './texts.ts';

/**
 * Registers the service worker once the first page has painted and the browser is idle (issue 31 item 2: it costs
 * the first page nothing). Production builds only: the dev server's modules are not the build's.
 */
export function registerServiceWorker(options: { onFirstControl: () => void }) {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // The first time a worker takes this page over, what the page shows was read before it: read again through the
  // worker, so that it is kept (the session above all: without it nothing opens offline).
  if (!navigator.serviceWorker.controller)
    navigator.serviceWorker.addEventListener('controllerchange', options.onFirstControl, { once: true });
  const register = () =>
    void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // No worker (a private window, a browser that refuses): the portal works online as before.
    });
  const whenIdle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(register, { timeout: 5000 }) : setTimeout(register, 1);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/**
 * spec 01 §4 and issue 31: nothing personal is kept after sign-out — the data the worker kept is deleted (the
 * app's code stays: it is the same for everyone).
 */
export async function forgetOfflineData() {
  if (typeof caches === 'undefined') return;
  navigator.serviceWorker?.controller?.postMessage({ type: SW_MESSAGES.forget });
  await caches.delete(CACHES.data).catch(() => false);
}
