import { useMutation, useQuery } from '@tanstack/react-query';
import type { SetPasswordRequest, TokenInfo } from '@portal/contracts';
import { api } from '../../lib/api.ts';

const withToken = (path: string, token: string) => `${path}?token=${encodeURIComponent(token)}`;

export const useTokenInfo = (token: string) =>
  useQuery({
    queryKey: ['token-info', token],
    queryFn: ({ signal }) => api<TokenInfo>(withToken('/api/user/token-info', token), { signal }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });

export const useSetPassword = (token: string) =>
  useMutation({
    mutationFn: (body: SetPasswordRequest) => api<{ ok: true }>(withToken('/api/user/set-password', token), { body }),
  });

export const useDeclineInvitation = (token: string) =>
  useMutation({
    mutationFn: () => api<{ ok: true }>(withToken('/api/user/invite/decline/', token), { method: 'DELETE' }),
  });
