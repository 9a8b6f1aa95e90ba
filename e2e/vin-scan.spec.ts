import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Browser } from '@playwright/test';
import { DEMO_VEHICLES } from '../apps/server/src/seed/vehicle-demo.ts';
import { VIN_SCAN_TEXTS } from '../apps/web/src/features/vin-scan/texts.ts';
import { DEMO_PASSWORD } from './auth-helpers.ts';
import { writeVinLabelVideo } from './fake-camera.ts';

/**
 * Issue 31 item 1 in a real Chromium whose camera is a video of a door-jamb label (the Camry's VIN as a vertical
 * Code 39 with the 'I' import marker): Chromium on Linux has no BarcodeDetector, so this is the WebAssembly
 * polyfill reading real frames, served by the portal itself.
 */
const camry = DEMO_VEHICLES.find((v) => v.model === 'Camry')!;
const video = path.join(os.tmpdir(), `portal-e2e-vin-label-${process.pid}.y4m`);
let browser: Browser;

test.beforeAll(async ({ browserName: _ }, testInfo) => {
  await writeVinLabelVideo(video, `I${camry.vin}`);
  const launch = testInfo.project.use.launchOptions ?? {};
  browser = await chromium.launch({
    ...launch,
    args: [
      ...(launch.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
});
test.afterAll(() => browser?.close());

test('a phone scans the VIN on the door jamb: the field fills and the vehicle opens', async ({ baseURL }) => {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    permissions: ['camera'],
  });
  const page = await context.newPage();
  const signedIn = await page.request.post('/api/auth/sign-in', {
    data: { email: 'installer@demo.test', password: DEMO_PASSWORD, rememberMe: false },
  });
  expect(signedIn.status()).toBe(200);
  await page.goto('/wiring');
  const form = page.locator('main form.vehicle-form');
  await form.getByRole('button', { name: VIN_SCAN_TEXTS.buttonLabel }).click();
  const camera = page.getByRole('dialog', { name: VIN_SCAN_TEXTS.title });
  await expect(camera).toBeVisible();
  // The camera view closes by itself once a VIN with a right check digit is read; the 'I' is gone. The VIN fills
  // the field and runs the search at once, so the form may already have given way to the vehicle's slide (a found
  // vehicle clears the form): the Camry's slide, which only its VIN finds here, proves the field held that VIN.
  await expect(camera).toBeHidden({ timeout: 20_000 });
  await expect(page.locator('main h1')).toHaveText(`${camry.year} ${camry.make} ${camry.model}`);
  await context.close();
});
