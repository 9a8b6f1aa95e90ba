import { queryOptions } from '@tanstack/react-query';
import type { DeviceRewardsQuery } from '@portal/contracts/rewards';
import { routes } from '@portal/contracts/endpoints/routes';
import { call } from '../../lib/api.ts';

/** The dealer the session acts for (its id names the rewards call). */
export const rewardsDealerQuery = queryOptions({
  queryKey: ['rewards', 'dealer'],
  queryFn: ({ signal }) => call(routes.dealers.list, { signal }).then((list) => list.results[0] ?? null),
});

/** The dealer's staff, for the owner's installer filter. */
export const rewardInstallersQuery = (dealerId: string) =>
  queryOptions({
    queryKey: ['rewards', 'installers', dealerId],
    queryFn: ({ signal }) =>
      call(routes.dealers.listInstallers, { params: { id: dealerId }, query: { limit: 80, offset: 0 }, signal }),
  });

export const deviceRewardsQuery = (dealerId: string, query: DeviceRewardsQuery) =>
  queryOptions({
    queryKey: ['rewards', 'list', dealerId, query],
    queryFn: ({ signal }) => call(routes.rewards.listOfDealer, { params: { id: dealerId }, query, signal }),
  });

export const rewardQuery = (id: string) =>
  queryOptions({
    queryKey: ['rewards', 'reward', id],
    queryFn: ({ signal }) => call(routes.rewards.get, { params: { id }, signal }),
  });

export const payoutsQuery = queryOptions({
  queryKey: ['rewards', 'payouts'],
  queryFn: ({ signal }) => call(routes.rewards.payouts, { signal }),
});

/** The open onboarding link, or a new one when there is none or it expired (the server decides). */
export const onboardingLink = () => call(routes.rewards.onboardingLink);
