import { useMutation, useQuery } from '@tanstack/react-query';
import type { SetPasswordRequest } from '@portal/contracts';
import { routes } from '@portal/contracts/endpoints/routes';
import { call } from '../../lib/api.ts';

export const useTokenInfo = (token: string) =>
  useQuery({
    queryKey: ['token-info', token],
    queryFn: ({ signal }) => call(routes.invitations.tokenInfo, { query: { token }, signal }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });

export const useSetPassword = (token: string) =>
  useMutation({
    mutationFn: (body: SetPasswordRequest) => call(routes.invitations.setPassword, { query: { token }, body }),
  });

export const useDeclineInvitation = (token: string) =>
  useMutation({
    mutationFn: () => call(routes.invitations.decline, { query: { token } }),
  });
