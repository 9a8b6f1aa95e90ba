import { useMutation } from '@tanstack/react-query';
import type { ChangeEmailAccepted, ChangeEmailRequest, RegisterRequest } from '@portal/contracts/accounts';
import { api } from '../../lib/api.ts';

type Ok = { ok: true };

/** spec 01 §1: a consumer creates an account; the server answers alike for a taken e-mail. */
export const useRegister = () =>
  useMutation({ mutationFn: (body: RegisterRequest) => api<Ok>('/api/user/register', { body }) });

/** spec 01 §7 user/email-resend (no auth). */
export const useResendSignUpEmail = () =>
  useMutation({ mutationFn: (email: string) => api<Ok>('/api/user/email-resend', { body: { email } }) });

export const useRequestEmailChange = () =>
  useMutation({ mutationFn: (body: ChangeEmailRequest) => api<Ok>('/api/user/change-email', { body }) });

export const useAcceptEmailChange = () =>
  useMutation({
    mutationFn: (token: string) => api<ChangeEmailAccepted>('/api/user/change-email/accept', { body: { token } }),
  });

export const useDeclineEmailChange = () =>
  useMutation({ mutationFn: (token: string) => api<Ok>('/api/user/change-email/decline', { body: { token } }) });
