import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@portal/contracts/endpoints/routes';
import { call } from '../../lib/api.ts';

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: ({ signal }) => call(routes.session.get, { signal }),
  staleTime: 60_000,
});

export const useSession = () => useQuery(sessionQuery);
