import { z } from 'zod';
import { dealerIdParamsSchema } from '../dealers.ts';
import {
  deviceRewardListSchema,
  deviceRewardsQuerySchema,
  onboardingTokenParamsSchema,
  payoutsSchema,
  rewardDetailSchema,
  rewardIdParamsSchema,
} from '../rewards.ts';
import { endpoint } from './endpoint.ts';

const tags = ['rewards'];

/** Rewards and payouts (issue 30 §4; spec 02 §6, §7). */
export const rewards = {
  listOfDealer: endpoint({
    method: 'GET',
    path: '/api/dealers/:id/device-rewards',
    params: dealerIdParamsSchema,
    query: deviceRewardsQuerySchema,
    response: deviceRewardListSchema,
    summary: 'Device rewards of an installer of the acting dealer (the owner: any, or all), by UTC day range, paged',
    tags,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/rewards/:id',
    params: rewardIdParamsSchema,
    response: rewardDetailSchema,
    summary: 'One reward with its device, plan and activation (its installer, or the dealer’s owner)',
    tags,
  }),
  payouts: endpoint({
    method: 'GET',
    path: '/api/payouts',
    response: payoutsSchema,
    summary: 'The signed-in installer’s payouts onboarding state (spec 02 §6 user fields)',
    tags,
  }),
  onboardingLink: endpoint({
    method: 'POST',
    path: '/api/payouts/onboarding-link',
    response: payoutsSchema,
    summary: 'The payouts onboarding link: the current one, or a new one when none is open or it expired',
    tags,
  }),
  testOnboardingPage: endpoint({
    method: 'GET',
    path: '/api/payouts/test-onboarding/:token',
    params: onboardingTokenParamsSchema,
    response: z.string(),
    answers: 'html',
    summary: 'Test mode: the payment processor’s onboarding page (the link is the credential)',
    tags,
  }),
  completeTestOnboarding: endpoint({
    method: 'POST',
    path: '/api/payouts/test-onboarding/:token',
    params: onboardingTokenParamsSchema,
    status: 302,
    answers: 'redirect',
    summary: 'Test mode: completes the onboarding of the link and goes back to /rewards',
    tags,
  }),
};
