/** The rewards module's door (CONVENTIONS: one door per module): rewards and payouts of issue 30 §4. */
export { createRewardService, payoutsOfUser, type PlanPaid, type RewardService } from './service.ts';
export { rewardRoutes } from './routes.ts';
export { createPayoutService, type PayoutService } from './payouts.ts';
