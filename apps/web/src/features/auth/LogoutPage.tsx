import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Spinner } from '../../components/icons.tsx';
import { signOutEverywhereInThisBrowser } from './api.ts';

/** /logout: ends the session, clears every client store, lands on /login. */
export default function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    let cancelled = false;
    void signOutEverywhereInThisBrowser(queryClient).then(() => {
      if (!cancelled) void navigate('/login', { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [navigate, queryClient]);
  return (
    <p className="page centered-status">
      <Spinner /> Signing out…
    </p>
  );
}
