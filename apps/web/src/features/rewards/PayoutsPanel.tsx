import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { alertLinesFor } from '../../lib/errors.ts';
import { onboardingLink, payoutsQuery } from './api.ts';

/** Whether an onboarding link can still be used (spec 02 §6: stripe_onboarding_url with its expiry). */
export const isLinkOpen = (expiresAt: string | null, now = Date.now()) => !!expiresAt && Date.parse(expiresAt) > now;

/**
 * spec 02 §6 payouts: set up or not, the way to onboarding (an expired link renewed first), and the
 * account's dashboard once set up. In test mode onboarding is the payment processor's local page.
 */
export function PayoutsPanel({ compact = false }: { compact?: boolean }) {
  const payouts = useQuery(payoutsQuery);
  const client = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const data = payouts.data;

  async function openOnboarding() {
    setBusy(true);
    setProblem(null);
    try {
      const fresh =
        data && data.stripe_onboarding_url && isLinkOpen(data.stripe_onboarding_url_expires_at)
          ? data
          : await onboardingLink();
      client.setQueryData(payoutsQuery.queryKey, fresh);
      if (fresh.stripe_onboarding_url) window.location.assign(fresh.stripe_onboarding_url);
    } catch (error) {
      setProblem(alertLinesFor(error).join(' '));
    } finally {
      setBusy(false);
    }
  }

  const Heading = compact ? 'h3' : 'h2';
  return (
    <section className="card payouts-panel" aria-labelledby="payouts-heading">
      <Heading id="payouts-heading">Payouts</Heading>
      {payouts.isPending ? (
        <p className="muted">Loading payouts…</p>
      ) : payouts.error ? (
        <p role="alert">Payouts could not be loaded.</p>
      ) : data?.stripe_onboarding_complete ? (
        <>
          <p>
            <strong>Payouts are set up.</strong> Earned rewards are paid to your account.
          </p>
          {data.stripe_login_link && (
            <p>
              <a href={data.stripe_login_link}>View your payouts account</a>
            </p>
          )}
        </>
      ) : (
        <>
          <p>
            <strong>Payouts are not set up.</strong> Set them up to be paid the rewards you earn.
          </p>
          {data?.stripe_onboarding_url && !isLinkOpen(data.stripe_onboarding_url_expires_at) && (
            <p className="muted small">Your last setup link expired; a new one is made when you continue.</p>
          )}
          <button type="button" className="button button-primary" disabled={busy} onClick={() => void openOnboarding()}>
            {data?.stripe_onboarding_url ? 'Continue payouts setup' : 'Set up payouts'}
          </button>
        </>
      )}
      {problem && <p role="alert">{problem}</p>}
    </section>
  );
}
