import { expect, test, type Page } from '@playwright/test';
import { messages } from '../packages/contracts/src/index.ts';
import { openProfileMenu, signIn, signOut } from './auth-helpers.ts';

/** The owner invites through the API (the /my-business screen arrives with issue 5). */
async function invite(page: Page, email: string) {
  await signIn(page, 'owner@demo.test');
  await expect(page).toHaveURL('/');
  const res = await page.request.post('/api/user/invite', { data: { email, user_type: 'installer' } });
  expect(res.status()).toBe(201);
  await signOut(page);
}

/** The accept link of the newest invitation e-mail, as a path. */
async function invitationLink(page: Page, email: string) {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const { mail } = (await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
        mail: { text: string }[];
      };
      link = mail[0]?.text.match(/https?:\/\/[^/\s]+(\/accept-invite\?token=\S+)/)?.[1];
      return link;
    })
    .toBeTruthy();
  return link!;
}

test('invitation round trip: e-mail link, choose a password, sign in as an installer of the dealer', async ({
  page,
}) => {
  const email = `invitee-${Date.now()}@example.test`;
  await invite(page, email);
  await page.goto(await invitationLink(page, email));
  await expect(page.getByRole('heading', { name: 'Join Northside Auto Sound' })).toBeVisible();
  await expect(page.getByText('Gary Lindqvist invited you')).toBeVisible();
  await page.getByLabel('First name').fill('Nina');
  await page.getByLabel('Last name').fill('Alvarez');
  await page.getByLabel('Password', { exact: true }).fill('Crimp#Tool55');
  await page.getByLabel('Confirm password').fill('Crimp#Tool55');
  await page.getByRole('button', { name: 'Accept and create account' }).click();
  await expect(page.getByRole('heading', { name: 'You’re all set' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();

  await signIn(page, email, 'Crimp#Tool55');
  await expect(page).toHaveURL('/');
  const menu = await openProfileMenu(page, 'Nina');
  await expect(menu.locator('.role-label')).toHaveText('Installer');
});

test('declining an invitation ends it; the link then says it is invalid', async ({ page }) => {
  const email = `decliner-${Date.now()}@example.test`;
  await invite(page, email);
  const link = await invitationLink(page, email);
  await page.goto(link.replace('/accept-invite', '/decline-invite'));
  await page.getByRole('button', { name: 'Decline invitation' }).click();
  await expect(page.getByRole('heading', { name: 'Invitation declined' })).toBeVisible();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link can’t be used' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(messages.invalidJwt);
});
