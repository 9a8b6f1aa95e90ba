import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { sessionQuery } from './api.ts';

const RELOADS_KEY = 'portal.identityReloads';
const MAX_RELOADS = 2;

/**
 * spec 01 §8: a changed session identity (another tab signed in as someone else, or signed out
 * and in again) reloads the page, at most twice in a row, so no screen shows one person's data
 * under another's session. Checked whenever the tab comes back into view.
 */
export function useIdentityWatch() {
  const queryClient = useQueryClient();
  const shown = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    // Whatever session this tab itself loads (a sign-in here included) is the one on screen.
    const remember = () => {
      const session = queryClient.getQueryData(sessionQuery.queryKey);
      if (session) shown.current = session.user?.id ?? null;
    };
    remember();
    const unsubscribe = queryClient.getQueryCache().subscribe(remember);

    const check = async () => {
      const before = shown.current;
      if (document.visibilityState !== 'visible' || before === undefined) return;
      const session = await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 }).catch(() => null);
      if (!session) return;
      const now = session.user?.id ?? null;
      // Signing out elsewhere is not a new identity: protected pages send the visitor to /login.
      if (now === null || now === before) {
        sessionStorage.removeItem(RELOADS_KEY);
        return;
      }
      const reloads = Number(sessionStorage.getItem(RELOADS_KEY) ?? 0);
      if (reloads >= MAX_RELOADS) return;
      sessionStorage.setItem(RELOADS_KEY, String(reloads + 1));
      window.location.reload();
    };
    document.addEventListener('visibilitychange', check);
    window.addEventListener('focus', check);
    return () => {
      unsubscribe();
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('focus', check);
    };
  }, [queryClient]);
}
