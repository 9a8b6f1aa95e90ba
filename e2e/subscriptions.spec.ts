import { expect, test, type Page } from '@playwright/test';
import { SUBSCRIPTION_TEXTS } from '@portal/contracts/subscriptions';
import { signInAs } from './auth-helpers.ts';
import { expectAccessible } from './a11y.ts';

// The subscription checkout (issue 30 item 3) on a 360 px phone: the owner buys Premium for two years for one of
// Northside's devices from /subscriptions/plans, pays at Purchase Service and reads the receipt; then a line that
// can not be bought is shown by its device. The journey leaves the owner's cart as it found it (the product it
// adds and the plan lines go again), and picks its device at run time: the first of Northside's installed devices
// that may still move to Premium for 2 years. Alone, that is 10230000240 (Premium 1 year); after the activation
// journeys (which run first and are done with their devices by then) 10230000240 is replaced and another is.

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

const OWNER = 'owner@demo.test';
const CART_API = '/api/products-checkout';
const CHECKOUT = '/cart/checkout/subscriptions';

interface CartAnswer {
  token: string | null;
  checkout: { lines: { id: string }[]; quantity: number; subscriptionLines?: { device_key: string }[] } | null;
}

const cartOf = async (page: Page) =>
  (await (await page.request.get(`${CART_API}/last-b2b-token`)).json()) as CartAnswer;

/** The first of the business's devices that may move to Premium for 2 years now. */
async function deviceForPremiumTwoYears(page: Page): Promise<string> {
  const list = (await (await page.request.get('/api/devices?limit=100&offset=0')).json()) as {
    results: { device_key: string }[];
  };
  for (const { device_key } of list.results) {
    const res = await page.request.get(`/api/plans/upgrade?device_key=${device_key}`);
    if (!res.ok()) continue;
    const { options } = (await res.json()) as { options: { plan_id: string; duration: string }[] };
    if (options.some((o) => o.plan_id === 'premium' && o.duration === '2_year')) return device_key;
  }
  throw new Error('no device of Northside may move to Premium for 2 years');
}

/** One product of the demo catalogue into the cart (the badge counts products and plans). Answers its line id. */
async function addProduct(page: Page): Promise<string> {
  const search = await page.request.post('/api/search-products', {
    data: { limit: 40, filters: { sort: 'name-asc', brands: ['northwind'], categories: [] } },
  });
  const { results } = (await search.json()) as { results: { id: string; isAvailableForPurchase: boolean }[] };
  const variantId = results.find((p) => p.isAvailableForPurchase)!.id;
  const { token } = await cartOf(page);
  const lines = [{ variantId, quantity: 1 }];
  const res = token
    ? await page.request.post(`${CART_API}/${token}/add-lines`, { data: { lines } })
    : await page.request.post(`${CART_API}/create-b2b`, { data: { lines } });
  expect(res.ok(), await res.text()).toBe(true);
  const answer = (await res.json()) as { lines: { id: string; product: { id: string } }[] };
  return answer.lines.find((line) => line.product.id === variantId)!.id;
}

