import { expect, test, type Page } from '@playwright/test';
import { messages } from '../packages/contracts/src/messages.ts';
import { STORAGE_KEYS } from '../packages/contracts/src/constants.ts';
import { expectAccessible } from './a11y.ts';
import { openProfileMenu, signInAs } from './auth-helpers.ts';

// Business selection, the Canada notice and the menus by role (spec 01 §2.3, §2.4, §4, §6, §8; issue 5).

const cards = (page: Page) => page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
const priceLabels = (page: Page) => cards(page).locator('.price-label');
const topBar = (page: Page) => page.locator('.top-nav .top-bar');
const selectorButton = (page: Page) => topBar(page).locator('.business-selector');
const selectDialog = (page: Page) => page.getByRole('dialog', { name: 'Select Business' });
const canadaDialog = (page: Page) => page.getByRole('dialog', { name: messages.wrongSiteTitle });
const banner = (page: Page) => page.locator('.acting-banner');

/** Opens the modal from the top bar, searches, picks the business and confirms. */
async function pickBusiness(page: Page, term: string, companyName: string) {
  await selectorButton(page).click();
  const dialog = selectDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await dialog.getByLabel('Search by business name or code').fill(term);
  await dialog.getByRole('radio', { name: new RegExp(`^${companyName}`) }).check();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  return dialog;
}

async function profileLinks(page: Page, firstName: string) {
  const panel = await openProfileMenu(page, firstName);
  const links = await panel.getByRole('link').allTextContents();
  const buttons = await panel.getByRole('button').allTextContents();
  await page.keyboard.press('Escape');
  return { links, buttons };
}

