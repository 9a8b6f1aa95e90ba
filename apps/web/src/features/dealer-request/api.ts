import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApproveDealerRequest,
  ApproveDealerRequestResponse,
  DealerRequest,
  DealerRequestCreated,
  DealerRequestInput,
  DealerRequestList,
  DealerRequestStatus,
} from '@portal/contracts';
import { api } from '../../lib/api.ts';

const ADMIN_KEY = ['admin', 'dealer-requests'] as const;

export const useSubmitDealerRequest = () =>
  useMutation({
    mutationFn: (body: DealerRequestInput) => api<DealerRequestCreated>('/api/dealer-requests', { body }),
  });

export const useDealerRequestList = (status: DealerRequestStatus, page: number, pageSize: number) =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'list', status, page, pageSize],
    queryFn: ({ signal }) =>
      api<DealerRequestList>(`/api/admin/dealer-requests?status=${status}&page=${page}&pageSize=${pageSize}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useDealerRequest = (id: string | null) =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'one', id],
    queryFn: ({ signal }) => api<DealerRequest>(`/api/admin/dealer-requests/${encodeURIComponent(id!)}`, { signal }),
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
    mutationFn: (body: ApproveDealerRequest) =>
      api<ApproveDealerRequestResponse>(`/api/admin/dealer-requests/${encodeURIComponent(id)}/approve`, { body }),
    onSuccess: (data) => refresh(data.request),
  });
}

export function useDeclineDealerRequest(id: string) {
  const refresh = useRefreshAfterReview();
  return useMutation({
    mutationFn: (note: string) =>
      api<DealerRequest>(`/api/admin/dealer-requests/${encodeURIComponent(id)}/decline`, { body: { note } }),
    onSuccess: refresh,
  });
}
