import { planDisplayName } from '@portal/contracts/plans';
import { REWARD_TEXTS } from '@portal/contracts/rewards';
import { createTestPayoutTransfers, PaymentRefusal, type PayoutTransfers } from '../../adapters/payments/index.ts';
import type { AttemptMachine, AttemptStore, Step, TryView } from '../../attempts/machine.ts';
import type { Db } from '../../db/client.ts';
import type { SystemPrincipal } from '../../jobs/index.ts';
import { Refusal, refuse } from '../../refusal.ts';
import * as repo from './repo.ts';
type RewardPayoutRow = repo.RewardPayout;

/** What the deciding transaction decided for one reward: where its money goes, how much, in which currency. */
interface PayoutSnapshot {
  rewardId: string;
  /** The installer's connected account (acct_…). */
  destination: string;
  amountCents: number;
  currency: 'USD' | 'CAD';
  description: string;
}

/** What a paid reward answers (the job counts them; a retry replays it). */
export interface PaidReward {
  rewardId: string;
  transferId: string;
}

/** How many rewards one run pays at most (the next run takes the rest). */
const RUN_LIMIT = 200;

const viewOf = (row: RewardPayoutRow): TryView<PayoutSnapshot> => ({
  id: row.id,
  requestHash: row.requestHash,
  state: row.status === 'sending' ? 'pending' : row.status === 'paid' ? 'done' : 'failed',
  snapshot: row.snapshot as PayoutSnapshot,
  failure: row.failure ?? null,
  createdAt: row.createdAt,
});

/** Where payout tries are kept: reward_payouts (keys are the job's own, unique across owners). */
const store: AttemptStore<PayoutSnapshot, RewardPayoutRow> = {
  keyConstraint: 'reward_payouts_key',
  byKey: (db, _owner, key) => repo.payoutByKey(db, key),
  byId: (db, id) => repo.payoutById(db, id),
  pendingBefore: (db, before) => repo.sendingPayoutsBefore(db, before),
  view: viewOf,
  fail: (tx, row, failure) => repo.failPayout(tx, row.id, failure),
};

/**
 * Paying installers (issue 30 §4; docs/decisions.md "Rewards and payouts (issue 30)"), as a kind of the attempt
 * machine (`reward-payout`): one try per reward. Decide (the reward locked: earned, not paid or being paid, its
 * installer's payouts onboarding complete), transfer (the payments adapter's transfer to the connected account,
 * idempotent by the try's id; undone by a reversal), write (the try and the reward paid, with the transfer's id and
 * the date, in one transaction). A crash after the transfer leaves the try sending: the recovery sweep finds the
 * transfer under the try's id and writes it; no run pays a reward that has a try sending or paid.
 */
