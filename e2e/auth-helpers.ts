import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Portal!2026';

/** Signs in through /login and waits for the signed-in header. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs in through the API (the browser's cookies are the page's) and opens `path`: for journeys
 * that are not about the sign-in screen, which sign-in.spec covers. One page load less each. Open
 * the page the journey starts on, not the home page and then it; `null` opens none (a journey that
 * first sets its data up through the API, then opens its page).
 */
export async function signInAs(page: Page, email: string, path: string | null = '/') {
  const response = await page.request.post('/api/auth/sign-in', {
    data: { email, password: DEMO_PASSWORD, rememberMe: false },
  });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
  if (path !== null) await page.goto(path);
}

/** Signs out through /logout and waits until it lands on /login (the sign-out has finished). */
export async function signOut(page: Page) {
  await page.goto('/logout');
  await expect(page).toHaveURL('/login');
}

/** The profile menu of the desktop header (spec 01 §2.4). */
export async function openProfileMenu(page: Page, firstName: string) {
  const toggle = page.locator('.top-nav').getByRole('button', { name: `Hi, ${firstName}` });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return page.locator('.top-nav .profile-menu .dropdown-panel');
}

/** The newest SMS code sent to a number, from the demo outbox. */
export async function latestSmsCode(page: Page, to: string, notBefore: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      const { sms } = (await res.json()) as { sms: { body: string; createdAt: string }[] };
      const fresh = sms.find((m) => Date.parse(m.createdAt) >= notBefore - 1000);
      code = fresh?.body.match(/\d{6}/)?.[0];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}
