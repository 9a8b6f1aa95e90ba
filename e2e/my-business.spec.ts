import { expect, test, type Page } from '@playwright/test';
import { signInAs, signOut } from './auth-helpers.ts';
import { expectAccessible } from './a11y.ts';

/** A product that may be bought online. */
async function anyProductPath(page: Page) {
  const res = await page.request.post('/api/search-products', { data: { limit: 40 } });
  const { results } = (await res.json()) as { results: { sku: string; isAvailableForPurchase: boolean }[] };
  return `/product/${results.find((p) => p.isAvailableForPurchase)!.sku}`;
}

const installersTable = (page: Page) => page.getByRole('table', { name: 'Installers of this dealer' });

test.describe('/my-business (issue 5)', () => {
  test.describe.configure({ mode: 'serial' });

  test('the owner sees the account, profile, installers and invitations, accessibly', async ({ page }) => {
    await signInAs(page, 'owner@demo.test', '/my-business');
    await expect(page.getByRole('heading', { level: 1, name: 'My Business' })).toBeVisible();
    await expect(page.getByText('Northside Auto Sound · C100234')).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Account' }).getByText('Northwind, ArcticStart, DriveLink'),
    ).toBeVisible();
    await expect(installersTable(page).getByRole('rowheader')).not.toHaveCount(0);
    await expect(page.getByLabel('Display name')).not.toHaveValue('');
    await expectAccessible(page);
  });

  test('the owner grants purchasing rights; the installer can then buy, and loses it again', async ({ page }) => {
    const product = await anyProductPath(page);
    await signInAs(page, 'installer@demo.test', product);
    await expect(page.getByText('Your account does not have purchasing rights.')).toBeVisible();
    await signOut(page);

    await signInAs(page, 'owner@demo.test', '/my-business');
    const row = installersTable(page).getByRole('row').filter({ hasText: 'installer@demo.test' });
    const canPurchase = row.getByRole('checkbox', { name: /can purchase/ });
    await expect(canPurchase).not.toBeChecked();
    await canPurchase.click();
    await expect(canPurchase).toBeChecked();
    await signOut(page);

    await signInAs(page, 'installer@demo.test', product);
    await expect(page.getByRole('spinbutton', { name: /Quantity/ })).toBeVisible();
    await expect(page.getByText('Your account does not have purchasing rights.')).toHaveCount(0);
    // Now they can add to cart, and the cart page holds it until removed.
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('3');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Added to cart.' })).toBeVisible();
    await page.locator('.top-nav').getByRole('link', { name: 'Cart, 3 items' }).click();
    await expect(page).toHaveURL('/cart');
    const line = page.getByRole('region', { name: 'Items' }).getByRole('listitem');
    await expect(line).toHaveCount(1);
    await line.getByRole('button', { name: 'Decrease quantity' }).click();
    await expect(page.locator('.top-nav').getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
    await line.getByRole('button', { name: /^Remove / }).click();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await signOut(page);

    // Put the demo back as it was.
    await signInAs(page, 'owner@demo.test', '/my-business');
    await row.getByRole('checkbox', { name: /can purchase/ }).click();
    await expect(row.getByRole('checkbox', { name: /can purchase/ })).not.toBeChecked();
  });

  test('an invitation from the screen arrives by mail, is accepted, and the installer joins the list', async ({
    page,
  }) => {
    const email = `bay-tech-${Date.now()}@example.test`;
    await signInAs(page, 'owner@demo.test', '/my-business');
    await page.getByLabel('Installer’s e-mail').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Send invitation' }).click();
    const pending = page.getByRole('region', { name: 'Invitations' });
    await expect(pending.getByText(email, { exact: true })).toBeVisible(); // lowercased

    let link: string | undefined;
    await expect
      .poll(async () => {
        const res = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
        const { mail } = (await res.json()) as { mail: { text: string }[] };
        link = mail[0]?.text.match(/https?:\/\/[^/\s]+(\/accept-invite\?token=\S+)/)?.[1];
        return link;
      })
      .toBeTruthy();
    await signOut(page);

    await page.goto(link!);
    await page.getByLabel('First name').fill('Rosa');
    await page.getByLabel('Last name').fill('Delgado');
    await page.getByLabel('Password', { exact: true }).fill('Crimp#Tool55');
    await page.getByLabel('Confirm password').fill('Crimp#Tool55');
    await page.getByRole('button', { name: 'Accept and create account' }).click();
    await expect(page.getByRole('heading', { name: 'You’re all set' })).toBeVisible();

    await signInAs(page, 'owner@demo.test', '/my-business');
    await expect(installersTable(page).getByRole('rowheader', { name: 'Rosa Delgado' })).toBeVisible();
    await expect(pending.getByText(email, { exact: true })).toHaveCount(0);
  });

  test('a pending invitation can be sent again and revoked', async ({ page }) => {
    const email = `revoked-${Date.now()}@example.test`;
    await signInAs(page, 'owner@demo.test', '/my-business');
    await page.getByLabel('Installer’s e-mail').fill(email);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    const pending = page.getByRole('region', { name: 'Invitations' });
    await expect(pending.getByText(email, { exact: true })).toBeVisible();
    await pending.getByRole('button', { name: `Resend the invitation to ${email}` }).click();
    await expect(page.getByText(`Invitation sent again to ${email}.`)).toBeVisible();
    await pending.getByRole('button', { name: `Revoke the invitation to ${email}` }).click();
    await expect(pending.getByText(email, { exact: true })).toHaveCount(0);
  });

  test('an installer is told only the owner manages the business', async ({ page }) => {
    await signInAs(page, 'installer@demo.test', '/my-business');
    await expect(page.getByRole('heading', { name: 'Only the dealer’s owner manages the business' })).toBeVisible();
  });

  test('what an inside rep does while acting for the business shows in its activity', async ({ page }) => {
    await signInAs(page, 'insiderep@demo.test');
    const selected = await page.request.post('/api/select-business', { data: { sapBpCode: 'C100234' } });
    expect(selected.ok()).toBe(true);
    await page.goto('/my-business');
    await expect(page.getByText(/acting as Gary Lindqvist/)).toBeVisible();
    await page.getByLabel('City').fill('Columbus');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('The dealer profile is saved.')).toBeVisible();
    await page.reload();
    const activity = page.getByRole('region', { name: 'Activity by sales reps' });
    // In words, never the raw call (issue 15 §13).
    await expect(activity.getByText(/Saved the dealer profile/).first()).toBeVisible();
    await expect(activity.getByText('Started acting for the business').first()).toBeVisible();
    await expect(activity.getByText(/\/api\//)).toHaveCount(0);
    await page.request.delete('/api/select-business');
  });
});