export function createPayoutService(
  ctx: { db: Db },
  attempts: AttemptMachine,
  deps: {
    transfers?: PayoutTransfers;
    log?: { error(object: object, message: string): void };
  } = {},
) {
  const transfers = deps.transfers ?? createTestPayoutTransfers(ctx.db);

  const transferStep: Step<PayoutSnapshot, { id: string }> = {
    name: 'transfer',
    needed: () => true,
    async invoke(tryId, snapshot) {
      try {
        const transfer = await transfers.transfer({
          idempotencyKey: tryId,
          destination: snapshot.destination,
          amountCents: snapshot.amountCents,
          currency: snapshot.currency,
          description: snapshot.description,
        });
        return { id: transfer.id };
      } catch (error) {
        // The processor's no (an account it does not know): the try ends failed, the reward stays earned.
        if (error instanceof PaymentRefusal) throw refuse.unprocessable(error.message);
        throw error;
      }
    },
    async find(tryId) {
      const transfer = await transfers.findTransfer(tryId);
      // Never made, or reversed already (a compensation ran before a crash): nothing stands to be kept.
      return transfer?.status === 'paid' ? { done: { id: transfer.id } } : null;
    },
    async compensate({ id }) {
      await transfers.reverseTransfer(id);
    },
  };

  const runner = attempts.define<SystemPrincipal, { rewardId: string }, PayoutSnapshot, RewardPayoutRow, PaidReward>({
    name: 'reward-payout',
    label: 'reward payout',
    texts: {
      keyRequired: REWARD_TEXTS.payoutKeyRequired,
      keyReused: REWARD_TEXTS.payoutKeyReused,
      inProgress: REWARD_TEXTS.payoutUnderWay,
      notFound: REWARD_TEXTS.payoutNotFound,
      notCompleted: REWARD_TEXTS.payoutNotCompleted,
    },
    store,
    ownerOf: () => 'payouts',
    requestOf: (_by, { rewardId }) => [rewardId],
    async decide(tx, _by, { rewardId }, at) {
      const reward = await repo.lockReward(tx, rewardId);
      const earlier = await at.earlier();
      if (earlier) return { replay: earlier };
      if (!reward || reward.status !== 'earned') throw refuse.conflict(REWARD_TEXTS.payoutNotPayable);
      if (await repo.livePayoutOf(tx, rewardId)) throw refuse.conflict(REWARD_TEXTS.payoutUnderWay);
      const account = await repo.payoutAccountOf(tx, reward.installerUserId);
      if (!account?.onboardingComplete) throw refuse.conflict(REWARD_TEXTS.payoutsNotSetUp);
      const snapshot: PayoutSnapshot = {
        rewardId,
        destination: account.accountId,
        amountCents: reward.amountCents,
        currency: reward.currency,
        description: `Reward for activating ${reward.deviceKey} (${planDisplayName(reward.plan)}, ${reward.duration.replace(/_/g, ' ')})`,
      };
      const tried = await repo.insertPayout(tx, {
        rewardId,
        idempotencyKey: at.key,
        requestHash: at.requestHash,
        status: 'sending',
        snapshot,
        amountCents: snapshot.amountCents,
        currency: snapshot.currency,
      });
      return { tried };
    },
    steps: [transferStep as Step<PayoutSnapshot, unknown>],
    async write(tx, row, outputs) {
      const { id: transferId } = outputs.transfer as { id: string };
      if (!(await repo.claimPayout(tx, row.id, transferId))) return null;
      // The reward was locked and earned when this try was decided, and no other try may pay it; were it not
      // earned now, the transfer is taken back (a refusal here reverses it).
      if (!(await repo.markRewardPaid(tx, row.rewardId, transferId, new Date())))
        throw refuse.conflict(REWARD_TEXTS.payoutNotPayable);
      return { rewardId: row.rewardId, transferId };
    },
    resultOf: async (_db, row) => ({ rewardId: row.rewardId, transferId: row.transferId! }),
  });

  /**
   * One run of the payout job: rewards whose tests have passed since are earned first (as a read of the dealer's
   * rewards does), then every earned reward of an installer whose payouts are set up is paid, each under its own
   * try. What could not be paid now (a try under way, a refusal) is left for a later run; answers the counts.
   */
  async function payEarned(by: SystemPrincipal) {
    await repo.earnPassedRewards(ctx.db);
    let paid = 0;
    let left = 0;
    for (const { id, failedTries } of await repo.payableRewards(ctx.db, RUN_LIMIT)) {
      try {
        await runner.run(by, { rewardId: id }, `payout-${id}-${failedTries + 1}`);
        paid++;
      } catch (error) {
        left++;
        // A refusal is an answer (not payable now, or the processor's no, recorded on the try); anything else
        // (the processor or the database unreachable) leaves the try to the recovery sweep.
        if (!(error instanceof Refusal))
          deps.log?.error({ err: error, reward: id, by: by.name }, 'paying a reward failed');
      }
    }
    return { paid, left };
  }

  return { payEarned };
}

export type PayoutService = ReturnType<typeof createPayoutService>;
