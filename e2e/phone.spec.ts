import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { signInAs } from './auth-helpers.ts';
import { smallTargets } from './targets.ts';
import { DEMO_VEHICLES } from '../apps/server/src/seed/vehicle-demo.ts';

test.describe('on a 360 px phone', () => {
  test('the mobile bar replaces the desktop header; nothing scrolls sideways', async ({ page }) => {
    for (const path of ['/', '/terms', '/contact-us', '/activation', '/shipping']) {
      await page.goto(path);
      await expect(page.locator('.mobile-bar')).toBeVisible();
      await expect(page.locator('.top-nav')).toBeHidden();
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeHidden();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
    }
  });

  test('the dark mobile menu opens, navigates and closes', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    expect(await menu.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(20, 33, 61)');
    await menu.getByText('Products').click();
    await menu.getByRole('link', { name: 'Dash Cameras' }).click();
    await expect(page).toHaveURL('/search?c=dash-cameras');
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  test('the back button returns to the previous page', async ({ page }) => {
    await page.goto('/shipping');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Company Info' }).click();
    await expect(page).toHaveURL('/company-info');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL('/shipping');
  });

  test('the search menu opens a search field', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Search products' }).click();
    const term = page.locator('#mobile-search').getByLabel('Search term');
    await expect(term).toBeFocused();
    await term.fill('bypass');
    await term.press('Enter');
    await expect(page).toHaveURL('/search?s=bypass');
  });

  test('search results fit the phone: one column of cards, filters folded, quick order without sideways scroll', async ({
    page,
  }) => {
    await page.goto('/search?c=remote-start');
    const cards = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
    await expect(cards).toHaveCount(8);
    await expect(cards.nth(1).locator('.product-card-name')).toBeVisible();
    const [a, b] = await Promise.all([cards.nth(0).boundingBox(), cards.nth(1).boundingBox()]);
    expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1); // stacked, not side by side
    await expect(page.getByRole('group', { name: 'Categories' })).toBeHidden();
    // The folded Filters shows that it opens: a chevron that turns once open (issue 15 §12).
    const summary = page.locator('.filters-disclosure summary');
    const chevron = () =>
      summary.evaluate((s) => {
        const after = getComputedStyle(s, '::after');
        return { border: after.borderRightWidth, turn: after.transform };
      });
    const closed = await chevron();
    expect(closed.border).not.toBe('0px');
    await summary.click();
    await expect(page.getByRole('group', { name: 'Categories' })).toBeVisible();
    expect((await chevron()).turn).not.toBe(closed.turn);
    await page.goto('/search?c=remote-start&qo=1');
    await expect(page.getByRole('table', { name: 'Search results' })).toBeVisible();
    // Each row: the check box beside the product, the quantity beside the price, not under the box.
    const row = page.getByRole('table', { name: 'Search results' }).getByRole('row').nth(1);
    const [box, quantity, product] = await Promise.all([
      row.getByRole('checkbox').boundingBox(),
      row.getByRole('spinbutton').boundingBox(),
      row.getByRole('link').first().boundingBox(),
    ]);
    expect(quantity!.x).toBeGreaterThan(box!.x + box!.width);
    expect(product!.x).toBeGreaterThan(box!.x + box!.width);
    expect(quantity!.y).toBeGreaterThan(product!.y);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });

  test('the cart fits the phone: lines stack, quantities change, nothing scrolls sideways', async ({ page }) => {
    await signInAs(page, 'owner@demo.test');
    const found = await page.request.post('/api/search-products', { data: { limit: 40 } });
    const { results } = (await found.json()) as { results: { id: string; isAvailableForPurchase: boolean }[] };
    const lines = results.filter((p) => p.isAvailableForPurchase).slice(0, 2);
    const created = await page.request.post('/api/products-checkout/create-b2b', {
      data: { lines: lines.map((p) => ({ variantId: p.id, quantity: 1 })) },
    });
    expect(created.status()).toBe(200);
    await page.goto('/cart');
    const items = page.getByRole('region', { name: 'Items' }).getByRole('listitem');
    await expect(items).toHaveCount(2);
    await items.first().getByRole('button', { name: 'Increase quantity' }).click();
    await expect(page.locator('.mobile-bar').getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    for (let left = 2; left > 0; left--) {
      await items
        .first()
        .getByRole('button', { name: /^Remove / })
        .click();
      await expect(items).toHaveCount(left - 1);
    }
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  });

  test('/my-business: each installer is a card; e-mail, role and both switches in view (issue 15 §9)', async ({
    page,
  }) => {
    await signInAs(page, 'owner@demo.test', '/my-business');
    const table = page.getByRole('table', { name: 'Installers of this dealer' });
    const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
    await expect(rows).not.toHaveCount(0);
    for (const row of await rows.all()) {
      const name = (await row.getByRole('rowheader').boundingBox())!;
      const cells = await row.getByRole('cell').all();
      expect(cells).toHaveLength(4); // e-mail, role, can purchase, retired
      let above = name.y + name.height;
      for (const cell of cells) {
        // A card: each line under the one before, as wide as the card, its text uncut.
        const box = (await cell.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(above - 1);
        expect(Math.abs(box.width - name.width)).toBeLessThanOrEqual(1);
        expect(await cell.evaluate((c) => c.scrollWidth <= c.clientWidth)).toBe(true);
        above = box.y + box.height;
      }
      // Both switches inside the visible part of the list, without scrolling it sideways.
      for (const checkbox of await row.getByRole('checkbox').all()) {
        const inView = await checkbox.evaluate((box) => {
          const area = box.closest('.table-scroll')!.getBoundingClientRect();
          const r = box.getBoundingClientRect();
          return r.left >= area.left && r.right <= area.right && r.right <= window.innerWidth;
        });
        expect(inView).toBe(true);
      }
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });

  test('check boxes are 24 px at least where a bookkeeper ticks them (issue 27 §12)', async ({ page }) => {
    await signInAs(page, 'accountant@demo.test', null);
    for (const path of ['/invoice', '/invoice-payment']) {
      await page.goto(path);
      const boxes = page.getByRole('main').getByRole('checkbox');
      await expect(boxes.first()).toBeVisible();
      for (const box of await boxes.all()) {
        if (!(await box.isVisible())) continue;
        const { width, height } = (await box.boundingBox())!;
        expect(Math.min(width, height), `${path}: ${await box.getAttribute('aria-label')}`).toBeGreaterThanOrEqual(24);
      }
    }
  });

  test('wiring and activation screens: every control is a 44 px target, for gloved hands (issue 31 item 4)', async ({
    page,
  }) => {
    const camry = DEMO_VEHICLES.find((v) => v.model === 'Camry')!;
    const check = async (where: string) =>
      expect(await smallTargets(page), `${where}: controls under 44 px`).toEqual([]);
    await page.goto('/activation');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await check('/activation');
    await signInAs(page, 'installer@demo.test', '/wiring');
    const form = page.locator('main form.vehicle-form');
    await expect(form).toBeVisible();
    await check('/wiring');
    await form.getByPlaceholder('Enter VIN').fill(camry.vin);
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(page.locator('main h1')).toHaveText(`${camry.year} ${camry.make} ${camry.model}`);
    await check('the vehicle slide');
    await page
      .getByRole('navigation', { name: 'Vehicle options' })
      .getByRole('link', { name: /Firstech-style/ })
      .click();
    await expect(page.getByRole('link', { name: /^Data Bus/ })).toBeVisible();
    await check('the wiring categories');
    await page.getByRole('link', { name: /^Data Bus/ }).click();
    await expect(page.getByRole('link', { name: 'Print this sheet' })).toBeVisible();
    await check('a wiring sheet');
  });

  test('the shell is accessible on a phone', async ({ page }) => {
    await page.goto('/contact-us');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expectAccessible(page);
  });
});
