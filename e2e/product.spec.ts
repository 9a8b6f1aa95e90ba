import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ProductDetail, SearchProductsResponse } from '../packages/contracts/src/index.ts';
import { formatMoney, messages, TITLE_SUFFIX } from '../packages/contracts/src/index.ts';
import { expectAccessible } from './a11y.ts';
import { DEMO_PASSWORD } from './auth-helpers.ts';

/** A real demo product with a list price, several pictures, a description and related products. */
async function findProduct(request: APIRequestContext, brands: string[] = []): Promise<ProductDetail> {
  const res = await request.post('/api/search-products', { data: { limit: 20, filters: { brands } } });
  expect(res.ok()).toBe(true);
  const { results } = (await res.json()) as SearchProductsResponse;
  for (const summary of results) {
    const detail = (await (await request.get(`/api/product-by-sku/${summary.sku}`)).json()) as ProductDetail;
    if (detail.msrpCents !== null && detail.images.length > 1 && detail.relatedSkus.length && detail.description.length)
      return detail;
  }
  throw new Error(`no demo product with pictures, description and related products (brands ${brands.join(',')})`);
}

const productInfo = (page: Page) => page.locator('.product-info');

test('a visitor reads a product: name, MSRP, availability, description, specifications', async ({ page }) => {
  const product = await findProduct(page.request);
  await page.goto(`/product/${product.sku}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  await expect(page).toHaveTitle(`${product.name}${TITLE_SUFFIX}`);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText([
    'Home',
    product.name,
  ]);
  const info = productInfo(page);
  await expect(info.getByText('MSRP', { exact: true })).toBeVisible();
  await expect(info.locator('.price-amount')).toHaveText(formatMoney(product.msrpCents!));
  await expect(info.locator('.availability')).toHaveText(
    !product.isAvailable ? 'Out of stock' : product.isAvailableForPurchase ? 'In stock' : /Not available/,
  );
  await expect(info.getByText(product.shortCode, { exact: true })).toBeVisible();
  await expect(info.getByRole('link', { name: product.brand.name })).toHaveAttribute(
    'href',
    `/search?b=${product.brand.slug}`,
  );
  const description = page.getByRole('region', { name: 'Description' });
  const firstParagraph = product.description.find((b) => b.type === 'paragraph');
  if (firstParagraph?.type === 'paragraph') await expect(description.getByText(firstParagraph.text)).toBeVisible();
  await expect(description.getByRole('listitem').first()).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Specifications' }).getByRole('rowheader', { name: 'Case quantity' }),
  ).toBeVisible();
  await expect(info.getByRole('link', { name: 'Sign in to buy' })).toHaveAttribute(
    'href',
    `/login?next=${encodeURIComponent(`/product/${product.sku}`)}`,
  );
  await expectAccessible(page);
});

test('pictures: thumbnails switch the main picture, zoom and media modals open and close', async ({ page }) => {
  const product = await findProduct(page.request);
  const count = product.images.length;
  await page.goto(`/product/${product.sku}`);
  const main = page.locator('.product-gallery-main');
  await expect(main.locator('img')).toHaveAttribute('src', product.images[0]!);

  const second = page.getByRole('button', { name: `Show picture 2 of ${count}` });
  await second.click();
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  await expect(main.locator('img')).toHaveAttribute('src', product.images[1]!);
  // Keyboard: the arrow key moves to the next thumbnail and shows it.
  await second.press('ArrowLeft');
  await expect(page.getByRole('button', { name: `Show picture 1 of ${count}` })).toBeFocused();
  await expect(main.locator('img')).toHaveAttribute('src', product.images[0]!);

  await main.click();
  const zoom = page.getByRole('dialog');
  await expect(zoom).toBeVisible();
  await expect(zoom.getByRole('img')).toHaveAttribute('src', product.images[0]!);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(zoom).toBeHidden();
  await expect(main).toBeFocused();

  await page.getByRole('button', { name: `Show picture 2 of ${count}` }).click();
  await page.getByRole('button', { name: `All pictures (${count})` }).click();
  const media = page.getByRole('dialog');
  await expect(media).toBeVisible();
  await expect(media.getByText(`2 of ${count}`)).toBeVisible();
  await media.getByRole('button', { name: 'Next image' }).click();
  await expect(media.getByText(`${count === 2 ? 1 : 3} of ${count}`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(media).toBeHidden();
  await expect(page.getByRole('button', { name: `All pictures (${count})` })).toBeFocused();
});

test('related products are listed and lead to their pages', async ({ page }) => {
  const product = await findProduct(page.request);
  await page.goto(`/product/${product.sku}`);
  const related = page.getByRole('list', { name: 'Related products' });
  await expect(related.getByRole('listitem').first()).toBeVisible();
  const firstLink = related.getByRole('heading', { level: 3 }).first().getByRole('link');
  const name = (await firstLink.textContent())!;
  const href = (await firstLink.getAttribute('href'))!;
  expect(product.relatedSkus.map((sku) => `/product/${sku}`)).toContain(href);
  await firstLink.click();
  await expect(page).toHaveURL(href);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page).toHaveTitle(`${name}${TITLE_SUFFIX}`);
});

test('the owner signs in from the product and sees their price on an approved brand', async ({ page }) => {
  // Northside Auto Sound's approved brands: Northwind, ArcticStart, DriveLink.
  const product = await findProduct(page.request, ['northwind']);
  await page.goto(`/product/${product.sku}`);
  await expect(productInfo(page).getByText('MSRP', { exact: true })).toBeVisible();
  await productInfo(page).getByRole('link', { name: 'Sign in to buy' }).click();
  await page.getByLabel('Email').fill('owner@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(`/product/${product.sku}`);
  const info = productInfo(page);
  await expect(info.getByText('Your price')).toBeVisible();
  await expect(info.getByText('MSRP', { exact: true })).toBeHidden();
  // The price the page shows is the one the server decided for this session.
  const priced = (await (await page.request.get(`/api/product-by-sku/${product.sku}`)).json()) as ProductDetail;
  expect(priced.price.kind).toBe('discounted');
  await expect(info.locator('.price-amount')).toHaveText(formatMoney(priced.price.cents));

  const quantity = info.getByRole('spinbutton', { name: 'Quantity' });
  await expect(quantity).toHaveValue('1');
  await info.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(quantity).toHaveValue('2');
  await quantity.fill('0');
  await quantity.blur();
  await expect(quantity).toHaveValue('1');
  await expect(info.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await expectAccessible(page);
});

test('an unknown SKU shows Not Found with a way on', async ({ page }) => {
  await page.goto('/product/NO-SUCH-SKU-404');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.notFound);
  await expect(page).toHaveTitle(`${messages.notFound}${TITLE_SUFFIX}`);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Search for “NO-SUCH-SKU-404”' }).click();
  await expect(page).toHaveURL('/search?s=NO-SUCH-SKU-404');
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('one column, nothing wider than the screen', async ({ page }) => {
    const product = await findProduct(page.request);
    await page.goto(`/product/${product.sku}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
    const picture = (await page.locator('.product-gallery-main').boundingBox())!;
    const title = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
    expect(title.y).toBeGreaterThanOrEqual(picture.y + picture.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
