import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ORDER_TEXTS } from '@portal/contracts/orders';
import { openProfileMenu, signInAs } from './auth-helpers.ts';
import { expectAccessible } from './a11y.ts';

// My Orders and an order (spec 02 §2, §3, §7, §9; spec 01 §6), and the dashboard's Previously purchased.
// Demo data: Northside's 14 seeded orders in every state (two shipped by UPS with tracking numbers), placed
// by its owner, its purchaser and the inside rep; other journeys may have added some. Reorder fills the
// owner's cart: the test empties it again (the demo database is shared).

const CART_API = '/api/products-checkout';

interface CartAnswer {
  token: string | null;
  checkout: { lines: { id: string }[] } | null;
}

/** Empties the open cart of the signed-in buyer through the API. */
async function emptyCart(page: Page) {
  const { token, checkout } = (await (await page.request.get(`${CART_API}/last-b2b-token`)).json()) as CartAnswer;
  for (const line of checkout?.lines ?? [])
    expect((await page.request.post(`${CART_API}/${token}/delete-lines`, { data: { lineId: line.id } })).ok()).toBe(
      true,
    );
}

const orderRows = (page: Page) => page.locator('.orders-table tbody tr');
const statusCells = (page: Page) => page.locator('.orders-table tbody td[data-label="Status"]');
const orderCount = (page: Page) => page.locator('.orders-count');
const cartLink = (page: Page) => page.locator('.top-nav').getByRole('link', { name: /^Cart/ });

