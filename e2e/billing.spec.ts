import { expect, test, type Page } from '@playwright/test';
import { PAYMENT_METHOD_TEXTS } from '@portal/contracts/payment-methods';
import { signInAs } from './auth-helpers.ts';
import { expectAccessible } from './a11y.ts';

/** One saved card or bank account of /billing, by the name its row shows ('Visa **** 4242'). */
const methodRow = (page: Page, name: string | RegExp) =>
  page
    .getByRole('list', { name: 'Saved cards and bank accounts' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

const badge = (row: ReturnType<typeof methodRow>, text: string) => row.getByText(text, { exact: true });

test.describe('/billing: cards and bank accounts (issue 18)', () => {
  test.describe.configure({ mode: 'serial' });

  test('the owner adds a card, makes it main, verifies the bank account and removes the card', async ({ page }) => {
    await signInAs(page, 'owner@demo.test', '/billing');
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    // DEMO-DATA: Northside has a main Visa and an unverified bank account.
    const visa = methodRow(page, 'Visa **** 4242');
    const account = methodRow(page, /^Bank account \*\*\*\* \d{4}$/);
    await expect(badge(visa, 'Main')).toBeVisible();
    await expect(visa.getByText(/^Expires \d{2}\/\d{2}/)).toBeVisible();
    await expect(badge(account, 'Unverified')).toBeVisible();
    // No processor's test label reads as the bank's name (issue 27 §7).
    await expect(account).toContainText('Checking');
    await expect(account).not.toContainText(/test bank/i);
    await expectAccessible(page);

    // Add a Mastercard (saving never charges, so any valid test number is kept).
    await page.getByRole('button', { name: 'Add a card' }).click();
    const add = page.getByRole('dialog', { name: 'Add a card' });
    await expect(add.getByLabel('Card number')).toBeFocused();
    await add.getByLabel('Card number').fill('5555 5555 5555 4444');
    await add.getByLabel('Expiry month').selectOption('08');
    await add.getByLabel('Expiry year').selectOption(String(new Date().getUTCFullYear() + 2));
    await add.getByLabel('Security code (CVV)').fill('123');
    await add.getByLabel('Name on card').fill('Gary Lindqvist');
    await add.getByLabel('Street address').fill('1450 Commerce Ave');
    await add.getByLabel('City').fill('Columbus');
    await add.getByLabel('State or province').selectOption('OH');
    await add.getByLabel('ZIP or postal code').fill('43215');
    await expectAccessible(page);
    await add.getByRole('button', { name: 'Save card' }).click();
    await expect(add).toBeHidden();
    const mastercard = methodRow(page, 'Mastercard **** 4444');
    await expect(mastercard.getByText('Expires 08/')).toBeVisible();
    await expect(badge(mastercard, 'Main')).toHaveCount(0);

    // Make it main: the Visa is main no longer (spec 02 §4).
    await mastercard.getByRole('button', { name: 'Make main: Mastercard **** 4444' }).click();
    await expect(badge(mastercard, 'Main')).toBeVisible();
    await expect(badge(visa, 'Main')).toHaveCount(0);
    await expect(visa.getByRole('button', { name: 'Make main: Visa **** 4242' })).toBeVisible();

    // Verify the bank account: a wrong pair first, then the two deposits of the test processor.
    await account.getByRole('button', { name: /^Verify Bank account/ }).click();
    const verify = page.getByRole('dialog', { name: /^Verify Bank account/ });
    // Demo mode says the test processor's deposits where the person looks (issue 27 §2).
    await expect(verify.getByText(/Test mode: the two deposits are 32 and 45 cents/)).toBeVisible();
    await verify.getByLabel('First deposit (cents)').fill('12');
    await verify.getByLabel('Second deposit (cents)').fill('34');
    await verify.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(verify.getByRole('alert')).toHaveText(PAYMENT_METHOD_TEXTS.verificationRefused(2));
    await verify.getByLabel('First deposit (cents)').fill('32');
    await verify.getByLabel('Second deposit (cents)').fill('45');
    await verify.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(verify).toBeHidden();
    await expect(badge(account, 'Verified')).toBeVisible();
    await expect(badge(account, 'Unverified')).toHaveCount(0);
    await expect(account.getByRole('button', { name: /^Verify/ })).toHaveCount(0);

    // Put the demo's main card back, then remove the added one (after the question).
    await visa.getByRole('button', { name: 'Make main: Visa **** 4242' }).click();
    await expect(badge(visa, 'Main')).toBeVisible();
    await mastercard.getByRole('button', { name: 'Remove Mastercard **** 4444' }).click();
    const remove = page.getByRole('dialog', { name: 'Remove this card?' });
    await expect(remove.getByText('Mastercard **** 4444')).toBeVisible();
    await remove.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(remove).toBeHidden();
    await expect(mastercard).toHaveCount(0);
    await expect(page.getByText('Mastercard **** 4444 is removed.')).toBeVisible();
    await expectAccessible(page);
  });

  test('an installer is not shown the business’s billing', async ({ page }) => {
    await signInAs(page, 'installer@demo.test', '/billing');
    await expect(page.getByRole('heading', { name: /Billing is for the business’s owner/ })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Saved cards and bank accounts' })).toHaveCount(0);
  });

  test.describe('on a 360 px phone', () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test('the rows and the add-card dialog fit; nothing scrolls sideways', async ({ page }) => {
      await signInAs(page, 'owner@demo.test', '/billing');
      await expect(methodRow(page, 'Visa **** 4242')).toBeVisible();
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(await overflow()).toBeLessThanOrEqual(0);
      await page.getByRole('button', { name: 'Add a card' }).click();
      const add = page.getByRole('dialog', { name: 'Add a card' });
      await expect(add.getByLabel('Card number')).toBeVisible();
      const box = await add.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
      expect(await add.evaluate((dialog) => dialog.scrollWidth <= dialog.clientWidth)).toBe(true);
      await expectAccessible(page);
      await add.getByRole('button', { name: 'Cancel' }).click();
      await expect(add).toBeHidden();
    });
  });
});
