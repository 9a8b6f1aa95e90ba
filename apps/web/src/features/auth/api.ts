import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SecondFactorRequest, SignInRequest } from '@portal/contracts';
import { routes } from '@portal/contracts/endpoints/routes';
import { call } from '../../lib/api.ts';
import { sessionQuery } from '../session/index.ts';
import { clearClientStores } from '../../lib/clientStores.ts';
import { forgetOfflineData } from '../../offline/register.ts';

export const useSignIn = () => useMutation({ mutationFn: (body: SignInRequest) => call(routes.auth.signIn, { body }) });

export const useSecondFactor = () =>
  useMutation({ mutationFn: (body: SecondFactorRequest) => call(routes.auth.secondFactor, { body }) });

export const useResendCode = () => useMutation({ mutationFn: () => call(routes.auth.resendSecondFactorCode) });

/**
 * After sign-in: the session (user, roles) loads before the next page decides anything. What a phone kept for
 * offline use is forgotten first: it may be another person's, whose session ended without a sign-out.
 */
export function useAfterSignIn() {
  const queryClient = useQueryClient();
  return async () => {
    await forgetOfflineData();
    return queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
  };
}

/**
 * spec 01 §4: logout clears every client store, the recent vehicle searches and the session.
 * Used by /logout and by forced logouts.
 */
export async function signOutEverywhereInThisBrowser(queryClient: ReturnType<typeof useQueryClient>) {
  await call(routes.auth.signOut).catch(() => undefined); // a dead session is fine
  clearClientStores(queryClient);
}
