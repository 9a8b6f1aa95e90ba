import { test } from '@playwright/test';
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
