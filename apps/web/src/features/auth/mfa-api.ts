import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DisableMfaRequest, EnableSmsRequest } from '@portal/contracts';
import { routes } from '@portal/contracts/endpoints/routes';
import { call } from '../../lib/api.ts';

const mfaKey = ['mfa'] as const;

export const useMfaStatus = () =>
  useQuery({ queryKey: mfaKey, queryFn: ({ signal }) => call(routes.mfa.status, { signal }) });

/** A change of the second factor: the status is asked again after it. */
function useMfaMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKey }) });
}

type Code = { code: string };

export const useEnableTotp = () =>
  useMfaMutation((body: { password: string }) => call(routes.mfa.enableTotp, { body }));
export const useConfirmTotp = () => useMfaMutation((body: Code) => call(routes.mfa.confirmTotp, { body }));
export const useEnableSms = () => useMfaMutation((body: EnableSmsRequest) => call(routes.mfa.enableSms, { body }));
export const useConfirmSms = () => useMfaMutation((body: Code) => call(routes.mfa.confirmSms, { body }));
export const useSendDisableCode = () => useMfaMutation((_: void) => call(routes.mfa.sendDisableCode));
export const useDisableMfa = () => useMfaMutation((body: DisableMfaRequest) => call(routes.mfa.disable, { body }));
export const useForgetDevice = () => useMfaMutation((id: string) => call(routes.mfa.forgetDevice, { params: { id } }));
