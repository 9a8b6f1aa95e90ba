import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@portal/contracts/endpoints/routes';
import { call } from '../../lib/api.ts';

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: ({ signal }) => call(routes.session.get, { signal }),
  staleTime: 60_000,
});

export const useSession = () => useQuery(sessionQuery);

/**
 * The selected business's approved brands (spec 01 §6), alone: a component that needs only them renders
 * again when they change, not on every change of the session (issue 31: the footer's and menus' links).
 */
export const useApprovedBrands = () =>
  useQuery({ ...sessionQuery, select: (session) => session.selectedBusiness?.approvedBrands ?? null }).data ?? null;
