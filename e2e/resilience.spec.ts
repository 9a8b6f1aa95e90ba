import { expect, test } from '@playwright/test';
import { messages } from '../packages/contracts/src/index.ts';

test('a chunk that fails to load reloads the page once, then shows the application error', async ({ page }) => {
  let loads = 0;
  page.on('load', () => loads++);
  await page.goto('/');
  await page.route(/\/assets\/TermsPage-[^/]+\.js$/, (route) => route.abort());
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click();
  await expect(page.getByRole('heading', { name: messages.applicationErrorTitle })).toBeVisible();
  await expect(page).toHaveURL('/terms');
  expect(loads).toBe(2); // the first load, and exactly one reload
  await page.unroute(/\/assets\/TermsPage-[^/]+\.js$/);
  await page.getByRole('link', { name: messages.backToHome }).click();
  await expect(page).toHaveURL('/');
});
