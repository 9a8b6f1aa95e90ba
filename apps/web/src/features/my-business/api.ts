import { queryOptions } from '@tanstack/react-query';
import type { Dealer } from '@portal/contracts';
import { routes } from '@portal/contracts/endpoints/routes';
import { call } from '../../lib/api.ts';

/** Everything on /my-business belongs to the business the session acts for (the server decides which). */
export const myDealerQuery = queryOptions({
  queryKey: ['my-business', 'dealer'],
  queryFn: ({ signal }) => call(routes.dealers.list, { signal }).then((list) => list.results[0] ?? null),
});

export const partnerQuery = (code: string) =>
  queryOptions({
    queryKey: ['my-business', 'partner', code],
    queryFn: ({ signal }) => call(routes.businessPartners.get, { params: { id: code }, signal }),
  });

export const installersQuery = (dealerId: string) =>
  queryOptions({
    queryKey: ['my-business', 'installers', dealerId],
    queryFn: ({ signal }) =>
      call(routes.dealers.listInstallers, { params: { id: dealerId }, query: { limit: 80, offset: 0 }, signal }),
  });

export const invitationsQuery = (dealerId: string) =>
  queryOptions({
    queryKey: ['my-business', 'invitations', dealerId],
    queryFn: ({ signal }) =>
      call(routes.invitations.listPending, { query: { dealer_id: dealerId }, signal }).then((r) => r.results),
  });

export const activityQuery = (offset: number, limit = 10) =>
  queryOptions({
    queryKey: ['my-business', 'activity', offset, limit],
    queryFn: ({ signal }) => call(routes.dealers.activity, { query: { limit, offset }, signal }),
  });

export type { Dealer };
