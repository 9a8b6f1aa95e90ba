import { expect, test } from '@playwright/test';
import { signInAs } from './auth-helpers.ts';
import { expectAccessible } from './a11y.ts';

// Rewards and payouts (issue 30 §4) on a 360 px phone: an installer of Northside reads their rewards and one of
// them, then sets up payouts through the payment processor's test-mode onboarding page. installer@demo.test has
// three demo rewards (DEMO-DATA: paid, earned, pending) and no payouts account in the seed; once set up, the payout
// job pays the earned one.

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('an installer reads their rewards and one reward, then sets up payouts in test mode', async ({ page }) => {
  await signInAs(page, 'installer@demo.test', '/rewards');
  await expect(page.getByRole('heading', { level: 1, name: 'Rewards' })).toBeVisible();
  const list = page.getByRole('region', { name: 'Your rewards' });
  // The seed's rewards: Premium Plus 1 year paid, Premium 2 years earned, Basic month to month pending.
  const totals = list.getByRole('definition');
  await expect(totals).toHaveText(['$2.00', '$26.75', '$19.00']);
  await expect(list.getByRole('link')).toHaveCount(3);
  const payouts = page.getByRole('region', { name: 'Payouts' });
  await expect(payouts).toContainText('Payouts are not set up.');
  await expectAccessible(page);

  // One reward: its device, plan and status.
  await list.getByRole('link', { name: /Device 10230000915/ }).click();
  await expect(page).toHaveURL(/\/rewards\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reward Details' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '$26.75 Earned' })).toBeVisible();
  await expect(page.getByText('Premium, 2 years')).toBeVisible();
  await expect(payouts).toContainText('Payouts are not set up.');

  // Onboarding: the processor's test-mode page completes it and comes back to /rewards.
  await payouts.getByRole('button', { name: 'Set up payouts' }).click();
  await expect(page).toHaveURL(/\/api\/payouts\/test-onboarding\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up payouts' })).toBeVisible();
  await page.getByRole('button', { name: 'Complete onboarding' }).click();
  await expect(page).toHaveURL(/\/rewards\?payouts=complete$/);
  await expect(payouts).toContainText('Payouts are set up.');
  await expect(payouts.getByRole('link', { name: 'View your payouts account' })).toBeVisible();
  await expectAccessible(page);

  // The payout job (every 2 s in this run, e2e/server.mjs) pays the earned reward to the account just set up.
  await expect(async () => {
    await page.reload();
    await expect(totals).toHaveText(['$2.00', '$0.00', '$45.75'], { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await list.getByRole('link', { name: /Device 10230000915/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: '$26.75 Paid' })).toBeVisible();
  await expect(page.locator('.reward-transfer')).toHaveText(/^tr_[0-9a-f]{24}$/);
});
