import { expect, test, type Page } from '@playwright/test';
import { DEALER_REQUEST_TEXTS, messages } from '../packages/contracts/src/index.ts';
import { expectAccessible } from './a11y.ts';
import { openProfileMenu, signIn, signInAs, signOut } from './auth-helpers.ts';

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The mail of the demo outbox sent to `to` whose subject matches. */
async function mailTo(page: Page, to: string, subject: RegExp) {
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      const { mail } = (await res.json()) as { mail: OutboxMail[] };
      found = mail.find((m) => subject.test(m.subject));
      return found?.subject;
    })
    .toMatch(subject);
  return found!;
}

test('a shop applies, admin approves it, the new owner gets the invitation and sets a password', async ({ page }) => {
  const stamp = Date.now();
  const company = `Gulf Coast Remote Start ${stamp}`;
  const email = `applicant-${stamp}@example.test`;
  const sapBpCode = `C9${String(stamp % 100_000).padStart(5, '0')}`;

  // The visitor's form.
  await page.goto('/dealer-request');
  await expect(page.getByRole('heading', { level: 1, name: 'Become a Dealer' })).toBeVisible();
  await expect(page.getByLabel('Northwind')).toBeVisible();
  await expectAccessible(page);

  // spec 01 §5: errors appear one second after typing stops, word for word.
  await page.getByLabel('First name').fill('N0ra');
  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await expect(page.getByText(messages.personNameChars)).toBeVisible();
  await expect(page.getByText(messages.emailInvalid)).toBeVisible();
  await page.getByLabel('Website').fill('gulfcoast.example');
  await expect(page.getByText(messages.urlInvalid)).toBeVisible();

  await page.getByLabel('Company name').fill(company);
  await page.getByLabel('Website').fill('https://gulfcoast.example');
  await page.getByLabel('Years in business').fill('12');
  await page.getByLabel('Number of installers').fill('4');
  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('Last name').fill('Delgado');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Phone', { exact: true }).pressSequentially('7875550142');
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('(787) 555 - 0142');
  await page.getByLabel('Street address').fill('100 Calle Luna');
  await page.getByLabel('Country', { exact: true }).selectOption('US');
  await page.getByLabel('State or province').selectOption({ label: 'Puerto Rico' });
  await page.getByLabel('City').fill('San Juan');
  await page.getByLabel('ZIP or postal code').fill('00901');
  await page.getByLabel('Northwind').check();
  await page.getByLabel('ArcticStart').check();
  await page.getByLabel('Anything else we should know?').fill('Two bays, mostly remote starts.');
  await expect(page.getByText(messages.emailInvalid)).toBeHidden();
  await page.getByRole('button', { name: 'Send request' }).click();

  const done = page.getByRole('status').filter({ hasText: 'Thank you, we received your request' });
  await expect(done).toBeVisible();
  await expect(done).toContainText(email);
  await expect(done).toContainText('set your password');

  // Sales and the applicant got mail.
  const confirmation = await mailTo(page, email, /We received your dealer request/);
  expect(confirmation.text).toContain('Nora');
  const toSales = await mailTo(page, 'sales@dealerportal.example', new RegExp(`\\[Dealer request\\] ${company}`));
  expect(toSales.text).toContain('Phone: +1 (787) 555 - 0142');

  // The admin approves it.
  await signInAs(page, 'admin@demo.test');
  await (await openProfileMenu(page, 'Alex')).getByRole('link', { name: 'Dealer Requests' }).click();
  await expect(page).toHaveURL('/admin/dealer-requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Dealer Requests' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Pending/ })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: company }).click();
  const detail = page.getByRole('region', { name: company });
  await expect(detail).toContainText('Puerto Rico');
  await expect(detail).toContainText('Northwind, ArcticStart');
  await expectAccessible(page);

  await detail.getByLabel('SAP BP code').fill(sapBpCode.toLowerCase());
  await expect(detail.getByLabel('SAP BP code')).toHaveValue(sapBpCode);
  await detail.getByLabel('Channel').selectOption('dealer');
  await detail.getByRole('button', { name: 'Approve and invite owner' }).click();
  const approved = detail.getByRole('status').filter({ hasText: `Approved: ${company}` });
  await expect(approved).toBeVisible();
  await expect(approved).toContainText(sapBpCode);
  await expect(approved).toContainText(`invitation was sent to ${email}`);
  await expect(detail.getByRole('button', { name: 'Approve and invite owner' })).toBeHidden();
  await page.getByRole('tab', { name: /Approved/ }).click();
  await expect(page.getByRole('button', { name: company })).toBeVisible();
  await signOut(page);

  // The applicant's invitation arrives; the link sets the owner's password.
  const invitation = await mailTo(page, email, /is approved/);
  const link = invitation.text.match(/https?:\/\/[^/\s]+(\/set-password\?token=\S+)/)![1]!;
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('Bay#Two2026');
  await page.getByLabel('Confirm password').fill('Bay#Two2026');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('heading', { name: 'You’re all set' })).toBeVisible();
  await signIn(page, email, 'Bay#Two2026');
  await expect(page).toHaveURL('/');
});

test('the review is not available to non-admins', async ({ page }) => {
  await signInAs(page, 'owner@demo.test');
  await expect((await openProfileMenu(page, 'Gary')).getByRole('link', { name: 'Dealer Requests' })).toHaveCount(0);
  await page.goto('/admin/dealer-requests');
  await expect(page.getByRole('heading', { name: 'Not available' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: DEALER_REQUEST_TEXTS.notAllowed })).toBeVisible();
});
