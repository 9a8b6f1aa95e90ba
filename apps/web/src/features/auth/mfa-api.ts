import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EnableSmsRequest, EnableTotpResponse, MfaStatus } from '@portal/contracts';
import { api } from '../../lib/api.ts';

const mfaKey = ['mfa'] as const;

export const useMfaStatus = () =>
  useQuery({ queryKey: mfaKey, queryFn: ({ signal }) => api<MfaStatus>('/api/mfa', { signal }) });

function useMfaMutation<TBody, TResult>(path: string, method: 'POST' | 'DELETE' = 'POST') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody) =>
      api<TResult>(
        typeof body === 'string' ? `${path}/${body}` : path,
        method === 'DELETE' ? { method } : { body: body ?? {} },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKey }),
  });
}

export const useEnableTotp = () => useMfaMutation<{ password: string }, EnableTotpResponse>('/api/mfa/totp/enable');
export const useConfirmTotp = () => useMfaMutation<{ code: string }, { ok: true }>('/api/mfa/totp/confirm');
export const useEnableSms = () => useMfaMutation<EnableSmsRequest, { destination: string }>('/api/mfa/sms/enable');
export const useConfirmSms = () => useMfaMutation<{ code: string }, { ok: true }>('/api/mfa/sms/confirm');
export const useSendDisableCode = () =>
  useMfaMutation<undefined, { destination: string }>('/api/mfa/disable/send-code');
export const useDisableMfa = () => useMfaMutation<{ code: string }, { ok: true }>('/api/mfa/disable');
export const useForgetDevice = () => useMfaMutation<string, { ok: true }>('/api/mfa/devices', 'DELETE');
