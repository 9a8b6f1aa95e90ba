import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { signInAs } from './auth-helpers.ts';

// Issue 29: an installer on a 360 px phone, beside the car.
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

const stepTitle = (page: Page) => page.locator('#step-title');
const stepper = (page: Page) => page.locator('.activation-stepper');

/** From /activation to the stepper's first step: serial, ICCID digits (the serial's last four), type. */
async function startActivation(page: Page, serial: string, type = /New device/) {
  await page.goto('/activation');
  await page.getByLabel('Device ID (serial number)').fill(serial);
  await page.getByLabel('Last 4 digits of the ICCID', { exact: true }).fill(serial.slice(-4));
  await page.getByRole('button', { name: 'Check device' }).click();
  await page.getByRole('button', { name: type }).click();
  await expect(page).toHaveURL('/activation/device');
}

/** Power on, the car, the connection: up to the firmware step. */
async function upToFirmware(page: Page) {
  await expect(stepTitle(page)).toHaveText('Power on the device');
  await stepper(page).getByRole('button', { name: 'The unit is powered: check it' }).click();
  await expect(stepTitle(page)).toHaveText('Vehicle details', { timeout: 60_000 });
  await stepper(page).getByLabel('Year', { exact: true }).selectOption({ label: '2019' });
  await stepper(page).getByLabel('Make', { exact: true }).selectOption({ label: 'Toyota' });
  await stepper(page).getByLabel('Model', { exact: true }).selectOption({ label: 'Camry' });
  await stepper(page).getByRole('button', { name: 'Continue' }).click();
  await expect(stepTitle(page)).toHaveText('Verify connection');
  await stepper(page)
    .getByRole('button', { name: /continue/i })
    .click();
  await expect(stepTitle(page)).toHaveText('Firmware');
}

