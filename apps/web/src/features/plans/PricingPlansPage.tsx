import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { DURATION_LABELS, PLAN_DURATIONS, type PlanDuration } from '@portal/contracts/plans';
import { LoadError } from '../../components/LoadError.tsx';
import { formatPlanMoney, plansQuery } from './api.ts';
import './plans.css';

/**
 * /subscriptions 'Pricing Plans' (spec 02 §2, issue 30 item 1): the four plans side by side (stacked on a phone),
 * what each includes, the popular flag, and for the chosen duration the price per month and the total.
 */
export default function PricingPlansPage() {
  const plans = useQuery(plansQuery);
  const [duration, setDuration] = useState<PlanDuration>('1_year');

  return (
    <div className="page plans-page">
      <h1>Pricing Plans</h1>
      <p className="muted">
        Every connected device needs a prepaid plan. Longer terms cost less per month. Prices in{' '}
        {plans.data?.currency ?? 'USD'}.
      </p>
      <div className="plan-durations" role="group" aria-label="Duration">
        {PLAN_DURATIONS.map((d) => (
          <button
            key={d}
            type="button"
            className={d === duration ? 'button button-primary' : 'button button-secondary'}
            aria-pressed={d === duration}
            onClick={() => setDuration(d)}
          >
            {DURATION_LABELS[d]}
          </button>
        ))}
      </div>
      {plans.isError ? (
        <LoadError what="the plans" onRetry={() => void plans.refetch()} />
      ) : plans.isPending ? (
        <div aria-busy="true" aria-label="Plans loading" className="plan-grid">
          <div className="skeleton plan-skeleton" />
          <div className="skeleton plan-skeleton" />
        </div>
      ) : (
        <ul className="plan-grid" aria-label="Plans">
          {plans.data.plans.map((plan) => {
            const price = plan.prices.find((p) => p.duration === duration)!;
            return (
              <li key={plan.id} className={plan.popular ? 'plan-card plan-card-popular' : 'plan-card'}>
                <h2>
                  {plan.displayName}
                  {plan.popular && <span className="plan-popular"> Most popular</span>}
                </h2>
                <p className="muted small">{plan.description}</p>
                <p className="plan-price" data-testid={`price-${plan.id}`}>
                  <strong>{formatPlanMoney(price.per_month_cents, price.currency)}</strong>
                  <span className="muted"> / month</span>
                </p>
                <p className="small" data-testid={`total-${plan.id}`}>
                  {duration === 'month_to_month'
                    ? 'Billed monthly'
                    : `${formatPlanMoney(price.amount_cents, price.currency)} for ${DURATION_LABELS[duration]}, prepaid`}
                </p>
                <ul className="plan-includes">
                  {plan.includes.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
                <Link
                  className="button button-primary"
                  to={`/subscriptions/plans?plan=${plan.id}&duration=${duration}`}
                  aria-label={`Choose ${plan.displayName}`}
                >
                  Choose
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