test.describe('an inside sales rep acts for a business', () => {
  test('selects Northside: prices become the dealer’s, the selector shows it, Clear resets', async ({ page }) => {
    // spec 01 §6: a rep without a business sees the discounted price, on any brand.
    await signInAs(page, 'insiderep@demo.test', '/search?b=sentinel&so=name-asc');
    await expect(cards(page)).toHaveCount(8);
    await expect(priceLabels(page).first()).toHaveText('Your price');
    await expect(priceLabels(page).filter({ hasText: 'MSRP' })).toHaveCount(0);
    await expect(selectorButton(page)).toHaveText('Select Business');
    await expect(banner(page)).toHaveCount(0);

    const dialog = await pickBusiness(page, 'northside', 'Northside Auto Sound');
    await expect(dialog).toBeHidden();
    await expect(selectorButton(page)).toContainText('Northside Auto Sound');
    await expect(banner(page)).toHaveText('Acting for Northside Auto Sound (C100234) as Gary Lindqvist');
    // Sentinel is not one of Northside's approved brands (Northwind, ArcticStart, DriveLink).
    await expect(page).toHaveURL('/search?b=sentinel&so=name-asc');
    await expect
      .poll(async () => (await priceLabels(page).allTextContents()).filter((l) => l === 'MSRP').length)
      .toBeGreaterThan(4);
    await page.goto('/search?b=northwind&so=name-asc');
    await expect(cards(page)).toHaveCount(8);
    await expect(priceLabels(page).filter({ hasText: 'MSRP' })).toHaveCount(0);
    // spec 01 §6: with a business, browsing carries "approved brands only".
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('button', { name: 'Brands' }).click();
    await main.getByRole('link', { name: 'Northwind', exact: true }).click();
    await expect(page).toHaveURL('/search?b=northwind,approved-brands');
    await expect(cards(page)).toHaveCount(8);
    await main.getByRole('button', { name: 'Products' }).click();
    await main.getByRole('link', { name: 'Remote Start + Security', exact: true }).click();
    await expect(page).toHaveURL('/search?c=remote-start-plus-security&b=approved-brands');
    await expect(priceLabels(page).first()).toBeVisible();
    await expect(priceLabels(page).filter({ hasText: 'MSRP' })).toHaveCount(0);

    // spec 01 §6: with a business, an inside rep sees every entry.
    expect((await profileLinks(page, 'Tessa')).links).toEqual([
      'My Orders',
      'My Profile',
      'My Business',
      'Devices',
      'Rewards',
      'Billing',
      'Log Out',
    ]);

    const panel = await openProfileMenu(page, 'Tessa');
    await expect(panel.getByText('Northside Auto Sound')).toBeVisible();
    await panel.getByRole('button', { name: 'Clear Selected Business' }).click();
    await expect(selectorButton(page)).toHaveText('Select Business');
    await expect(banner(page)).toHaveCount(0);
    await page.goto('/search?b=sentinel&so=name-asc');
    await expect(cards(page)).toHaveCount(8);
    await expect(priceLabels(page).filter({ hasText: 'MSRP' })).toHaveCount(0);
    expect((await profileLinks(page, 'Tessa')).links).toEqual(['My Profile', 'Log Out']);
  });

  test('adds to cart only with a business; the cart is the business’s and a new business empties it', async ({
    page,
  }) => {
    await signInAs(page, 'insiderep@demo.test');
    const res = await page.request.post('/api/search-products', {
      data: { limit: 40, filters: { sort: 'name-asc', brands: ['northwind'], categories: [] } },
    });
    const { results } = (await res.json()) as { results: { sku: string; isAvailableForPurchase: boolean }[] };
    await page.goto(`/product/${results.find((p) => p.isAvailableForPurchase)!.sku}`);
    const order = page.getByRole('form', { name: 'Order' });
    // spec 01 §6, spec 02 §4: without a business the select-business modal opens instead.
    await order.getByRole('button', { name: 'Add to cart' }).click();
    const dialog = selectDialog(page);
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Search by business name or code').fill('northside');
    await dialog.getByRole('radio', { name: /^Northside Auto Sound/ }).check();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toBeHidden();
    await expect(topBar(page).getByRole('link', { name: 'Cart' })).toBeVisible();

    await order.getByRole('button', { name: 'Increase quantity' }).click();
    await order.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Added to cart.' })).toBeVisible();
    await expect(topBar(page).getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

    await page.getByRole('button', { name: 'View cart' }).click();
    await expect(page).toHaveURL('/cart');
    const summary = page.getByRole('complementary', { name: 'Summary' });
    await expect(summary).toContainText('Northside Auto Sound (C100234)');
    await expect(page.getByRole('region', { name: 'Items' }).getByRole('listitem')).toHaveCount(1);
    await expectAccessible(page);

    // spec 02 §4: swapping the business clears the cart.
    await pickBusiness(page, 'lakeside', 'Lakeside Remote Start');
    await expect(selectDialog(page)).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(topBar(page).getByRole('link', { name: 'Cart', exact: true })).toBeVisible();
  });

  test('a business without a dealer primary answers the spec’s message and keeps the old selection', async ({
    page,
  }) => {
    await signInAs(page, 'insiderep@demo.test');
    await expect(await pickBusiness(page, 'northside', 'Northside Auto Sound')).toBeHidden();
    await expect(selectorButton(page)).toContainText('Northside Auto Sound');

    const dialog = await pickBusiness(page, 'harbor', 'Harbor Mobile Electronics');
    await expect(dialog.getByRole('alert')).toHaveText(messages.noDealerPrimary);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(selectorButton(page)).toContainText('Northside Auto Sound');
    await page.reload();
    await expect(selectorButton(page)).toContainText('Northside Auto Sound');
    await expect(banner(page)).toContainText('Acting for Northside Auto Sound');
  });

  test('the modal: loading, search with no results, keyboard, accessible', async ({ page }) => {
    await signInAs(page, 'insiderep@demo.test');
    await selectorButton(page).focus();
    await page.keyboard.press('Enter');
    const dialog = selectDialog(page);
    const search = dialog.getByLabel('Search by business name or code');
    await expect(search).toBeFocused();
    // Every partner is loaded (100 per page until no next page); the list shows the first 100.
    await expect(dialog.getByRole('radio')).toHaveCount(100);
    await expect(dialog.getByRole('status')).toContainText('Showing the first 100');
    await expectAccessible(page);

    await search.fill('qqqqzzzz');
    await expect(dialog.getByText(messages.noResultsFound)).toBeVisible();
    await search.fill('C100310');
    await expect(dialog.getByRole('radio')).toHaveCount(1);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect(dialog.getByRole('radio', { name: /Lakeside Remote Start/ })).toBeChecked();
    await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(selectorButton(page)).toBeFocused();
    await expect(selectorButton(page)).toHaveText('Select Business');
  });
});

test.describe('an outside sales rep', () => {
  test('menus before and after selecting; acting as themselves; sent home from /profile', async ({ page }) => {
    await signInAs(page, 'outsiderep@demo.test');
    const before = await profileLinks(page, 'Ben');
    expect(before.links).toEqual(['My Profile', 'Log Out']);
    expect(before.buttons).toContain('Select Business');
    expect(before.buttons).not.toContain('Clear Selected Business');

    // spec 01 §4: an outside rep on /profile goes to / after selecting.
    await page.goto('/profile');
    await expect(await pickBusiness(page, 'northside', 'Northside Auto Sound')).toBeHidden();
    await expect(page).toHaveURL('/');
    // Outside reps act for the business as themselves: no impersonation.
    await expect(banner(page)).toHaveText('Acting for Northside Auto Sound (C100234)');

    // spec 01 §6: with a business, an outside rep does not see My Profile, My Business, Rewards; the
    // business's devices, yes (docs/decisions.md "The device's history and device list").
    const after = await profileLinks(page, 'Ben');
    expect(after.links).toEqual(['My Orders', 'Devices', 'Billing', 'Log Out']);
    expect(after.buttons).toEqual(['Change Business', 'Clear Selected Business']);
  });

  test('a Canadian business shows the wrong-site modal; do not show again + Stay holds after reload', async ({
    page,
  }) => {
    await signInAs(page, 'outsiderep@demo.test');
    await expect(await pickBusiness(page, 'maple leaf', 'Maple Leaf Remote Starters')).toBeHidden();
    const canada = canadaDialog(page);
    await expect(canada).toBeVisible();
    await expect(canada.getByRole('button', { name: 'Visit the Canadian site' })).toBeVisible();
    await expectAccessible(page);
    await canada.getByLabel('Do not show this again').check();
    await canada.getByRole('button', { name: 'Stay on this site' }).click();
    await expect(canada).toBeHidden();
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.wrongSiteNotice)).toBe('1');

    await page.reload();
    await expect(banner(page)).toContainText('Maple Leaf Remote Starters');
    await page.waitForLoadState('networkidle');
    await expect(canada).toHaveCount(0);
  });

  test('Visit the Canadian site signs out and goes to the Canadian login; the choice outlives the logout', async ({
    page,
    context,
  }) => {
    await context.route('https://ca.dealerportal.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Canadian site</title><h1>Canadian login</h1>' }),
    );
    await signInAs(page, 'outsiderep@demo.test');
    await expect(await pickBusiness(page, 'N200145', 'Maple Leaf Remote Starters')).toBeHidden();
    const canada = canadaDialog(page);
    await canada.getByLabel('Do not show this again').check();
    await canada.getByRole('button', { name: 'Visit the Canadian site' }).click();
    await expect(page).toHaveURL('https://ca.dealerportal.example/login');

    await page.goto('/');
    const session = (await (await page.request.get('/api/session')).json()) as { user: unknown };
    expect(session.user).toBeNull();
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.wrongSiteNotice)).toBe('1');
  });
});

test('a dealer owner: their own business, every menu entry, no business selector', async ({ page }) => {
  await signInAs(page, 'owner@demo.test');
  await expect(selectorButton(page)).toHaveCount(0);
  await expect(banner(page)).toHaveCount(0);
  const panel = await openProfileMenu(page, 'Gary');
  await expect(panel.locator('.role-label')).toHaveText('Dealer');
  await expect(panel.getByRole('link')).toHaveText([
    'My Orders',
    'My Profile',
    'My Business',
    'Devices',
    'Rewards',
    'Billing',
    'Log Out',
  ]);
  await expect(panel.getByRole('button')).toHaveCount(0);
});
