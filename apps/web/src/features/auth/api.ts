import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SecondFactorRequest, SignInRequest, SignInResponse } from '@portal/contracts';
import { api } from '../../lib/api.ts';
import { sessionQuery } from '../session/api.ts';
import { clearClientStores } from '../../lib/clientStores.ts';

export const useSignIn = () =>
  useMutation({ mutationFn: (body: SignInRequest) => api<SignInResponse>('/api/auth/sign-in', { body }) });

export const useSecondFactor = () =>
  useMutation({ mutationFn: (body: SecondFactorRequest) => api<SignInResponse>('/api/auth/second-factor', { body }) });

export const useResendCode = () =>
  useMutation({ mutationFn: () => api<{ ok: true }>('/api/auth/second-factor/resend', { method: 'POST' }) });

/** After sign-in: the session (user, roles) loads before the next page decides anything. */
export function useAfterSignIn() {
  const queryClient = useQueryClient();
  return () => queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
}

/**
 * spec 01 §4: logout clears every client store, the recent vehicle searches and the session.
 * Used by /logout and by forced logouts.
 */
export async function signOutEverywhereInThisBrowser(queryClient: ReturnType<typeof useQueryClient>) {
  await api('/api/auth/sign-out', { method: 'POST' }).catch(() => undefined); // a dead session is fine
  clearClientStores(queryClient);
}
