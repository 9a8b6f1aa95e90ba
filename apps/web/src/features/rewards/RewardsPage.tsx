import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { profileMenuFor, type PortalUser } from '@portal/contracts/permissions';
import { TABLE_PAGE_SIZE, TABLE_PAGE_SIZES } from '@portal/contracts/constants';
import { formatDate, formatMoney, utcDayRange } from '@portal/contracts/format';
import { DURATION_LABELS } from '@portal/contracts/plans';
import { ALL_INSTALLERS, REWARD_STATUS_TEXTS, REWARD_TEXTS } from '@portal/contracts/rewards';
import { dayRangeOf } from '../../components/dayRange.ts';
import { BackToDashboard, PageLoadError, PageLoading, PageMessage } from '../../components/PageStates.tsx';
import { useSession } from '../session/index.ts';
import { deviceRewardsQuery, rewardInstallersQuery, rewardsDealerQuery } from './api.ts';
import { PayoutsPanel } from './PayoutsPanel.tsx';
import './rewards.css';

const TITLE = 'Rewards';

/** Who may see whose rewards: the rule of the profile menu, and My Business for every installer's (spec 01 §6). */
export function rewardsViewOf(user: PortalUser | null, hasBusiness: boolean) {
  if (!user) return { allowed: false, managesAll: false };
  const menu = profileMenuFor(user, hasBusiness);
  return { allowed: menu.rewards, managesAll: menu.myBusiness };
}

/**
 * /rewards (issue 30 §4): the installer's own rewards — or, for the owner, every installer's with an
 * installer filter — with their totals, UTC day filters, paging and the payouts panel.
 */
