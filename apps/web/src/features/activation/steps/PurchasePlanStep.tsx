import { Link } from 'react-router';
import { DURATION_LABELS, planDisplayName } from '@portal/contracts/plans';
import { planStepSkippable } from '@portal/contracts/activation';
import { useSession } from '../../session/index.ts';
import { useCartAccess } from '../../cart/index.ts';
import { PlanPicker, type PlanChoice } from '../../plans/index.ts';
import { ActionButton, DoneBefore, OfflineWait } from './StepKit.tsx';
import type { StepProps } from './types.ts';

/** The step's summary of a plan put in the cart: 'Premium, 2 years, in the cart'. */
export const planSummary = (choice: PlanChoice) =>
  `${planDisplayName(choice.plan)}, ${DURATION_LABELS[choice.duration].toLowerCase()}, in the cart`;

/**
 * purchase-plan (issue 30): a plan and a duration for this device into the cart's subscription line (paid at the
 * subscription checkout). A device that already has a plan may skip (contracts' planStepSkippable); a guest is told to
 * sign in to buy, and someone without purchasing rights why not — both may skip, the owner buys the plan later.
 */
export function PurchasePlanStep({ device, proof, state, finish, online }: StepProps) {
  const session = useSession();
  const access = useCartAccess();
  if (state?.status === 'done' || state?.status === 'skipped') return <DoneBefore state={state} finish={finish} />;
  if (session.isPending) return <p aria-busy="true">Loading…</p>;

  const current = device.plan;
  const skippable = planStepSkippable(device);
  const skip = (why: string) => (
    <ActionButton variant="secondary" disabled={!online} action={() => finish({ status: 'skipped', summary: why })}>
      {skippable ? 'Skip: keep the current plan' : 'Skip for now'}
    </ActionButton>
  );
  const next = '/activation/device';

  return (
    <div className="activation-step">
      <p>
        {current
          ? `This device is on ${current.name} (${current.duration.replace(/_/g, ' ')}). You can add a longer term or a higher plan, or keep it.`
          : 'Every connected device needs a prepaid plan. Choose one for this device; it goes into the cart and is paid at checkout.'}
      </p>
      <OfflineWait online={online} />
      {!access.signedIn ? (
        <>
          <p role="note">
            <Link to={`/login?next=${encodeURIComponent(next)}`}>Sign in</Link> to buy a plan, or skip: the device’s
            owner can buy one later from <strong>Pricing Plans</strong>.
          </p>
          <div className="activation-actions">{skip('Plan not bought: signed out')}</div>
        </>
      ) : !access.planBuyer || access.needsBusiness ? (
        <>
          <p role="note">
            {access.planRefusal ?? 'Select the business you buy for to add a plan to its cart.'} Ask your business’s
            owner to buy the plan from Pricing Plans, or skip.
          </p>
          <div className="activation-actions">{skip('Plan left to the business’s purchaser')}</div>
        </>
      ) : (
        <>
          <PlanPicker
            deviceKey={device.device_key}
            proof={proof}
            addLabel="Add the plan to the cart"
            onAdded={(choice) =>
              finish({
                status: 'done',
                summary: planSummary(choice),
                data: { plan_id: choice.plan, duration: choice.duration },
              })
            }
          />
          {skippable && <div className="activation-actions">{skip('Kept the current plan')}</div>}
        </>
      )}
    </div>
  );
}
