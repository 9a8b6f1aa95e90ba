import { expect, test } from '@playwright/test';
import { openProfileMenu, signInAs } from './auth-helpers.ts';
import { expectAccessible } from './a11y.ts';

for (const path of [
  '/',
  '/company-info',
  '/contact-us',
  '/privacy-policy',
  '/return-policy',
  '/shipping',
  '/login',
  '/no-such-page',
  '/activation',
]) {
  test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectAccessible(page);
  });
}

test('axe: open menus and the media modal', async ({ page }) => {
  await page.goto('/company-info');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Products' }).click();
  await expectAccessible(page);
  await page.getByRole('button', { name: /Boise headquarters/ }).click();
  await page.getByRole('dialog').waitFor();
  await expectAccessible(page);
});

test('axe: signed-in pages, with the account menu open', async ({ page }) => {
  await signInAs(page, 'owner@demo.test');
  await openProfileMenu(page, 'Gary');
  await expectAccessible(page);
  await page.goto('/profile');
  await page.getByRole('heading', { name: 'My Profile' }).waitFor();
  await expectAccessible(page);
});

// Best practices (Lighthouse's 'issues' audit): nothing a first page runs breaks the portal's Content Security
// Policy (a blocked eval probe, such as Zod's fast path, or an inline script). The other tests bypass the CSP to
// inject axe; this one keeps it and listens for the browser's violation events.
test.describe('the first pages keep their own CSP', () => {
  test.use({ bypassCSP: false });
  test('signed out and signed in, no CSP violation', async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${location.pathname}: ${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    for (const path of ['/', '/search?s=remote', '/product/CB-RSS-R5925', '/login']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await violations()).toEqual([]);
    }
    await signInAs(page, 'owner@demo.test', null);
    for (const path of ['/', '/wiring']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await violations()).toEqual([]);
    }
  });
});
