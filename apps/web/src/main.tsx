import './lib/zodJitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './lib/queryClient.ts';
import { createRouter } from './app/router.tsx';
import { onForcedLogout } from './lib/forcedLogout.ts';
import './styles/app.css';
import { clearClientStores } from './lib/clientStores.ts';
import { sessionQuery } from './features/session/api.ts';
import { registerServiceWorker } from './offline/register.ts';

// Issue 17: the session read starts now, beside the first page's chunk, not after React mounts.
void queryClient.prefetchQuery(sessionQuery);

/*
 * Issue 31: on a phone, evaluating the code, creating the router and rendering the first page were one
 * long task. Each now has a task of its own, and the app renders once the router has its first page (its
 * session and chunk), so there is no render of the loading shell first: index.html already shows it.
 */
setTimeout(() => {
  const router = createRouter();

  // spec 01 §8: a revoked or expired session logs out to /login, clearing every client store.
  onForcedLogout(() => {
    clearClientStores(queryClient);
    void router.navigate('/login', { replace: true });
  });

  const mount = () =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
  if (router.state.initialized) mount();
  else {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      setTimeout(mount, 0);
    });
  }
}, 0);

// Issue 31: the offline worker, after the first paint.
registerServiceWorker({ onFirstControl: refetchThroughWorker });

/**
 * The first time the worker takes the page over, what the page shows was read before it: each shown query is
 * read again through the worker, so that it is kept for offline. One query per idle moment, not all at once:
 * on a phone the burst of answers was one more long task of the first visit.
 */
function refetchThroughWorker() {
  const shown = queryClient.getQueryCache().findAll({ type: 'active' });
  const next = () => {
    const query = shown.shift();
    if (!query) return;
    void queryClient.refetchQueries({ queryKey: query.queryKey, exact: true }).finally(() => onIdle(next));
  };
  onIdle(next);
}

function onIdle(work: () => void) {
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: 2000 });
  else setTimeout(work, 50);
}
