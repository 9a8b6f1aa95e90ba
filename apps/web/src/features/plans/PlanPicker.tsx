import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  DURATION_LABELS,
  PLAN_DURATIONS,
  PLAN_IDS,
  PLAN_TEXTS,
  planDisplayName,
  type PlanDuration,
  type PlanId,
} from '@portal/contracts/plans';
import type { Checkout } from '@portal/contracts';
import { REFUSAL_CODES } from '@portal/contracts/refusals';
import { ApiError } from '../../lib/api.ts';
import { alerts } from '../../components/alerts.ts';
import { useSubscriptionLines } from '../cart/index.ts';
import { formatPlanMoney, upgradeQuery } from './api.ts';
import './PlanPicker.css';

export interface PlanChoice {
  plan: PlanId;
  duration: PlanDuration;
}

/**
 * A plan and a duration for one device (issue 30): what the device may take (GET /api/plans/upgrade: every plan for a
 * device without one; a higher plan or a longer term for one on a plan, with the credit of its unused term), the
 * price, and "Add to cart" into the device's subscription line. Used by /subscriptions/plans and the activation's
 * purchase-plan step.
 */
export function PlanPicker({
  deviceKey,
  proof,
  initial,
  onAdded,
  addLabel = 'Add to cart',
}: {
  deviceKey: string;
  proof?: string | null;
  initial?: Partial<PlanChoice>;
  onAdded?: (choice: PlanChoice, checkout: Checkout) => void | Promise<void>;
  addLabel?: string;
}) {
  const ids = useId();
  // A device installed for nobody is reached with the ICCID digits printed on it: the activation passes the ones
  // it was given; on /subscriptions/plans the buyer types them when the server asks.
  const [typedProof, setTypedProof] = useState('');
  const [proofDraft, setProofDraft] = useState('');
  const givenProof = proof ?? (typedProof || null);
  const upgrade = useQuery(upgradeQuery(deviceKey, givenProof));
  const { put } = useSubscriptionLines();
  const [plan, setPlan] = useState<PlanId | undefined>(initial?.plan);
  const [duration, setDuration] = useState<PlanDuration | undefined>(initial?.duration);

  if (upgrade.isPending) return <p aria-busy="true">Looking up the device’s plan…</p>;
  if (upgrade.isError) {
    const error = upgrade.error;
    const needsProof =
      proof === undefined &&
      error instanceof ApiError &&
      (error.body?.code === REFUSAL_CODES.DEVICE_PROOF_REQUIRED ||
        error.body?.code === REFUSAL_CODES.DEVICE_PROOF_WRONG);
    if (needsProof)
      return (
        <form
          className="plan-proof"
          onSubmit={(event) => {
            event.preventDefault();
            setTypedProof(proofDraft);
          }}
        >
          <p>{deviceKey} is not installed for a business yet. To buy its plan, prove you have the unit in hand.</p>
          {typedProof && (
            <p role="alert" className="form-error">
              {error.body?.detail}
            </p>
          )}
          <label htmlFor={`${ids}-iccid`}>Last four digits of the ICCID (printed on the unit)</label>
          <div className="plan-durations">
            <input
              id={`${ids}-iccid`}
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
              value={proofDraft}
              onChange={(event) => setProofDraft(event.target.value.replace(/\D/g, '').slice(0, 4))}
            />
            <button type="submit" className="button button-secondary" disabled={proofDraft.length !== 4}>
              Continue
            </button>
          </div>
        </form>
      );
    const detail =
      error instanceof ApiError && error.status === 404
        ? 'No device with this serial number is installed for your business. Check the serial on the unit.'
        : error instanceof ApiError
          ? (error.body?.detail ?? error.message)
          : 'The device could not be looked up. Try again.';
    return (
      <p role="alert" className="form-error">
        {detail}
      </p>
    );
  }
  const data = upgrade.data;
  const allowed = new Map(data.options.map((o) => [`${o.plan_id}:${o.duration}`, o]));
  if (data.options.length === 0) return <p>{PLAN_TEXTS.noUpgrade}</p>;
  const plans = PLAN_IDS.filter((id) => data.options.some((o) => o.plan_id === id));
  const chosenPlan = plan && plans.includes(plan) ? plan : undefined;
  const durations = chosenPlan
    ? PLAN_DURATIONS.filter((d) => allowed.has(`${chosenPlan}:${d}`))
    : PLAN_DURATIONS.filter((d) => data.options.some((o) => o.duration === d));
  const chosenDuration = duration && durations.includes(duration) ? duration : undefined;
  const option = chosenPlan && chosenDuration ? allowed.get(`${chosenPlan}:${chosenDuration}`) : undefined;
  const money = (cents: number) => formatPlanMoney(cents, data.currency);

  return (
    <div className="plan-chooser">
      <p>
        Device <strong>{data.device_key}</strong> ({data.productName}):{' '}
        {data.current
          ? `${data.current.name}, ${DURATION_LABELS[data.current.duration].toLowerCase()} now — ${data.current.unused_days} of ${data.current.term_days} days left, worth ${money(data.current.credit_cents)} toward an upgrade.`
          : 'no plan yet.'}
      </p>
      <fieldset>
        <legend>{data.current ? 'Upgrade to' : 'Plan'}</legend>
        <ul className="plan-options">
          {plans.map((id) => (
            <li key={id}>
              <label>
                <input
                  type="radio"
                  name={`${ids}-plan`}
                  value={id}
                  checked={chosenPlan === id}
                  onChange={() => setPlan(id)}
                />{' '}
                {planDisplayName(id)}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <label htmlFor={`${ids}-duration`}>Duration</label>
      <select
        id={`${ids}-duration`}
        value={chosenDuration ?? ''}
        onChange={(event) => setDuration((event.target.value || undefined) as PlanDuration | undefined)}
      >
        <option value="">Choose a duration</option>
        {durations.map((d) => (
          <option key={d} value={d}>
            {DURATION_LABELS[d]}
          </option>
        ))}
      </select>
      {option ? (
        <div className="plan-summary" aria-live="polite">
          <p>
            {planDisplayName(option.plan_id)}, {DURATION_LABELS[option.duration].toLowerCase()}:{' '}
            <strong data-testid="plan-price">{money(option.amount_cents)}</strong>
          </p>
          {option.credit_cents > 0 && (
            <p className="small">
              Credit for the unused part of the current plan: −{money(option.credit_cents)}; due:{' '}
              <strong>{money(option.due_cents)}</strong> (applied at checkout).
            </p>
          )}
        </div>
      ) : (
        <p className="muted small">Choose a plan and a duration to see the price.</p>
      )}
      <button
        type="button"
        className="button button-primary"
        disabled={!option || put.isPending}
        onClick={() => {
          if (!chosenPlan || !chosenDuration) return;
          put.mutate(
            {
              device_key: data.device_key,
              plan_id: chosenPlan,
              newPricingPlan: chosenDuration,
              ...(givenProof ? { iccid_last_digits: givenProof } : {}),
            },
            {
              onSuccess: (checkout) => void onAdded?.({ plan: chosenPlan, duration: chosenDuration }, checkout),
              onError: alerts.showError,
            },
          );
        }}
      >
        {addLabel}
      </button>
    </div>
  );
}
