import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@portal/contracts/endpoints/routes';
import type { ChangeEmailRequest, RegisterRequest } from '@portal/contracts/accounts';
import { call } from '../../lib/api.ts';

/** spec 01 §1: a consumer creates an account; the server answers alike for a taken e-mail. */
export const useRegister = () =>
  useMutation({ mutationFn: (body: RegisterRequest) => call(routes.accounts.register, { body }) });

/** spec 01 §7 user/email-resend (no auth). */
export const useResendSignUpEmail = () =>
  useMutation({ mutationFn: (email: string) => call(routes.accounts.resendSignUpEmail, { body: { email } }) });

export const useRequestEmailChange = () =>
  useMutation({ mutationFn: (body: ChangeEmailRequest) => call(routes.accounts.requestEmailChange, { body }) });

export const useAcceptEmailChange = () =>
  useMutation({
    mutationFn: (token: string) => call(routes.accounts.acceptEmailChange, { body: { token } }),
  });

export const useDeclineEmailChange = () =>
  useMutation({ mutationFn: (token: string) => call(routes.accounts.declineEmailChange, { body: { token } }) });

const sessionsKey = ['signed-in-sessions'] as const;

/** The signed-in person's sessions (issue 32). */
export const useSignedInSessions = () =>
  useQuery({ queryKey: sessionsKey, queryFn: ({ signal }) => call(routes.signedInSessions.list, { signal }) });

/** Ends one of them; the list is asked again after. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(routes.signedInSessions.end, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