test('the owner buys Premium for 2 years for a device: mock-run totals, Pay, the receipt, the device’s plan; a failed line by device', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInAs(page, OWNER, '/subscriptions/plans');
  const before = await cartOf(page);
  expect(before.checkout?.subscriptionLines ?? [], 'the owner’s cart has no plan lines to begin with').toEqual([]);
  const device = await deviceForPremiumTwoYears(page);
  const productLine = await addProduct(page);
  const products = (await cartOf(page)).checkout!.quantity;

  try {
    // 1) /subscriptions/plans: the device, Premium, 2 years, into the cart.
    await page.reload();
    await page.getByLabel('Device', { exact: true }).selectOption(device);
    await page.getByRole('radio', { name: 'Premium', exact: true }).check();
    await page.getByLabel('Duration').selectOption('2_year');
    await expect(page.getByTestId('plan-price')).toHaveText('$269.99');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    // The badge counts the products plus the plan line (spec 02 §9).
    await expect(page.locator('.mobile-bar').getByRole('link', { name: `Cart, ${products + 1} items` })).toBeVisible();

    // 2) The cart: Purchase service beside Check out.
    await page.goto('/cart');
    await page.getByRole('link', { name: 'Purchase service' }).click();
    await expect(page).toHaveURL(CHECKOUT);
    await expect(page.getByRole('heading', { level: 1, name: 'Purchase Service' })).toBeVisible();
    await expect(page).toHaveTitle(/^Purchase Service/);
    const summary = page.getByRole('complementary', { name: 'Summary' });
    await expect(summary.getByText('Subtotal')).toBeVisible();
    await expect(summary.getByText('Credit for unused time')).toBeVisible();
    await expect(summary.locator('dd.order-total')).toHaveText(/^\$\d[\d,]*\.\d\d$/);
    await expect(page.getByRole('listitem').filter({ hasText: device })).toContainText('Premium, 2 years');
    await expect(page.getByRole('group', { name: 'Payment' }).getByRole('radio', { checked: true })).toBeVisible();
    await expectAccessible(page);
    const pay = page.getByRole('button', { name: 'Pay' });
    const payBox = await pay.boundingBox();
    expect(payBox!.height).toBeGreaterThanOrEqual(44);

    // 3) Pay: the receipt, by its uuid in the address.
    await pay.click();
    await expect(page).toHaveURL(/\/cart\/checkout\/subscriptions\/complete\?uuid=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Order Complete' })).toBeVisible();
    const devices = page.getByRole('region', { name: 'Devices' });
    await expect(devices.getByRole('link', { name: `Device ${device}` })).toBeVisible();
    await expect(devices).toContainText('Premium, 2 years');
    await expect(devices).toContainText(/Expires \d\d\/\d\d\/\d{4}/);
    await expect(page.getByText('Transaction id')).toBeVisible();
    await expectAccessible(page);
    // A reload shows it again.
    await page.reload();
    await expect(devices.getByRole('link', { name: `Device ${device}` })).toHaveAttribute('href', `/devices/${device}`);
    const transaction = (await page.locator('.receipt-transaction').textContent())!;

    // 4) The sale is in the dealer's plan sales under /billing.
    await page.goto('/billing');
    const sales = page.getByRole('region', { name: 'Plan sales' });
    await expect(sales.getByRole('row').filter({ hasText: transaction })).toContainText(device);
    await expectAccessible(page);

    // 5) The device now has Premium for 2 years.
    await page.goto(`/devices/${device}`);
    await expect(page.locator('dt', { hasText: /^Plan$/ }).locator('xpath=following-sibling::dd[1]')).toContainText(
      'Premium, 2 years',
    );

    // 6) A line that can not be bought: Basic month to month is no upgrade from Premium for 2 years. The cart takes
    // it (the purchase decides); Purchase Service shows it on its line, by device, and Remove takes it out.
    const put = await page.request.put('/api/cart/subscription-lines', {
      data: { device_key: device, plan_id: 'basic', newPricingPlan: 'month_to_month' },
    });
    expect(put.ok(), await put.text()).toBe(true);
    await page.goto(CHECKOUT);
    const line = page.getByRole('listitem').filter({ hasText: device });
    await expect(line.getByText(SUBSCRIPTION_TEXTS.notAnUpgrade)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay' })).toBeDisabled();
    await line.getByRole('button', { name: `Remove the plan for ${device}` }).click();
    await expect(page.getByRole('heading', { name: 'No plans in your cart' })).toBeVisible();
  } finally {
    // The cart as it was: no plan line, the product taken out again.
    await page.request.delete(`/api/cart/subscription-lines/${device}`);
    const { token } = await cartOf(page);
    if (token) await page.request.post(`${CART_API}/${token}/delete-lines`, { data: { lineId: productLine } });
  }
  expect((await cartOf(page)).checkout?.quantity ?? 0).toBe(before.checkout?.quantity ?? 0);
});
