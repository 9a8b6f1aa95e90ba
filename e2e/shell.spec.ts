import { expect, test } from '@playwright/test';
import { CATEGORY_NAMES, messages, TITLE_SUFFIX } from '../packages/contracts/src/index.ts';

test.describe('access rules (spec 01 §2.2)', () => {
  test('a protected page sends a visitor to /login with the encoded full path', async ({ page }) => {
    await page.goto('/my-orders?status=open');
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent('/my-orders?status=open')}`);
    await expect(page).toHaveTitle(`Login${TITLE_SUFFIX}`);
  });

  test('a page on the no-redirect list goes to /login without next', async ({ page }) => {
    await page.goto('/cart/checkout/products/complete');
    await expect(page).toHaveURL('/login');
  });

  test('public and optional-login pages open without a session', async ({ page }) => {
    for (const [path, title] of [
      ['/', 'Dashboard'],
      ['/activation', 'Set Serial Number'],
      ['/activation/device', 'Activate Device'],
      ['/privacy-policy', 'Privacy Policy'],
      ['/dealer-request', 'Become a Dealer'],
      ['/search?qo=1', 'Quick Order'],
    ]) {
      await page.goto(path!);
      await expect(page).toHaveURL(path!);
      await expect(page).toHaveTitle(`${title}${TITLE_SUFFIX}`);
    }
  });
});

test('an unknown page shows the 404 page and leads home', async ({ page }) => {
  // The server knows the page table: HTTP 404, with the app's own Not Found page (spec 01 §2.3).
  const answer = await page.goto('/this/does/not/exist');
  expect(answer!.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.pageNotFoundTitle);
  await expect(page.getByText(messages.pageNotFoundBody)).toBeVisible();
  await expect(page).toHaveTitle(`${messages.pageNotFoundTitle}${TITLE_SUFFIX}`);
  await page.getByRole('link', { name: messages.backToHome }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
});

test.describe('top navigation and dark menu (spec 01 §2.4)', () => {
  test('Products lists the categories from the catalog and goes to search', async ({ page }) => {
    await page.goto('/');
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('button', { name: 'Products' }).click();
    for (const name of CATEGORY_NAMES) await expect(main.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(main.getByRole('link', { name: 'View All' })).toBeVisible();
    await main.getByRole('link', { name: 'Remote Start + Security', exact: true }).click();
    await expect(page).toHaveURL('/search?c=remote-start-plus-security');
    await expect(main.getByRole('link', { name: 'View All' })).toBeHidden();
  });

  test('Brands and Services menus, inline links and the external Wiki', async ({ page }) => {
    await page.goto('/');
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('button', { name: 'Brands' }).click();
    await expect(main.getByRole('link', { name: 'Northwind', exact: true })).toBeVisible();
    await main.getByRole('link', { name: 'ArcticStart' }).click();
    await expect(page).toHaveURL('/search?b=arcticstart');

    await main.getByRole('button', { name: 'Services' }).click();
    for (const name of ['Company Info', 'Customer Subscriptions', 'Shipping']) {
      await expect(main.getByRole('link', { name })).toBeVisible();
    }
    await main.getByRole('link', { name: 'Shipping' }).click();
    await expect(page).toHaveTitle(`Shipping${TITLE_SUFFIX}`);

    for (const name of ['Quick Order', 'Wiring', 'Activation', 'Installer Guides']) {
      await expect(main.getByRole('link', { name, exact: true })).toBeVisible();
    }
    const wiki = main.getByRole('link', { name: /Wiki/ });
    await expect(wiki).toHaveAttribute('target', '_blank');
    await expect(wiki).toHaveAttribute('href', /^https:\/\//);
    await main.getByRole('link', { name: 'Quick Order' }).click();
    await expect(page).toHaveTitle(`Quick Order${TITLE_SUFFIX}`);
  });

  test('menus work from the keyboard: Escape closes and returns focus', async ({ page }) => {
    await page.goto('/');
    const products = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Products' });
    await products.focus();
    await page.keyboard.press('Enter');
    await expect(products).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Accessories', exact: true }).first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(products).toHaveAttribute('aria-expanded', 'false');
    await expect(products).toBeFocused();
  });

  test('search field goes to /search with the term and type', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Search in').first().selectOption({ label: 'Security' });
    await page.getByLabel('Search term').first().fill('FT-X1');
    await page.getByLabel('Search term').first().press('Enter');
    await expect(page).toHaveURL('/search?s=FT-X1&c=security');
  });

  test('signed-out visitors see the Login link, the cart, and the footer of §2.4', async ({ page }) => {
    await page.goto('/terms');
    const header = page.locator('.top-nav');
    await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login?next=%2Fterms');
    await expect(header.getByRole('link', { name: 'Cart' })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    for (const name of ['Products', 'Brands', 'Services', 'Installation', 'Manage Account']) {
      await expect(footer.getByRole('heading', { name })).toBeVisible();
    }
    await expect(footer.getByRole('link', { name: /Installer Community Group/ })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Terms' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Privacy' })).toBeVisible();
    await expect(footer).toContainText(`© 2021–${new Date().getUTCFullYear()}`);
  });
});

test.describe('layouts (spec 01 §2.3)', () => {
  test('breadcrumbs show on large screens when there are two or more', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
    await page.goto('/activation/device');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('listitem')).toHaveText(['Home', 'Set Serial Number', 'Activate Device']);
    await crumbs.getByRole('link', { name: 'Set Serial Number' }).click();
    await expect(page).toHaveURL('/activation');
  });

  test('wiring, activation and installer guides have a gray background', async ({ page }) => {
    const background = () => page.locator('.layout').evaluate((el) => getComputedStyle(el).backgroundColor);
    await page.goto('/activation');
    expect(await background()).toBe('rgb(238, 240, 243)');
    await page.goto('/installer-guides');
    await expect(page).toHaveURL(/\/login/); // protected; the gray page itself is checked on /activation
    await page.goto('/shipping');
    expect(await background()).not.toBe('rgb(238, 240, 243)');
  });

  test('the no-auth layout has a plain bar and a < Back link', async ({ page }) => {
    await page.goto('/terms');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Become a Dealer' }).click();
    await expect(page).toHaveURL('/dealer-request');
    await expect(page.locator('.top-nav')).toHaveCount(0);
    await page.getByRole('button', { name: '< Back' }).click();
    await expect(page).toHaveURL('/terms');
  });

  test('the route change moves focus to the page and clears the page title', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Return Policy' }).click();
    await expect(page).toHaveTitle(`Return Policy${TITLE_SUFFIX}`);
    await expect(page.locator('#main')).toBeFocused();
  });
});
