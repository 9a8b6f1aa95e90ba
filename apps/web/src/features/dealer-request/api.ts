import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApproveDealerRequest, DealerRequest, DealerRequestInput, DealerRequestStatus } from '@portal/contracts';
import { routes } from '@portal/contracts/endpoints/routes';
import { call } from '../../lib/api.ts';

const ADMIN_KEY = ['admin', 'dealer-requests'] as const;

export const useSubmitDealerRequest = () =>
  useMutation({
    mutationFn: (body: DealerRequestInput) => call(routes.dealerRequests.submit, { body }),
  });

export const useDealerRequestList = (status: DealerRequestStatus, page: number, pageSize: number) =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'list', status, page, pageSize],
    queryFn: ({ signal }) => call(routes.dealerRequests.list, { query: { status, page, pageSize }, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useDealerRequest = (id: string | null) =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'one', id],
    queryFn: ({ signal }) => call(routes.dealerRequests.get, { params: { id: id! }, signal }),
    enabled: id !== null,
    retry: false,
  });

/** After a review the lists and counts change: ask again. */
function useRefreshAfterReview() {
  const client = useQueryClient();
  return (request: DealerRequest) => {
    client.setQueryData([...ADMIN_KEY, 'one', request.id], request);
    void client.invalidateQueries({ queryKey: [...ADMIN_KEY, 'list'] });
  };
}

export function useApproveDealerRequest(id: string) {
  const refresh = useRefreshAfterReview();
  return useMutation({
    mutationFn: (body: ApproveDealerRequest) => call(routes.dealerRequests.approve, { params: { id }, body }),
    onSuccess: (data) => refresh(data.request),
  });
}

export function useDeclineDealerRequest(id: string) {
  const refresh = useRefreshAfterReview();
  return useMutation({
    mutationFn: (note: string) => call(routes.dealerRequests.decline, { params: { id }, body: { note } }),
    onSuccess: refresh,
  });
}