test.describe('activation on a phone', () => {
  test('a DR5400 without KeyLocker (10230000235) goes through every step, and a reload keeps the place', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signInAs(page, 'owner@demo.test', '/activation');
    await expect(page.getByRole('heading', { name: 'Set Serial Number' })).toBeVisible();
    await page.getByLabel('Device ID (serial number)').fill('10230000235');
    await page.getByLabel('Last 4 digits of the ICCID', { exact: true }).fill('0235');
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

    // The plan (issue 30): the owner puts Premium for two years in the cart for this device.
    await expect(stepTitle(page)).toHaveText('Plan');
    await stepper(page).getByRole('radio', { name: 'Premium', exact: true }).check();
    await stepper(page).getByLabel('Duration').selectOption('2_year');
    await expect(stepper(page).getByTestId('plan-price')).toHaveText('$269.99');
    await stepper(page).getByRole('button', { name: 'Add the plan to the cart' }).click();
    // The reward it will earn once the tests passed and the plan is paid.
    await expect(stepTitle(page)).toHaveText('Rewards');
    await expectAccessible(page);
    await stepper(page)
      .getByRole('button', { name: /^Continue/ })
      .first()
      .click();

    for (let guard = 0; guard < 5; guard++) {
      const title = (await stepTitle(page).textContent()) ?? '';
      if (title === 'Complete activation') break;
      await stepper(page).getByRole('button', { name: /^Skip/ }).first().click();
      await expect(stepTitle(page)).not.toHaveText(title);
    }

    await expect(stepTitle(page)).toHaveText('Complete activation');
    await expect(stepper(page).getByText(/Tests: 1 passed/)).toBeVisible();
    // Signed-in dealer staff name who worked on the car; the owner is chosen.
    const involved = stepper(page).getByRole('group', { name: 'Installers who worked on this car' });
    await expect(involved.getByRole('checkbox', { checked: true })).toHaveCount(1);
    await stepper(page).getByRole('button', { name: 'Complete activation' }).click();
    await expect(stepper(page).getByText('10230000235 is activated and installed.')).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The plan line it put in the owner's cart goes, so the journeys after this one find the cart as they left it.
    const removed = await page.request.delete('/api/cart/subscription-lines/10230000235');
    expect(removed.status(), await removed.text()).toBe(200);
  });

  test('the service-mode error of 10230000250 is said in words', async ({ page }) => {
    await page.goto('/activation');
    await page.getByLabel('Device ID (serial number)').fill('10230000250');
    await page.getByLabel('Last 4 digits of the ICCID', { exact: true }).fill('0250');
    await page.getByRole('button', { name: 'Check device' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'not currently in Service Mode' })).toBeVisible();
  });

  test('an FT-X1 with KeyLocker (10230000234): the firmware update shows its three steps live', async ({ page }) => {
    test.setTimeout(240_000);
    await signInAs(page, 'owner@demo.test', '/');
    await startActivation(page, '10230000234');
    await upToFirmware(page);
    const device = stepper(page).getByRole('region', { name: 'Device' });
    await device.getByRole('button', { name: 'Update Device firmware' }).click();
    await expect(device.getByText('Downloading the firmware to the unit')).toBeVisible();
    await expect(device.getByText(/In progress/).first()).toBeVisible();
    await expectAccessible(page);
    await expect(device.getByText(/Device firmware updated to/)).toBeVisible({ timeout: 150_000 });
    await expect(device.locator('.firmware-step.is-completed')).toHaveCount(3);
    const keylocker = stepper(page).getByRole('region', { name: 'KeyLocker' });
    const updateKeylocker = keylocker.getByRole('button', { name: 'Update KeyLocker firmware' });
    if (await updateKeylocker.isVisible()) {
      await updateKeylocker.click();
      await expect(keylocker.getByText(/KeyLocker firmware updated to/)).toBeVisible({ timeout: 150_000 });
    }
    await stepper(page).getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(stepTitle(page)).toHaveText('Reset KeyLocker pairing');
  });

  test('10230000260: the R42 failure says what happened and offers Retry', async ({ page }) => {
    test.setTimeout(240_000);
    await signInAs(page, 'owner@demo.test', '/');
    await startActivation(page, '10230000260');
    await upToFirmware(page);
    const device = stepper(page).getByRole('region', { name: 'Device' });
    await device.getByRole('button', { name: 'Update Device firmware' }).click();
    await expect(device.getByText(/reported that the update failed \(FOTA Result, R42\)/)).toBeVisible({
      timeout: 150_000,
    });
    await expect(device.locator('.firmware-step.is-failed')).toHaveCount(1);
    await expectAccessible(page);
    await device.getByRole('button', { name: 'Retry the Device update' }).click();
    await expect(device.getByText(/reported that the update failed/)).toBeHidden();
    await expect(device.getByText(/reported that the update failed/)).toBeVisible({ timeout: 150_000 });
    await stepper(page).getByRole('button', { name: 'Continue without the update' }).click();
    await expect(stepTitle(page)).not.toHaveText('Firmware');
  });

  test('a guest starts an activation, and a reload keeps it (its token kept on the phone)', async ({ page }) => {
    await startActivation(page, '10230000236');
    await expect(stepTitle(page)).toHaveText('Power on the device');
    await page.reload();
    await expect(stepTitle(page)).toHaveText('Power on the device');
    await expect(page.getByText(/Saved on this phone only/)).toHaveCount(0);
    await page.goto('/activation');
    await expect(page.getByRole('heading', { name: 'Activation in progress' })).toBeVisible();
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(stepTitle(page)).toHaveText('Power on the device');
    // spec 01 §2.4: the phone bar's back button, from the first step, goes to the type selection.
    await page.locator('.mobile-bar').getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL('/activation/select-activation-type');
  });

  test('replace-device: 10230000241 takes over from 10230000240 (its plan and settings)', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAs(page, 'owner@demo.test', '/');
    await startActivation(page, '10230000241', /Replace device/);
    await expect(stepTitle(page)).toHaveText('Replace device');
    await expectAccessible(page);
    await stepper(page).getByLabel('Old serial number').fill('10230000240');
    await expect(stepper(page).getByLabel(/new unit’s ICCID/)).toHaveValue('0241');
    await stepper(page).getByRole('button', { name: 'Swap and verify' }).click();
    await expect(stepper(page).getByText('The replacement is verified.')).toBeVisible({ timeout: 60_000 });
    await expect(
      stepper(page).getByText(/took over its option tables, feature settings, the Premium plan/),
    ).toBeVisible();
    await stepper(page).getByRole('button', { name: 'Continue' }).click();
    await expect(stepTitle(page)).toHaveText('Power on the device');
  });

  test('10230000270 (paused, in Service Mode) is offered replace-device only', async ({ page }) => {
    await page.goto('/activation');
    await page.getByLabel('Device ID (serial number)').fill('10230000270');
    await page.getByLabel('Last 4 digits of the ICCID', { exact: true }).fill('0270');
    await page.getByRole('button', { name: 'Check device' }).click();
    await expect(page.getByRole('button', { name: /Replace device/ })).toBeVisible();
    await expect(page.locator('.activation-type')).toHaveCount(1);
  });

  test('an FT-X1MAX (10230000236) gets the hardwire step: input and output sent to the unit', async ({ page }) => {
    test.setTimeout(180_000);
    await startActivation(page, '10230000236');
    await upToFirmware(page);
    for (let guard = 0; guard < 12; guard++) {
      const title = (await stepTitle(page).textContent()) ?? '';
      if (title === 'Hardwire (X1MAX)') break;
      const skip = stepper(page).getByRole('button', { name: /^Skip/ });
      const next = stepper(page).getByRole('button', { name: /^Continue/ });
      await expect(next.or(skip).first()).toBeVisible({ timeout: 60_000 });
      if ((await next.first().isVisible()) && (await next.first().isEnabled())) await next.first().click();
      else await skip.first().click();
      await expect(stepTitle(page)).not.toHaveText(title);
    }
    await expect(stepTitle(page)).toHaveText('Hardwire (X1MAX)');
    await stepper(page).getByLabel('Hardwired input').selectOption('High/Low');
    await stepper(page).getByLabel('Hardwired output').selectOption('Starter Kill');
    await stepper(page).getByRole('button', { name: 'Send to the device' }).click();
    await expect(stepper(page).getByText('Hardwire set: input High/Low, output Starter Kill.')).toBeVisible({
      timeout: 60_000,
    });
    await expectAccessible(page);
    await stepper(page).getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(stepTitle(page)).toHaveText('Device testing');
  });

  test('an installer account with no business to act for is told to activate as a guest', async ({ page }) => {
    await signInAs(page, 'retired@demo.test', '/activation');
    await page.getByLabel('Device ID (serial number)').fill('10230000235');
    await page.getByLabel('Last 4 digits of the ICCID', { exact: true }).fill('0235');
    await page.getByRole('button', { name: 'Check device' }).click();
    await expect(page.getByText('Invalid Installer Account. Please activate as guest.')).toBeVisible();
    await expect(page).toHaveURL('/activation');
  });

  test('offline mid-step: the step says so and waits; back online it goes on', async ({ page, context }) => {
    await startActivation(page, '10230000236');
    await expect(stepTitle(page)).toHaveText('Power on the device');
    await context.setOffline(true);
    await expect(page.getByText('You are offline. This step will wait until the connection is back.')).toBeVisible();
    await expect(stepper(page).getByRole('button', { name: 'The unit is powered: check it' })).toBeDisabled();
    await context.setOffline(false);
    await expect(page.getByText('You are offline. This step will wait until the connection is back.')).toBeHidden();
    await stepper(page).getByRole('button', { name: 'The unit is powered: check it' }).click();
    await expect(stepTitle(page)).toHaveText('Vehicle details', { timeout: 60_000 });
  });
});
