import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ACTIVATION_TYPE_TEXTS } from '@portal/contracts/activation';
import { formatDate, formatDateTime, formatMoney } from '@portal/contracts/format';
import { DURATION_LABELS } from '@portal/contracts/plans';
import { REWARD_STATUS_TEXTS, REWARD_TEXTS } from '@portal/contracts/rewards';
import { isNotFound, PageLoadError, PageLoading, RecordNotFound } from '../../components/PageStates.tsx';
import { useSession } from '../session/index.ts';
import { rewardQuery } from './api.ts';
import { PayoutsPanel } from './PayoutsPanel.tsx';
import './rewards.css';

const TITLE = 'Reward Details';

/**
 * /rewards/{id} (issue 30 §4): one reward, its device, plan and activation; to its own installer, whether payouts
 * are set up and the way to set them up (spec 02 §6), as on /rewards.
 */
export default function RewardPage() {
  const { id = '' } = useParams();
  const { data: session } = useSession();
  const reward = useQuery({ ...rewardQuery(id), retry: (count, error) => !isNotFound(error) && count < 2 });
  if (reward.isPending) return <PageLoading className="rewards" title={TITLE} />;
  if (reward.error)
    return isNotFound(reward.error) ? (
      <RecordNotFound
        className="rewards"
        heading="Reward not found"
        title="Reward not found"
        routeTitle={TITLE}
        listPath="/rewards"
        listName="Rewards"
      />
    ) : (
      <PageLoadError className="rewards" title={TITLE} error={reward.error} onRetry={() => void reward.refetch()} />
    );
  const r = reward.data;
  const activation = r.activation;
  // Payouts are the signed-in user's own: shown beside their own reward, not beside an installer's the owner reads.
  const own = !!session?.user && session.user.id === r.installer.user_id;
  return (
    <div className="page rewards">
      <p>
        <Link to="/rewards">Back to Rewards</Link>
      </p>
      <h1>{TITLE}</h1>
      <section className="card" aria-labelledby="reward-heading">
        <h2 id="reward-heading">
          {formatMoney(r.amount_cents)}{' '}
          <span className={`reward-status status-${r.status}`}>{REWARD_STATUS_TEXTS[r.status]}</span>
        </h2>
        {r.status === 'pending' && <p className="muted small">{REWARD_TEXTS.pendingRule}</p>}
        <dl className="facts">
          <dt>Installer</dt>
          <dd>{r.installer.name}</dd>
          <dt>Device</dt>
          <dd>{r.device_key}</dd>
          <dt>Plan</dt>
          <dd>
            {r.plan_name}, {DURATION_LABELS[r.duration]}
          </dd>
          <dt>Recorded</dt>
          <dd>{formatDateTime(r.created_at)}</dd>
          {r.earned_at && (
            <>
              <dt>Earned</dt>
              <dd>{formatDate(r.earned_at)}</dd>
            </>
          )}
          {r.paid_at && (
            <>
              <dt>Paid</dt>
              <dd>{formatDate(r.paid_at)}</dd>
            </>
          )}
          {r.transfer_id && (
            <>
              <dt>Transfer</dt>
              <dd className="reward-transfer">{r.transfer_id}</dd>
            </>
          )}
        </dl>
      </section>
      <section className="card" aria-labelledby="reward-activation-heading">
        <h2 id="reward-activation-heading">Activation</h2>
        {activation ? (
          <dl className="facts">
            <dt>Type</dt>
            <dd>
              {ACTIVATION_TYPE_TEXTS[activation.activation_type as keyof typeof ACTIVATION_TYPE_TEXTS]?.title ??
                activation.activation_type}
            </dd>
            <dt>Started</dt>
            <dd>{formatDateTime(activation.started_at)}</dd>
            <dt>Completed</dt>
            <dd>{activation.completed_at ? formatDateTime(activation.completed_at) : 'Not yet'}</dd>
            <dt>Device tests</dt>
            <dd>{activation.device_testing_passed ? 'Passed' : 'Not passed yet'}</dd>
          </dl>
        ) : (
          <p>This reward is from an activation made before activation records were kept.</p>
        )}
      </section>
      {own && <PayoutsPanel />}
    </div>
  );
}
