import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@portal/contracts/format';
import {
  DURATION_LABELS,
  PLAN_CATALOGUE,
  PLAN_DURATIONS,
  PLAN_IDS,
  type PlanDuration,
  type PlanId,
} from '@portal/contracts/plans';
import { REWARD_TEXTS, rewardCents } from '@portal/contracts/rewards';
import type { Activation } from '@portal/contracts/activation';
import type { Device } from '@portal/contracts/devices';
import { useSession } from '../../session/index.ts';
import { payoutsQuery } from '../../rewards/index.ts';
import { ActionButton, DoneBefore } from './StepKit.tsx';
import type { StepProps } from './types.ts';

const isPlan = (value: unknown): value is PlanId => PLAN_IDS.includes(value as PlanId);
const isDuration = (value: unknown): value is PlanDuration => PLAN_DURATIONS.includes(value as PlanDuration);
const planName = (plan: PlanId) => PLAN_CATALOGUE.find((entry) => entry.name === plan)?.displayName ?? plan;
/** The device cloud names a plan by id ('premium_plus') or by its words ('Premium Plus'). */
const planIdOf = (name: string): PlanId | null =>
  isPlan(name) ? name : (PLAN_CATALOGUE.find((entry) => entry.displayName === name)?.name ?? null);

/** The plan this activation's reward is for: the one the purchase-plan step chose, else the device's own. */
export function rewardPlanOf(activation: Activation, device: Device): { plan: PlanId; duration: PlanDuration } | null {
  const chosen = activation.step_states['purchase-plan'];
  if (chosen?.status === 'done' && isPlan(chosen.data.plan_id) && isDuration(chosen.data.duration))
    return { plan: chosen.data.plan_id, duration: chosen.data.duration };
  const devicePlan = device.plan && planIdOf(device.plan.name);
  if (devicePlan && isDuration(device.plan!.duration)) return { plan: devicePlan, duration: device.plan!.duration };
  return null;
}

/**
 * device-rewards (issue 30 §4): what the installer will earn for this activation — pending until the device's tests
 * have passed and its plan is paid — and whether payouts are set up. A guest is told rewards need an installer
 * account. Nothing is sent: the reward itself is recorded when the plan is paid (docs/decisions.md).
 */
export function DeviceRewardsStep({ device, activation, state, finish, online }: StepProps) {
  const session = useSession();
  const signedIn = !!session.data?.user;
  const payouts = useQuery({ ...payoutsQuery, enabled: signedIn });
  if (state?.status === 'done' || state?.status === 'skipped') return <DoneBefore state={state} finish={finish} />;
  if (session.isPending) return <p aria-busy="true">Loading…</p>;

  if (!signedIn)
    return (
      <div className="activation-step">
        <p role="note">{REWARD_TEXTS.guest}</p>
        <p>
          <Link to={`/login?next=${encodeURIComponent('/activation/device')}`}>Sign in</Link>
        </p>
        <div className="activation-actions">
          <ActionButton
            disabled={!online}
            action={() => finish({ status: 'skipped', summary: 'No reward: activated as a guest' })}
          >
            Continue
          </ActionButton>
        </div>
      </div>
    );

  const testsPassed = activation.step_states['device-testing']?.status === 'done';
  const choice = rewardPlanOf(activation, device);
  const amount = choice ? rewardCents(choice.plan, choice.duration) : null;
  const planPaid = !!device.plan && choice !== null && planIdOf(device.plan.name) === choice.plan;
  const waitingFor = [!testsPassed && 'the device tests pass', !planPaid && 'the plan is paid'].filter(Boolean);
  const summary =
    amount === null
      ? 'Reward: none yet, no plan chosen for this device'
      : `Reward ${formatMoney(amount)} for ${planName(choice!.plan)}, ${DURATION_LABELS[choice!.duration].toLowerCase()}` +
        (waitingFor.length ? `: pending until ${waitingFor.join(' and ')}` : ': earned');
  const payoutsSet = payouts.data?.stripe_onboarding_complete === true;

  return (
    <div className="activation-step device-rewards-step">
      {amount === null ? (
        <p>
          No plan has been chosen for this device yet, so there is no reward to show. Once a plan is bought for it, its
          reward appears on <Link to="/rewards">Rewards</Link>.
        </p>
      ) : (
        <>
          <p className="device-reward-amount">
            You will earn <strong>{formatMoney(amount)}</strong> for activating this device on {planName(choice!.plan)}{' '}
            ({DURATION_LABELS[choice!.duration].toLowerCase()}).
          </p>
          <p>
            {waitingFor.length
              ? `Pending until ${waitingFor.join(' and ')}. ${REWARD_TEXTS.pendingRule}`
              : 'Earned: the device tests passed and the plan is paid.'}
          </p>
        </>
      )}
      <p>
        {payouts.isPending
          ? 'Checking your payouts…'
          : payoutsSet
            ? 'Payouts are set up: earned rewards are paid to your account.'
            : 'Payouts are not set up yet. Set them up on Rewards to be paid.'}{' '}
        <Link to="/rewards">Go to Rewards</Link>
      </p>
      <div className="activation-actions">
        <ActionButton
          disabled={!online}
          action={() =>
            finish({
              status: 'done',
              summary,
              data: {
                ...(choice && { plan_id: choice.plan, duration: choice.duration }),
                amount_cents: amount,
                tests_passed: testsPassed,
                payouts_set_up: payoutsSet,
              },
            })
          }
        >
          Continue
        </ActionButton>
      </div>
    </div>
  );
}