export default function RewardsPage() {
  const { data: session } = useSession();
  const user = session?.user ?? null;
  const hasBusiness = session?.selectedBusiness != null;
  const view = rewardsViewOf(user, hasBusiness);
  const [params, setParams] = useSearchParams();
  const dealer = useQuery({ ...rewardsDealerQuery, enabled: view.allowed });
  const dealerId = dealer.data?.id ?? '';
  const installers = useQuery({ ...rewardInstallersQuery(dealerId), enabled: view.managesAll && !!dealerId });

  const { from, to } = dayRangeOf(params);
  const limit = TABLE_PAGE_SIZES.includes(Number(params.get('limit')) as never)
    ? Number(params.get('limit'))
    : TABLE_PAGE_SIZE;
  const offset = Math.max(0, Math.floor(Number(params.get('offset')) || 0));
  // The owner starts with everyone's; an installer always asks for their own (their user id names it).
  const actingUserId = session?.impersonatedUser?.id ?? user?.id ?? '';
  const installerId = view.managesAll ? (params.get('installer') ?? ALL_INSTALLERS) : actingUserId;
  const range = from || to ? utcDayRange(from ?? to!, to ?? from!) : null;
  const list = useQuery({
    ...deviceRewardsQuery(dealerId, {
      installer_id: installerId,
      ...(from && range && { from_date: range.from }),
      ...(to && range && { to_date: range.to }),
      limit,
      offset,
    }),
    enabled: view.allowed && !!dealerId && !!installerId,
    placeholderData: keepPreviousData,
  });
  const fieldId = useId();

  if (!user) return <PageLoading className="rewards" title={TITLE} />;
  if (!view.allowed)
    return (
      <PageMessage className="rewards" title={TITLE}>
        <p>
          {hasBusiness ? 'Rewards are not shown to outside sales reps.' : 'Select a business first to see its rewards.'}
        </p>
        <BackToDashboard />
      </PageMessage>
    );
  if (dealer.isPending) return <PageLoading className="rewards" title={TITLE} />;
  if (dealer.error)
    return (
      <PageLoadError className="rewards" title={TITLE} error={dealer.error} onRetry={() => void dealer.refetch()} />
    );
  if (!dealer.data)
    return (
      <PageMessage className="rewards" title={TITLE}>
        <p>{REWARD_TEXTS.noDealer}</p>
        <BackToDashboard />
      </PageMessage>
    );

  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('offset' in changes)) next.delete('offset');
    setParams(next, { replace: true });
  };
  const data = list.data;
  const filtered = !!(from || to || (view.managesAll && params.get('installer')));

  return (
    <div className="page rewards">
      <h1>{TITLE}</h1>
      <p className="muted small">{REWARD_TEXTS.pendingRule}</p>
      <PayoutsPanel />
      <section className="card" aria-labelledby="rewards-list-heading">
        <h2 id="rewards-list-heading">{view.managesAll ? 'Installers’ rewards' : 'Your rewards'}</h2>
        <form className="rewards-filters" onSubmit={(event) => event.preventDefault()}>
          {view.managesAll && (
            <div className="field">
              <label htmlFor={`${fieldId}-installer`}>Installer</label>
              <select
                id={`${fieldId}-installer`}
                value={params.get('installer') ?? ALL_INSTALLERS}
                onChange={(event) =>
                  set({ installer: event.target.value === ALL_INSTALLERS ? null : event.target.value })
                }
              >
                <option value={ALL_INSTALLERS}>All installers</option>
                {installers.data?.results.map((installer) => (
                  <option key={installer.id} value={installer.id}>
                    {`${installer.first_name} ${installer.last_name}`.trim() || installer.email}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="field">
            <label htmlFor={`${fieldId}-from`}>From</label>
            <input
              id={`${fieldId}-from`}
              type="date"
              value={from ?? ''}
              onChange={(event) => set({ from: event.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${fieldId}-to`}>To</label>
            <input
              id={`${fieldId}-to`}
              type="date"
              value={to ?? ''}
              onChange={(event) => set({ to: event.target.value })}
            />
          </div>
        </form>

        {list.isPending ? (
          <p className="muted" aria-busy="true">
            Loading rewards…
          </p>
        ) : list.error ? (
          <p role="alert">The rewards could not be loaded.</p>
        ) : !data || data.count === 0 ? (
          <div className="empty-state">
            <p>
              {filtered
                ? 'No rewards match these filters.'
                : 'No rewards yet. Activate a device: once its tests pass and its plan is paid, its reward shows here.'}
            </p>
            {filtered && (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => setParams({}, { replace: true })}
              >
                Clear filters
              </button>
            )}
          </div>
        ) : (
          <>
            <dl className="reward-totals" aria-label="Totals">
              <div>
                <dt>Pending</dt>
                <dd>{formatMoney(data.totals.pending_cents)}</dd>
              </div>
              <div>
                <dt>Earned</dt>
                <dd>{formatMoney(data.totals.earned_cents)}</dd>
              </div>
              <div>
                <dt>Paid</dt>
                <dd>{formatMoney(data.totals.paid_cents)}</dd>
              </div>
            </dl>
            <ul className="reward-list">
              {data.results.map((reward) => (
                <li key={reward.id}>
                  <Link to={`/rewards/${reward.id}`} className="reward-row">
                    <span className="reward-device">Device {reward.device_key}</span>
                    <span className="reward-amount">{formatMoney(reward.amount_cents)}</span>
                    <span className="reward-plan">
                      {reward.plan_name}, {DURATION_LABELS[reward.duration]}
                    </span>
                    <span className={`reward-status status-${reward.status}`}>
                      {REWARD_STATUS_TEXTS[reward.status]}
                    </span>
                    <span className="reward-meta muted small">
                      {formatDate(reward.created_at)}
                      {reward.paid_at && ` · paid ${formatDate(reward.paid_at)}`}
                      {view.managesAll && ` · ${reward.installer.name}`}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            <nav className="reward-pager" aria-label="Rewards pages">
              <button
                type="button"
                className="button button-secondary"
                disabled={data.previous === null}
                onClick={() => set({ offset: String(data.previous ?? 0) })}
              >
                Previous
              </button>
              <span className="small">
                {offset + 1}–{Math.min(offset + limit, data.count)} of {data.count}
              </span>
              <button
                type="button"
                className="button button-secondary"
                disabled={data.next === null}
                onClick={() => set({ offset: String(data.next ?? 0) })}
              >
                Next
              </button>
            </nav>
          </>
        )}
      </section>
    </div>
  );
}
