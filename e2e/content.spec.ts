import { expect, test } from '@playwright/test';
import { messages } from '../packages/contracts/src/index.ts';

test('content pages have real text', async ({ page }) => {
  for (const [path, heading] of [
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms', /Terms/],
    ['/return-policy', 'Return Policy'],
    ['/shipping', /Shipping/],
    ['/company-info', /Company/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    const words = (await page.locator('main').innerText()).split(/\s+/).length;
    expect(words, `${path} has ${words} words`).toBeGreaterThan(300);
  }
});

test('contact us validates, then sends the message', async ({ page }) => {
  await page.goto('/contact-us');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText(messages.requiredField).first()).toBeVisible();

  await page.getByLabel('Email').fill('not-an-email');
  // spec 01 §5: the error appears one second after typing stops.
  await expect(page.getByText(messages.emailInvalid)).toBeVisible({ timeout: 3000 });

  await page.getByLabel('Name').fill('Dana Kowalski');
  await page.getByLabel('Email').fill('dana@northside.example');
  await page.getByLabel('Phone (optional)').pressSequentially('6145550199');
  await expect(page.getByLabel('Phone (optional)')).toHaveValue('(614) 555 - 0199');
  await page.getByLabel('Subject').selectOption('Returns and RMA');
  await page.getByLabel('Message').fill('Two FT-X1 controllers arrived with a cracked case. Please send an RMA.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, your message has been sent.' })).toBeVisible();
  await expect(page.getByText(/Your reference is [0-9A-F]{8}/)).toBeVisible();
});

test('media modal: opens from the gallery, locks scroll, steps through, closes on Escape and backdrop', async ({
  page,
}) => {
  await page.goto('/company-info');
  await page.getByRole('button', { name: /Vehicle research lab/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('2 of 3')).toBeVisible();
  await expect(page.locator('body')).toHaveClass(/scroll-locked/);
  await dialog.getByRole('button', { name: 'Next image' }).click();
  await expect(dialog.getByText('3 of 3')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.locator('body')).not.toHaveClass(/scroll-locked/);

  await page.getByRole('button', { name: /Installer training bay/ }).click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5); // the backdrop
  await expect(dialog).toBeHidden();
});
