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
const router = createRouter();

// spec 01 §8: a revoked or expired session logs out to /login, clearing every client store.
onForcedLogout(() => {
  clearClientStores(queryClient);
  void router.navigate('/login', { replace: true });
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);

// Issue 31: the offline worker, after the first paint.
registerServiceWorker({ onFirstControl: () => void queryClient.invalidateQueries({ type: 'active' }) });
