import { randomBytes } from 'node:crypto';

/**
 * Payouts onboarding (spec 02 §6; issue 30 §4), as Stripe Connect's account links work: a connected account
 * per installer, a single onboarding link that expires after a few minutes and is renewed when it has, and
 * a login link to the account's dashboard once onboarding is complete. The offline default is test mode:
 * its onboarding page is served locally (GET /api/payouts/test-onboarding/{token}) and completes the
 * onboarding with one button, as Stripe's test mode lets one skip the forms. A real processor plugs in
 * behind the same interface.
 */
export interface PayoutOnboarding {
  readonly kind: 'test' | 'stripe';
  /** A new connected account for a user (Stripe: accounts.create, type express). */
  createAccount(): Promise<{ accountId: string }>;
  /** A new onboarding link of the account (Stripe: accountLinks.create, type account_onboarding). */
  accountLink(accountId: string, now: Date): Promise<AccountLink>;
  /** The link to the account's dashboard, once onboarding is complete (Stripe: accounts.createLoginLink). */
  loginLink(accountId: string, token: string): Promise<string>;
}

export interface AccountLink {
  url: string;
  /** The secret the test-mode page is found by; a real processor's link has none of ours. */
  token: string;
  expiresAt: Date;
}

/** Stripe's account links last a few minutes; ours as long, so the demo can see one expire and renew. */
export const ONBOARDING_LINK_TTL_MS = 5 * 60_000;

/** The local page of the test processor's onboarding. */
export const testOnboardingPath = (token: string) => `/api/payouts/test-onboarding/${token}`;

export function createTestPayoutOnboarding(): PayoutOnboarding {
  return {
    kind: 'test',
    async createAccount() {
      return { accountId: `acct_test_${randomBytes(8).toString('hex')}` };
    },
    async accountLink(_accountId, now) {
      const token = randomBytes(24).toString('base64url');
      return { url: testOnboardingPath(token), token, expiresAt: new Date(now.getTime() + ONBOARDING_LINK_TTL_MS) };
    },
    async loginLink(_accountId, token) {
      // Test mode's "dashboard" is the same local page, which shows the completed account.
      return testOnboardingPath(token);
    },
  };
}
