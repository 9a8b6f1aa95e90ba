import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAs } from './auth-helpers.ts';
import { expectAccessible } from './a11y.ts';

const carouselOf = (page: Page) => page.getByRole('region', { name: 'Featured' });
const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const couponCodes = (page: Page) => section(page, 'Coupons').locator('.coupon-code code');

/** Coupons come soonest-ending first; these checks care which codes show, not their order. */
async function expectCodes(codes: Locator, shown: string[], hidden: string[] = []) {
  for (const code of shown) await expect(codes.filter({ hasText: code })).toHaveCount(1);
  for (const code of hidden) await expect(codes.filter({ hasText: code })).toHaveCount(0);
}

test.describe('dashboard for a visitor (spec 01 §2.1, §7)', () => {
  test('the carousel starts at the first slide; next, previous and the call to action work', async ({ page }) => {
    await page.goto('/');
    const carousel = carouselOf(page);
    const shown = carousel.getByRole('heading', { level: 2 });
    await expect(shown).toHaveText('Winter Remote Start Event');
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expect(shown).toHaveText('Wiring for the car in your bay');
    await expect(carousel.getByRole('button', { name: /^Slide 2:/ })).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(shown).toHaveText('Winter Remote Start Event');
    await carousel.getByRole('button', { name: 'Previous slide' }).click();
    await expect(shown).toHaveText('Sell and install with us');
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await carousel.getByRole('link', { name: 'Shop the deals' }).click();
    await expect(page).toHaveURL('/deals');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deals');
  });

  test('deals show their badges at MSRP; coupons are the public ones only', async ({ page }) => {
    await page.goto('/');
    const deals = section(page, 'Deals');
    await expect(deals.locator('.product-card').first()).toBeVisible();
    await expect(deals.locator('.product-badge').first()).toHaveText(/Deal$/);
    await expect(deals.getByText('Winter Deal').first()).toBeVisible();
    await expect(deals.locator('.price-label').first()).toHaveText('MSRP');
    await expect(deals.getByText('Your price')).toHaveCount(0);
    await expect(deals.getByRole('link', { name: 'Sign in for your business’s prices' })).toHaveAttribute(
      'href',
      '/login?next=%2F',
    );

    await expectCodes(couponCodes(page), ['WINTER10', 'TOOLS15'], ['BULK50']);
    await expect(section(page, 'Coupons').getByText(/to see the coupons for your business account/)).toBeVisible();
    await expect(section(page, 'Popular products').locator('.product-card')).toHaveCount(8);
    await expect(page.getByRole('navigation', { name: 'Quick links' })).toHaveCount(0);
  });

  test('copy code puts the code on the clipboard and says so', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/');
    const coupon = section(page, 'Coupons').locator('article').filter({ hasText: 'TOOLS15' });
    await coupon.getByRole('button', { name: 'Copy code TOOLS15' }).click();
    await expect(coupon.getByRole('status')).toHaveText('Copied TOOLS15 to the clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('TOOLS15');
  });

  test('axe finds no serious or critical violation on / and /deals', async ({ page }) => {
    await page.goto('/');
    await expect(section(page, 'Deals').locator('.product-card').first()).toBeVisible();
    await expect(couponCodes(page).first()).toBeVisible();
    await expectAccessible(page);
    await page.goto('/deals');
    await expect(page.locator('.promotion .product-card').first()).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('on Lighthouse’s phone (412 × 823)', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test('the lower sections ask for their data as the reader comes near, a screen ahead (issue 31)', async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/')) asked.push(path);
    });
    await signInAs(page, 'owner@demo.test');
    await expect(section(page, 'Deals').locator('.product-card').first()).toBeVisible();
    await page.waitForTimeout(500);
    expect(asked).not.toContain('/api/popular-products');
    expect(asked).not.toContain('/api/last-three-order-product-ids');
    // Headings stand in place from the start, so a screen reader can jump to them.
    await expect(section(page, 'Popular products').getByRole('heading', { level: 2 })).toBeVisible();

    await section(page, 'Popular products').scrollIntoViewIfNeeded();
    await expect(section(page, 'Popular products').locator('[aria-busy="true"], .skeleton')).toHaveCount(0);
    await expect(section(page, 'Popular products').locator('.product-card')).toHaveCount(8);
    expect(asked).toContain('/api/popular-products');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(section(page, 'Previously purchased').locator('.product-card').first()).toBeVisible();
  });
});

test('/deals lists the running promotions with their products, and the coupons', async ({ page }) => {
  await page.goto('/deals');
  await expect(page).toHaveTitle(/^Deals \|/);
  const winter = page.getByRole('region', { name: 'Winter Remote Start Event' });
  const bay = page.getByRole('region', { name: 'Install Bay Essentials' });
  await expect(winter.locator('.product-card').first()).toBeVisible();
  await expect(winter.getByText(/^Ends \d\d\/\d\d\/\d{4}$/)).toBeVisible();
  await expect(bay.locator('.product-card').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Summer Dash Cam Sale' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Spring Security Week' })).toHaveCount(0);
  const codes = page.getByRole('region', { name: 'Coupon codes' }).locator('.coupon-code code');
  await expectCodes(codes, ['WINTER10', 'TOOLS15'], ['BULK50']);
});

test.describe('dashboard signed in', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, 'owner@demo.test');
  });

  test('account coupons, business prices on deals, and quick links', async ({ page }) => {
    await expect(page.getByText('Welcome back, Gary.')).toBeVisible();
    const quick = page.getByRole('navigation', { name: 'Quick links' });
    await expect(quick.getByRole('link')).toHaveCount(4);
    await expect(quick.getByRole('link', { name: /^Quick Order/ })).toHaveAttribute('href', '/search?qo=1');

    await expectCodes(couponCodes(page), ['WINTER10', 'TOOLS15', 'BULK50']);
    // spec 01 §6: approved brands (Northwind, ArcticStart, DriveLink) at the business's price, others at MSRP.
    const card = (scope: Locator, brand: string) =>
      scope.locator('.product-card').filter({ has: page.locator('.product-card-brand', { hasText: brand }) });
    const deals = section(page, 'Deals');
    await expect(card(deals, 'ArcticStart').first().locator('.price-label')).toHaveText('Your price');
    await expect(card(deals, 'HarnessWorks').first().locator('.price-label')).toHaveText('MSRP');
    await expect(deals.getByText('Sign in for your business’s prices')).toHaveCount(0);

    await page.goto('/deals');
    const codes = page.getByRole('region', { name: 'Coupon codes' }).locator('.coupon-code code');
    await expectCodes(codes, ['BULK50']);
    const winter = page.getByRole('region', { name: 'Winter Remote Start Event' });
    await expect(card(winter, 'Northwind').first().locator('.price-label')).toHaveText('Your price');
    await expectAccessible(page);
  });
});
