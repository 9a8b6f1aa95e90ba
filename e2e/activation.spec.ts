import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { signInAs } from './auth-helpers.ts';

// Issue 29: an installer on a 360 px phone, beside the car.
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

const stepTitle = (page: Page) => page.locator('#step-title');
const stepper = (page: Page) => page.locator('.activation-stepper');

test.describe('activation on a phone', () => {
  test('a DR5400 without KeyLocker (10230000235) goes through every step, and a reload keeps the place', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signInAs(page, 'owner@demo.test', '/activation');
    await expect(page.getByRole('heading', { name: 'Set Serial Number' })).toBeVisible();
    await page.getByLabel('Device ID (serial number)').fill('10230000235');
    await page.getByLabel('Last 4 digits of the ICCID').fill('0235');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Check device' }).click();

    await expect(page).toHaveURL('/activation/select-activation-type');
    await expect(page.getByRole('button', { name: /New device/ })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: /New device/ }).click();

    await expect(page).toHaveURL('/activation/device');
    await expect(stepTitle(page)).toHaveText('Power on the device');
    await expect(page.getByText(/Step 1 of \d+/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Device status' })).toBeVisible();
    await expectAccessible(page);
    await stepper(page).getByRole('button', { name: 'The unit is powered: check it' }).click();

    await expect(stepTitle(page)).toHaveText('Vehicle details', { timeout: 60_000 });
    await stepper(page).getByLabel('Year', { exact: true }).selectOption({ label: '2018' });
    await stepper(page).getByLabel('Make', { exact: true }).selectOption({ label: 'Honda' });
    await stepper(page).getByLabel('Model', { exact: true }).selectOption({ label: 'Civic' });
    await stepper(page).getByRole('button', { name: 'Continue' }).click();

    await expect(stepTitle(page)).toHaveText('Verify connection');
    await expectAccessible(page);
    await stepper(page)
      .getByRole('button', { name: /continue/i })
      .click();

    await expect(stepTitle(page)).toHaveText('Firmware');
    // A reload in the middle resumes at the same step.
    await page.reload();
    await expect(stepTitle(page)).toHaveText('Firmware');
    await expect(
      stepper(page)
        .getByText(/up to date/)
        .first(),
    ).toBeVisible();
    await expectAccessible(page);
    await stepper(page).getByRole('button', { name: 'Continue' }).click();

    // The settings steps, left as they are; steps without a screen yet are skipped.
    for (let guard = 0; guard < 10; guard++) {
      const title = (await stepTitle(page).textContent()) ?? '';
      if (title === 'Device testing') break;
      const skip = stepper(page).getByRole('button', { name: /^Skip/ });
      const next = stepper(page).getByRole('button', { name: 'Continue', exact: true });
      await expect(next.or(skip).first()).toBeVisible();
      if ((await next.isVisible()) && (await next.isEnabled())) await next.click();
      else await skip.first().click();
      await expect(stepTitle(page)).not.toHaveText(title);
    }

    await expect(stepTitle(page)).toHaveText('Device testing');
    await expect(stepper(page).getByRole('heading', { name: 'Reset Device Settings' })).toHaveCount(0);
    const arm = stepper(page).getByRole('listitem', { name: 'Arm' });
    await arm.getByRole('button', { name: 'Run Arm' }).click();
    await expect(arm.getByText('Passed')).toBeVisible({ timeout: 60_000 });
    // Remote Start asks first.
    const remoteStart = stepper(page).getByRole('listitem', { name: 'Remote Start' });
    await remoteStart.getByRole('button', { name: 'Run Remote Start' }).click();
    await expect(remoteStart.getByText(/The engine will start/)).toBeVisible();
    await remoteStart.getByRole('button', { name: 'Cancel' }).click();
    await expectAccessible(page);
    await stepper(page)
      .getByRole('button', { name: /continue/ })
      .click();

    for (let guard = 0; guard < 5; guard++) {
      const title = (await stepTitle(page).textContent()) ?? '';
      if (title === 'Complete activation') break;
      await stepper(page).getByRole('button', { name: /^Skip/ }).first().click();
      await expect(stepTitle(page)).not.toHaveText(title);
    }

    await expect(stepTitle(page)).toHaveText('Complete activation');
    await expect(stepper(page).getByText(/Tests: 1 passed/)).toBeVisible();
    await stepper(page).getByRole('button', { name: 'Complete activation' }).click();
    await expect(stepper(page).getByText('10230000235 is activated and installed.')).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('the service-mode error of 10230000250 is said in words', async ({ page }) => {
    await page.goto('/activation');
    await page.getByLabel('Device ID (serial number)').fill('10230000250');
    await page.getByLabel('Last 4 digits of the ICCID').fill('0250');
    await page.getByRole('button', { name: 'Check device' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'not currently in Service Mode' })).toBeVisible();
  });
});