test.describe('My Orders (spec 02 §2 order list and detail)', () => {
  test('the owner filters by status, searches a number, opens a shipped order with its tracking and reorders it', async ({
    page,
  }) => {
    await signInAs(page, 'owner@demo.test', '/my-orders');
    await emptyCart(page);
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    await expect(orderCount(page)).toHaveText(/^\d+ orders$/);
    expect(await orderRows(page).count()).toBeGreaterThanOrEqual(14);
    await expect(page).toHaveTitle(/^My Orders \|/);
    await expectAccessible(page);

    // Shipped only: every row says so, and the address keeps the filter.
    await page.getByLabel('Status').selectOption('shipped');
    await expect(page).toHaveURL(/\/my-orders\?status=shipped$/);
    await expect(statusCells(page).filter({ hasNotText: 'Shipped' })).toHaveCount(0);
    await expect(statusCells(page).first()).toHaveText('Shipped');
    await expect(orderCount(page)).toHaveText(/^\d+ orders?$/);

    // One order by its number; back goes to the shipped list again.
    const number = (await orderRows(page).first().locator('th').textContent())!.trim();
    expect(number).toMatch(/^SO-\d{6}$/);
    await page.getByLabel('Order or PO number').fill(number);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`q=${number}`));
    await expect(orderCount(page)).toHaveText('1 order');
    await expect(orderRows(page)).toHaveCount(1);
    await page.goBack();
    await expect(page).toHaveURL(/\/my-orders\?status=shipped$/);
    await expect(page.getByLabel('Order or PO number')).toHaveValue('');
    await page.goForward();
    await expect(orderRows(page)).toHaveCount(1);

    // The order: carrier, tracking with UPS's page in a new tab, lines, totals, history.
    await orderRows(page).getByRole('link', { name: number }).click();
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^Order ${number} \\|`));
    const shipping = page.getByRole('region', { name: 'Shipping' });
    await expect(shipping).toContainText('CarrierUPS');
    await expect(shipping).not.toContainText('B2B-');
    const tracking = shipping.getByRole('link', { name: /^1Z/ });
    await expect(tracking).toHaveAttribute('href', /^https:\/\/www\.ups\.com\/track\?tracknum=1Z[0-9A-Z]{16}$/);
    await expect(tracking).toHaveAttribute('target', '_blank');
    await expect(tracking).toHaveAttribute('rel', /noopener/);
    const lines = page.getByRole('region', { name: 'Items' }).locator('tbody tr');
    expect(await lines.count()).toBeGreaterThan(0);
    await expect(page.getByRole('region', { name: 'Items' })).toContainText('Tax exempt');
    await expect(page.getByRole('region', { name: 'Status history' }).getByRole('listitem')).toHaveCount(3);
    await expectAccessible(page);

    // Reorder: the lines go back in the cart, the page says which, and the badge grows.
    await expect(cartLink(page)).toHaveAccessibleName('Cart');
    try {
      await page.getByRole('button', { name: 'Reorder' }).click();
      const added = page.locator('.reorder-added');
      await expect(added).toContainText('Added to your cart:');
      await expect(added.getByRole('listitem')).toHaveCount(await lines.count());
      await expect(cartLink(page)).toHaveAccessibleName(/^Cart, \d+ items?$/);
      await added.getByRole('link', { name: 'View cart' }).click();
      await expect(page).toHaveURL('/cart');
      await expect(page.getByRole('region', { name: 'Items' }).getByRole('listitem').first()).toBeVisible();
    } finally {
      await emptyCart(page);
    }
  });

  test('the owner exports My Orders as CSV (issue 27 §11)', async ({ page }) => {
    await signInAs(page, 'owner@demo.test', '/my-orders');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const all = (await (await page.request.post('/api/order-transactions', { data: { first: 100 } })).json()) as {
      totalCount: number;
      edges: { node: { number: string } }[];
    };
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toBe('Order #,Date,PO number,Status,Placed by,Payment,Items,Total');
    expect(lines).toHaveLength(all.totalCount + 1);
    for (const { node } of all.edges) expect(lines.some((line) => line.startsWith(`${node.number},`))).toBe(true);
  });

  test('an order of no one’s, and /order alone', async ({ page }) => {
    await signInAs(page, 'owner@demo.test', '/order/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1, name: ORDER_TEXTS.notFound })).toBeVisible();
    await page.getByRole('link', { name: 'Go to My Orders' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    await page.goto('/order');
    await expect(page).toHaveURL('/my-orders');
  });

  test('an installer without purchasing rights has no My Orders and no Previously purchased', async ({ page }) => {
    await signInAs(page, 'installer@demo.test');
    await expect(page.getByText('Welcome back, Marcus.')).toBeVisible();
    const menu = await openProfileMenu(page, 'Marcus');
    await expect(menu.getByRole('link', { name: 'My Profile' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'My Orders' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Popular products' }).locator('.product-card')).toHaveCount(8);
    await expect(page.getByRole('region', { name: 'Previously purchased' })).toHaveCount(0);

    await page.goto('/my-orders');
    await expect(page.getByText(ORDER_TEXTS.noOrders)).toBeVisible();
    await expect(page.locator('.orders-table')).toHaveCount(0);
  });

  test('the owner’s dashboard shows what the business bought last', async ({ page }) => {
    await signInAs(page, 'owner@demo.test');
    const previous = page.getByRole('region', { name: 'Previously purchased' });
    // The last section asks for its products as the reader comes near it (issue 31): scroll to the end.
    const toTheEnd = () => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByRole('region', { name: 'Deals' }).locator('[aria-busy="true"]')).toHaveCount(0);
    await toTheEnd();
    await expect(previous.locator('.product-card').first()).toBeVisible();
    expect(await previous.locator('.product-card').count()).toBeLessThanOrEqual(8);
    // Kept an hour in local storage: a reload shows them without asking again.
    let asked = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/last-three-order-product-ids')) asked += 1;
    });
    await page.reload();
    await expect(page.getByRole('region', { name: 'Deals' }).locator('[aria-busy="true"]')).toHaveCount(0);
    await toTheEnd();
    await expect(previous.locator('.product-card').first()).toBeVisible();
    expect(asked).toBe(0);
  });

  test.describe('on a 360 px phone', () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test('orders are cards and nothing scrolls sideways; nor on an order', async ({ page }) => {
      await signInAs(page, 'owner@demo.test', '/my-orders?status=delivered');
      await expect(statusCells(page).first()).toHaveText('Delivered');
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(await overflow()).toBeLessThanOrEqual(0);
      // A card: the header row is hidden, each cell says what it is.
      await expect(page.locator('.orders-table thead')).toHaveCSS('position', 'absolute');
      await expectAccessible(page);

      await orderRows(page).first().locator('th a').click();
      await expect(page.getByRole('heading', { level: 1, name: /^Order SO-/ })).toBeVisible();
      expect(await overflow()).toBeLessThanOrEqual(0);
    });
  });
});
