import { useNavigate } from 'react-router';
import { backHandlerStore } from '../lib/backTarget.ts';

export function useBack() {
  const navigate = useNavigate();
  return () => {
    const handler = backHandlerStore.get();
    if (handler) return handler();
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate('/');
  };
}
