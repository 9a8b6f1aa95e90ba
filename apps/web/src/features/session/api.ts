import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session } from '@portal/contracts';
import { api } from '../../lib/api.ts';

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: ({ signal }) => api<Session>('/api/session', { signal }),
  staleTime: 60_000,
});

export const useSession = () => useQuery(sessionQuery);
