import { queryOptions } from '@tanstack/react-query';
import type { BusinessPartner, Dealer, DealerList, InstallerList, Invitation } from '@portal/contracts';
import type { DescribedActivityList } from '@portal/contracts/activity';
import { api } from '../../lib/api.ts';

/** Everything on /my-business belongs to the business the session acts for (the server decides which). */
export const myDealerQuery = queryOptions({
  queryKey: ['my-business', 'dealer'],
  queryFn: ({ signal }) => api<DealerList>('/api/dealers', { signal }).then((list) => list.results[0] ?? null),
});

export const partnerQuery = (code: string) =>
  queryOptions({
    queryKey: ['my-business', 'partner', code],
    queryFn: ({ signal }) => api<BusinessPartner>(`/api/business-partners/${encodeURIComponent(code)}`, { signal }),
  });

export const installersQuery = (dealerId: string) =>
  queryOptions({
    queryKey: ['my-business', 'installers', dealerId],
    queryFn: ({ signal }) => api<InstallerList>(`/api/dealers/${dealerId}/installers?limit=80&offset=0`, { signal }),
  });

export const invitationsQuery = (dealerId: string) =>
  queryOptions({
    queryKey: ['my-business', 'invitations', dealerId],
    queryFn: ({ signal }) =>
      api<{ results: Invitation[] }>(`/api/user/token?dealer_id=${dealerId}`, { signal }).then((r) => r.results),
  });

export const activityQuery = (offset: number, limit = 10) =>
  queryOptions({
    queryKey: ['my-business', 'activity', offset, limit],
    queryFn: ({ signal }) =>
      api<DescribedActivityList>(`/api/my-business/activity?limit=${limit}&offset=${offset}`, { signal }),
  });

export type { Dealer };
