import { expect, test, type Page } from '@playwright/test';
import { signInAs, signOut } from './auth-helpers.ts';
import { expectAccessible } from './a11y.ts';

const results = (page: Page) => page.getByRole('list', { name: 'Search results' });
const cards = (page: Page) => results(page).getByRole('listitem');
const topSearch = (page: Page) => page.locator('.top-nav').getByRole('combobox', { name: 'Search term' });

test.describe('search screen (spec 01 §2.5, §4)', () => {
  test('pages over cursors: next, a far jump, the last page, arrows disabled at the ends', async ({ page }) => {
    await page.goto('/search');
    await expect(page.getByRole('heading', { level: 1, name: 'All products' })).toBeVisible();
    await expect(cards(page)).toHaveCount(8);
    await expect(page.getByText(/^2,000 products · page 1 of 250$/)).toBeVisible();
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await expect(pager.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await expect(pager.locator('li')).toHaveText(['1', '2', '3', '4', '…', '250']);

    const firstOnPage1 = await cards(page).first().getByRole('heading').textContent();
    await pager.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL('/search?p=2');
    await expect(pager.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(cards(page).first().getByRole('heading')).not.toHaveText(firstOnPage1!);

    await pager.getByRole('button', { name: 'Page 250', exact: true }).click();
    await expect(page).toHaveURL('/search?p=250');
    await expect(cards(page)).toHaveCount(8);
    await expect(pager.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await expect(pager.locator('li')).toHaveText(['1', '…', '247', '248', '249', '250']);

    // A page opened straight from its address fetches its cursor first.
    await page.goto('/search?p=125');
    await expect(pager.getByRole('button', { name: 'Page 125', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(cards(page)).toHaveCount(8);
    await page.goto('/search?p=9999');
    await expect(page.getByRole('heading', { name: 'This page is past the last result' })).toBeVisible();
  });

  test('sorts by name and price, and remembers a visitor’s page size in this browser', async ({ page }) => {
    await page.goto('/search?c=remote-start');
    await expect(page.getByRole('heading', { level: 1, name: 'Remote Start' })).toBeVisible();
    await page.getByLabel('Sort by').selectOption({ label: 'Name A-Z' });
    await expect(page).toHaveURL('/search?c=remote-start&so=name-asc');
    await expect(cards(page)).toHaveCount(8);
    // The previous results stay on screen until the new ones arrive: wait for the new order.
    const byName = (names: string[]) => [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    await expect
      .poll(async () => {
        const names = await cards(page).getByRole('heading').allTextContents();
        return names.join('|') === byName(names).join('|');
      })
      .toBe(true);

    await page.getByLabel('Sort by').selectOption({ label: 'Price Low to High' });
    await expect(page).toHaveURL('/search?c=remote-start&so=price-asc');
    await expect
      .poll(async () => {
        const prices = (await cards(page).locator('.price-amount').allTextContents()).map((p) =>
          Number(p.replace(/[$,]/g, '')),
        );
        return prices.length === 8 && prices.every((price, i) => i === 0 || prices[i - 1]! <= price);
      })
      .toBe(true);

    await page.getByLabel('Per page').selectOption('20');
    await expect(cards(page)).toHaveCount(20);
    await page.reload();
    await expect(cards(page)).toHaveCount(20);
    await expect(page.getByLabel('Per page')).toHaveValue('20');
  });

  test('filters by category and brand with removable chips, and says what to do when nothing matches', async ({
    page,
  }) => {
    await page.goto('/search');
    await page.getByRole('group', { name: 'Categories' }).getByLabel('Dash Cameras').click();
    await expect(page).toHaveURL('/search?c=dash-cameras');
    await page.getByRole('group', { name: 'Brands' }).getByLabel('StealthCam').click();
    await expect(page).toHaveURL('/search?c=dash-cameras&b=stealthcam');
    await expect(cards(page).first()).toContainText('StealthCam');
    await page.getByRole('button', { name: 'Remove filter StealthCam' }).click();
    await expect(page).toHaveURL('/search?c=dash-cameras');

    await page.goto('/search?s=zzqqxxyy');
    await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse all products' })).toBeVisible();
  });

  test('forgives typos and finds a SKU by its short code from the top bar', async ({ page, request }) => {
    const { results: found } = (await (
      await request.post('/api/search-products', { data: { limit: 8, filters: { search: 'remote start' } } })
    ).json()) as { results: { sku: string; name: string }[] };
    const sku = found[0]!.sku;
    const shortCode = sku.slice(sku.lastIndexOf('-') + 1);

    await page.goto('/');
    await topSearch(page).fill('remot start');
    await topSearch(page).press('Enter');
    await expect(page).toHaveURL('/search?s=remot+start');
    await expect(cards(page).first()).toContainText(/remote start/i);

    // Autocomplete: the short code suggests its product; arrow down and Enter open it.
    await topSearch(page).fill(shortCode);
    const suggestions = page.locator('.top-nav').getByRole('listbox', { name: 'Suggestions' });
    await expect(suggestions.getByRole('option').first()).toContainText(sku);
    await topSearch(page).press('ArrowDown');
    await expect(topSearch(page)).toHaveAttribute('aria-activedescendant', /suggestions-0$/);
    await topSearch(page).press('Enter');
    await expect(page).toHaveURL(`/product/${sku}`);
  });

  test('keeps five recent searches, newest first, one per term; leaving search resets the field', async ({ page }) => {
    await page.goto('/search');
    for (const term of ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'Charlie']) {
      await topSearch(page).fill(term);
      await topSearch(page).press('Enter');
      await expect(page).toHaveURL(`/search?s=${term}`);
    }
    await page.getByRole('link', { name: 'Company Info' }).first().click();
    await expect(page).toHaveURL('/company-info');
    await expect(topSearch(page)).toHaveValue('');
    await topSearch(page).click();
    const recents = page.locator('.top-nav').getByRole('listbox', { name: 'Recent searches' });
    await expect(recents.getByRole('option')).toHaveText(['Charlie', 'foxtrot', 'echo', 'delta', 'bravo']);
    await recents.getByRole('option', { name: 'echo' }).click();
    await expect(page).toHaveURL('/search?s=echo');
    await expect(topSearch(page)).toHaveValue('echo');
  });

  test('quick order: ticks and quantities survive paging; Selected shows only them', async ({ page }) => {
    await page.goto('/search?c=t-harnesses');
    await page.getByRole('button', { name: 'Quick order' }).click();
    await expect(page).toHaveURL('/search?c=t-harnesses&qo=1');
    const table = page.getByRole('table', { name: 'Search results' });
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(8);
    const firstSku = (await rows.nth(0).locator('div.small').textContent())!.split(' ')[0]!;
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('spinbutton').fill('3');
    await expect(page.getByText(/^2 selected · \d+ units/)).toBeVisible();

    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL('/search?c=t-harnesses&p=2&qo=1');
    await page.getByRole('button', { name: 'Selected (2)' }).click();
    const selected = page.getByRole('table', { name: 'Selected products' });
    await expect(selected.locator('tbody tr')).toHaveCount(2);
    await expect(selected.locator('tbody tr').first()).toContainText(firstSku);
    await expect(selected.getByRole('spinbutton').nth(1)).toHaveValue('3');
    await page.getByRole('button', { name: 'Clear selection' }).click();
    await expect(page.getByRole('heading', { name: 'Nothing selected yet' })).toBeVisible();
  });

  test('quick order: a purchaser adds the selection to the cart in one go', async ({ page }) => {
    await signInAs(page, 'purchaser@demo.test', '/search?c=t-harnesses&qo=1');
    const rows = page.getByRole('table', { name: 'Search results' }).locator('tbody tr');
    await expect(rows).toHaveCount(8);
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('spinbutton').fill('4');
    await page.getByRole('button', { name: 'Add selected to cart' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Added to cart.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Selected (0)' })).toBeVisible();
    await page.locator('.top-nav').getByRole('link', { name: 'Cart, 5 items' }).click();
    const lines = page.getByRole('region', { name: 'Items' }).getByRole('listitem');
    await expect(lines).toHaveCount(2);
    // Leave the demo cart empty again.
    for (let left = 2; left > 0; left--) {
      await lines
        .first()
        .getByRole('button', { name: /^Remove / })
        .click();
      await expect(lines).toHaveCount(left - 1);
    }
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await signOut(page);
  });

  test('is accessible', async ({ page }) => {
    await page.goto('/search?s=remote&qo=1');
    await expect(page.getByRole('table', { name: 'Search results' })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/search?c=security');
    await expect(cards(page)).toHaveCount(8);
    await expectAccessible(page);
  });
});

test.describe('prices follow the signed-in role (spec 01 §6)', () => {
  // Northwind is approved for Northside Auto Sound; Sentinel is not.
  const cases: [string | null, string, string][] = [
    [null, 'MSRP', 'MSRP'],
    ['owner@demo.test', 'Your price', 'MSRP'],
    ['installer@demo.test', 'Your price', 'MSRP'],
    ['purchaser@demo.test', 'Your price', 'MSRP'],
    ['accountant@demo.test', 'Your price', 'MSRP'],
    ['retired@demo.test', 'MSRP', 'MSRP'],
    ['insiderep@demo.test', 'Your price', 'Your price'],
    ['outsiderep@demo.test', 'Your price', 'Your price'],
    ['admin@demo.test', 'MSRP', 'MSRP'],
    ['consumer@demo.test', 'MSRP', 'MSRP'],
  ];
  for (const [email, northwind, sentinel] of cases) {
    test(`${email ?? 'a visitor'} sees ${northwind} on Northwind and ${sentinel} on Sentinel`, async ({ page }) => {
      if (email) {
        await signInAs(page, email);
      }
      await page.goto('/search?b=northwind&so=name-asc');
      await expect(cards(page)).toHaveCount(8);
      // Products without an MSRP always show the channel price; the rest follow the rule.
      await expect(cards(page).locator('.price-label', { hasText: northwind }).first()).toBeVisible();
      if (northwind === 'Your price')
        await expect(cards(page).locator('.price-label', { hasText: 'MSRP' })).toHaveCount(0);
      await page.goto('/search?b=sentinel&so=name-asc');
      await expect(cards(page)).toHaveCount(8);
      await expect(cards(page).locator('.price-label', { hasText: sentinel }).first()).toBeVisible();
      if (sentinel === 'MSRP') {
        const labels = await cards(page).locator('.price-label').allTextContents();
        expect(labels.filter((l) => l === 'MSRP').length).toBeGreaterThan(4);
      }
    });
  }

  test('the owner’s page size is kept on the server across sign-ins; approved brands only filters', async ({
    page,
  }) => {
    await signInAs(page, 'owner@demo.test', '/search');
    await expect(page.getByText('Prices for Northside Auto Sound (C100234)')).toBeVisible();
    await page.getByLabel('Per page').selectOption('40');
    await expect(cards(page)).toHaveCount(40);
    await signOut(page);
    await signInAs(page, 'owner@demo.test', '/search');
    await expect(page.getByLabel('Per page')).toHaveValue('40');
    await expect(cards(page)).toHaveCount(40);

    await page.getByLabel('My approved brands only').click();
    await expect(page).toHaveURL('/search?b=approved-brands');
    const brands = new Set(await cards(page).locator('.product-card-brand').allTextContents());
    for (const brand of brands) expect(['Northwind', 'ArcticStart', 'DriveLink']).toContain(brand);
    await expect(cards(page).locator('.price-label', { hasText: 'MSRP' })).toHaveCount(0);
    await page.getByLabel('Per page').selectOption('8');
  });
});
