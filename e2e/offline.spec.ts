import { expect, test, type Page } from '@playwright/test';
import { DEMO_VEHICLES } from '../apps/server/src/seed/vehicle-demo.ts';
import { OFFLINE_TEXTS } from '../apps/web/src/offline/texts.ts';
import { CACHES } from '../apps/web/src/offline/policy.ts';
import { signInAs, signOut } from './auth-helpers.ts';

/**
 * Issue 31 item 2 in the browser: what an installer opened once opens with the network off — a demo vehicle's
 * sheets and its print page — and nothing personal is left after sign-out.
 */
test.use({ serviceWorkers: 'allow' });

const camry = DEMO_VEHICLES.find((v) => v.model === 'Camry')!;
const f150 = DEMO_VEHICLES.find((v) => v.model === 'F-150')!;
const nameOf = (v: { year: number; make: string; model: string }) => `${v.year} ${v.make} ${v.model}`;
const slideHeading = (page: Page) => page.locator('main h1');

/** Waits until the offline worker runs this page (it registers after the first paint, then claims the page). */
async function workerInCharge(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 20_000 });
}

const dataKept = (page: Page) =>
  page.evaluate(
    async (name) => ((await caches.has(name)) ? (await (await caches.open(name)).keys()).length : 0),
    CACHES.data,
  );

/** What the data store holds besides a visitor's session: its keys. */
const personalKept = (page: Page) =>
  page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const store = await caches.open(name);
    const kept = await Promise.all(
      (await store.keys()).map(async (request) => {
        const answer = (await (await store.match(request))?.json().catch(() => null)) as { user?: unknown } | null;
        return new URL(request.url).pathname === '/api/session' && answer?.user === null ? null : request.url;
      }),
    );
    return kept.filter((url) => url !== null);
  }, CACHES.data);

test('sheets opened once, and a vehicle saved for offline, open and print with the network off; sign-out leaves nothing personal', async ({
  page,
  context,
}) => {
  await signInAs(page, 'installer@demo.test', '/wiring');
  await workerInCharge(page);
  // Opened once, online: the Camry, its Firstech-style sheets, one sheet, and its print page.
  await page.locator('main form.vehicle-form').getByPlaceholder('Enter VIN').fill(camry.vin);
  await page.locator('main form.vehicle-form').getByRole('button', { name: 'Search' }).click();
  await expect(slideHeading(page)).toHaveText(`${camry.year} ${camry.make} ${camry.model}`);
  await page
    .getByRole('navigation', { name: 'Vehicle options' })
    .getByRole('link', { name: /Firstech-style/ })
    .click();
  await page.getByRole('link', { name: /^Data Bus/ }).click();
  const sheetUrl = page.url();
  await page.getByRole('link', { name: 'Print this sheet' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${camry.year} ${camry.make} ${camry.model} wiring`);
  const printUrl = page.url();
  expect(await dataKept(page)).toBeGreaterThan(3);

  // The F-150 saved for offline on purpose, before driving to the job: none of its sheets opened.
  await page.goto('/wiring');
  const form = page.locator('main form.vehicle-form');
  await form.getByPlaceholder('Enter VIN').fill(f150.vin);
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(slideHeading(page)).toHaveText(nameOf(f150));
  const f150Url = page.url();
  await page.getByRole('button', { name: OFFLINE_TEXTS.saveForOffline }).click();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_TEXTS.saved })).toBeVisible();
  // The recent list marks both as available offline.
  await page.goto('/wiring');
  await page.locator('main').getByRole('button', { name: 'Recent' }).click();
  const recent = page.getByRole('list', { name: 'Recent vehicle searches' });
  for (const vehicle of [camry, f150])
    await expect(recent.getByRole('button', { name: new RegExp(nameOf(vehicle)) })).toContainText(
      OFFLINE_TEXTS.availableOffline,
    );

  // No network: the sheet reloads from what the phone kept, with the banner saying so.
  await context.setOffline(true);
  await page.goto(sheetUrl);
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_TEXTS.banner })).toBeVisible();
  await expect(slideHeading(page)).toHaveText(/Data Bus/);
  await expect(page.getByRole('table', { name: /Data Bus/ })).toBeVisible();
  await page.goto(printUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${camry.year} ${camry.make} ${camry.model} wiring`);
  await expect(page.getByRole('checkbox', { name: /Data Bus/ })).toBeChecked();
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ format: 'Letter', printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await page.emulateMedia({ media: 'screen' });
  // The F-150's install instructions, never opened, open from what was saved.
  await page.goto(f150Url);
  await page
    .getByRole('navigation', { name: 'Vehicle options' })
    .getByRole('link', { name: /Install Instructions/ })
    .click();
  await page.getByRole('link', { name: 'Disassembly' }).first().click();
  await expect(page.locator('.instruction-list li').first()).toBeVisible();

  // Back online; sign out: the kept data is gone (the app's code, the same for everyone, stays). The sign-in
  // page may keep what a visitor's session looks like (no one signed in), so an offline start knows.
  await context.setOffline(false);
  await signOut(page);
  await expect.poll(() => personalKept(page)).toEqual([]);
});
