import { expect, test, type Page } from '@playwright/test';
import { messages } from '../packages/contracts/src/index.ts';
import { ACCOUNT_MAIL, ACCOUNT_TEXTS } from '../packages/contracts/src/accounts.ts';
import { expectAccessible } from './a11y.ts';
import { openProfileMenu, signIn } from './auth-helpers.ts';

const PASSWORD = 'Garage#Bay42';
const SIGN_UP_SUBJECT = 'Finish setting up your Dealer Portal account';

/**
 * The path and query of the newest link to `path` in a mail to `to` from the demo outbox. Mail
 * links carry the server's public origin (localhost:PORT here); the test opens them on its own.
 */
async function linkFromMail(page: Page, to: string, subject: string, path: string, notBefore: number) {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      const { mail } = (await res.json()) as { mail: { subject: string; text: string; createdAt: string }[] };
      const fresh = mail.find((m) => m.subject === subject && Date.parse(m.createdAt) >= notBefore - 1000);
      link = fresh?.text.match(new RegExp(`https?://\\S+${path}\\?\\S+`))?.[0];
      return link;
    })
    .toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search;
}

/** Registers a consumer through /register; answers with what the "check your e-mail" step showed. */
async function register(page: Page, person: { firstName: string; email: string }) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL('/register');
  await expect(page.getByRole('heading', { name: ACCOUNT_TEXTS.registerTitle })).toBeVisible();
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill('Rivera');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await expect(page.getByRole('list', { name: 'Password requirements' }).locator('li.is-met')).toHaveCount(5);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: ACCOUNT_TEXTS.checkEmailTitle })).toBeVisible();
  await expect(page.getByText(ACCOUNT_TEXTS.checkEmailBody(person.email))).toBeVisible();
  await expectAccessible(page);
}

test('a consumer registers, confirms the e-mail from its link and signs in as a Customer', async ({ page }) => {
  const email = `e2e-${Date.now()}@example.test`;
  const startedAt = Date.now();

  // The form checks the fields as the server does.
  await page.goto('/register');
  // It promises what a consumer can do: no product checkout (spec 02 §1, issue 15 §6).
  await expect(page.getByText(messages.consumerRegisterLead)).toBeVisible();
  await expect(page.getByText(/buy products/i)).toHaveCount(0);
  await page.getByLabel('First name').fill('C4sey');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill('Garage#Bay43');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(messages.personNameChars)).toBeVisible();
  await expect(page.getByText(messages.passwordsDoNotMatch)).toBeVisible();
  await expectAccessible(page);

  await register(page, { firstName: 'Casey', email });

  // Not confirmed yet: sign-in says so (and mails a fresh link).
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(messages.accountSetupIncomplete);

  await page.goto(await linkFromMail(page, email, SIGN_UP_SUBJECT, '/api/auth/verify-email', startedAt));
  await expect(page).toHaveURL('/login?verified=1');
  await expect(page.getByText(ACCOUNT_TEXTS.emailConfirmed)).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/');
  const menu = await openProfileMenu(page, 'Casey');
  await expect(page.locator('.top-nav')).toContainText('Hi, Casey');
  await expect(menu.locator('.role-label')).toHaveText('Customer');
  await page.keyboard.press('Escape');

  // A product page tells them products come through a dealer, not to ask a dealer's owner.
  const found = await page.request.post('/api/search-products', { data: { limit: 8 } });
  const [product] = ((await found.json()) as { results: { sku: string }[] }).results;
  await page.goto(`/product/${product!.sku}`);
  await expect(page.getByText(messages.consumerNoProductCheckout)).toBeVisible();
  await expect(page.getByText(/purchasing rights/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
});

test('a bad confirmation link lands on /login with a notice, not an error page', async ({ page }) => {
  await page.goto('/api/auth/verify-email?token=not-a-real-token&callbackURL=%2Flogin%3Fverified%3D1');
  await expect(page).toHaveURL('/login?verified=0');
  await expect(page.getByText(ACCOUNT_TEXTS.emailConfirmFailed)).toBeVisible();
  await expectAccessible(page);
});

test('the new consumer changes their e-mail from the profile; the link works once', async ({ page }) => {
  const stamp = Date.now();
  const email = `e2e-${stamp}-old@example.test`;
  const newEmail = `e2e-${stamp}-new@example.test`;
  await register(page, { firstName: 'Morgan', email });
  await page.goto(await linkFromMail(page, email, SIGN_UP_SUBJECT, '/api/auth/verify-email', stamp));
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL('/');

  await page.goto('/profile');
  const card = page.getByRole('region', { name: ACCOUNT_TEXTS.changeEmailTitle });
  await card.getByLabel('New e-mail').fill(newEmail);
  await card.getByLabel('Your password').fill('Wrong#Pass42');
  await card.getByRole('button', { name: 'Send confirmation' }).click();
  await expect(page.getByRole('alert')).toHaveText(messages.passwordInvalid);
  await card.getByLabel('Your password').fill(PASSWORD);
  await card.getByRole('button', { name: 'Send confirmation' }).click();
  await expect(card.getByRole('status')).toHaveText(ACCOUNT_TEXTS.changeEmailSent(newEmail));

  const acceptPath = await linkFromMail(
    page,
    newEmail,
    ACCOUNT_MAIL.changeEmailConfirmSubject,
    '/change-email-accept',
    stamp,
  );
  await page.goto(acceptPath);
  await expect(page.getByRole('heading', { name: ACCOUNT_TEXTS.acceptTitle })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: ACCOUNT_TEXTS.acceptButton }).click();
  await expect(page.getByRole('heading', { name: ACCOUNT_TEXTS.acceptedTitle })).toBeVisible();
  await expect(page.getByText(ACCOUNT_TEXTS.acceptedBody(newEmail))).toBeVisible();

  await page.goto(acceptPath);
  await page.getByRole('button', { name: ACCOUNT_TEXTS.acceptButton }).click();
  await expect(page.getByRole('alert')).toHaveText(messages.invalidJwt);

  await signIn(page, newEmail, PASSWORD);
  await expect(page).toHaveURL('/');
  await expect(page.locator('.top-nav')).toContainText('Hi, Morgan');
});
