import { REWARD_TEXTS } from '@portal/contracts/rewards';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The test processor's hosted onboarding page (as Stripe Connect's test mode offers): one button completes
 * the onboarding of the connected account; once complete, the same page is the account's dashboard.
 */
export function onboardingPage(token: string, state: { accountId: string; complete: boolean; expired: boolean }) {
  const body = state.complete
    ? `<h1>Payouts are set up</h1><p>Connected account <code>${escape(state.accountId)}</code> (test mode) receives your rewards.</p><p><a href="/rewards">Back to Rewards</a></p>`
    : state.expired
      ? `<h1>Link expired</h1><p>${escape(REWARD_TEXTS.onboardingExpired)}</p><p><a href="/rewards">Back to Rewards</a></p>`
      : `<h1>Set up payouts</h1><p>Test mode: no identity or bank details are asked. Completing sets up connected account <code>${escape(state.accountId)}</code> to receive your rewards.</p>
<form method="post" action="/api/payouts/test-onboarding/${escape(token)}"><button type="submit">Complete onboarding</button></form>
<p><a href="/rewards">Cancel</a></p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Payouts onboarding (test mode)</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}
button{font-size:1rem;padding:.75rem 1.25rem;background:#0b5cad;color:#fff;border:0;border-radius:.375rem;min-height:44px}
a{color:#0b5cad}code{background:#f1f1f1;padding:0 .25rem}</style></head>
<body><main>${body}</main></body></html>`;
}
