import { expect, test, type Page } from '@playwright/test';
import { messages } from '../packages/contracts/src/index.ts';
import { DEMO_VEHICLES } from '../apps/server/src/seed/vehicle-demo.ts';
import { expectAccessible } from './a11y.ts';
import { signInAs, signOut } from './auth-helpers.ts';

const nameOf = (v: { year: number; make: string; model: string }) => `${v.year} ${v.make} ${v.model}`;
const camry = DEMO_VEHICLES.find((v) => v.model === 'Camry')!;

const form = (page: Page) => page.locator('main form.vehicle-form');
const slideHeading = (page: Page) => page.locator('main h1');
const alertBar = (page: Page) => page.locator('.alert-bar');

async function openWiring(page: Page) {
  await signInAs(page, 'installer@demo.test', '/wiring');
  await expect(page.getByRole('heading', { level: 1, name: messages.vehicleFormTitle })).toBeVisible();
}

/** The year/make/model cascade: each choice waits for the next list (spec 01 §4). */
async function chooseVehicle(page: Page, v: { year: number; make: string; model: string }) {
  await form(page).getByLabel('Select Year').selectOption(String(v.year));
  const make = form(page).getByLabel('Select Make');
  await expect(make).toBeEnabled();
  await make.selectOption({ label: v.make });
  const model = form(page).getByLabel('Select Model');
  await expect(model).toBeEnabled();
  await model.selectOption({ label: v.model });
}

async function searchCamry(page: Page) {
  await chooseVehicle(page, camry);
  await form(page).getByRole('button', { name: 'Search' }).click();
  await expect(slideHeading(page)).toHaveText(nameOf(camry));
}

test.describe('vehicle search (spec 01 §2.6, §4, §5)', () => {
  test('year, make and model find each demo vehicle and open its slide with its data; Recent keeps five', async ({
    page,
  }) => {
    await openWiring(page);
    const search = form(page).getByRole('button', { name: 'Search' });
    await expect(search).toBeDisabled();
    for (const vehicle of DEMO_VEHICLES) {
      await chooseVehicle(page, vehicle);
      await search.click();
      await expect(page).toHaveURL(/\/wiring\?vehicle=\d{4},[^&]+,[^&]+&slide=vehicle$/);
      await expect(slideHeading(page)).toHaveText(nameOf(vehicle));
      await expect(page.getByRole('complementary', { name: 'Tech tip' })).toContainText(vehicle.tip);
      await expect(page.getByRole('navigation', { name: 'Vehicle options' }).getByRole('link')).toHaveText([
        /Firstech-style Wiring Diagrams/,
        /iDatawire-style Wiring Diagrams/,
        /3rd Party Wiring Diagrams/,
        /Install Instructions/,
        /Compatible Modules/,
        /T-harnesses/,
        /Installer Guides/,
      ]);
      await page.goBack();
      await expect(form(page)).toBeVisible();
      // The form keeps the last search (spec 01 §4: a successful search saves selections).
      await expect(form(page).getByLabel('Select Model')).toHaveValue(/.+/);
    }

    // spec 01 §9: five recent searches, newest first.
    await form(page).getByRole('button', { name: 'Recent' }).click();
    const recent = page.getByRole('list', { name: 'Recent vehicle searches' });
    await expect(recent.getByRole('button')).toHaveText(DEMO_VEHICLES.slice(-5).reverse().map(nameOf));
    const stored = await page.evaluate(() => window.localStorage.getItem('portal.recentVehicleSearches'));
    expect(JSON.parse(stored!)).toHaveLength(5);
    // A recent search runs again and moves to the top, once.
    const older = DEMO_VEHICLES.at(-3)!;
    await recent.getByRole('button', { name: nameOf(older) }).click();
    await expect(slideHeading(page)).toHaveText(nameOf(older));
    await page.goBack();
    await form(page).getByRole('button', { name: 'Recent' }).click();
    await expect(recent.getByRole('button').first()).toHaveText(nameOf(older));
    await expect(recent.getByRole('button')).toHaveCount(5);

    // spec 01 §4: logout clears the recent vehicle searches.
    await signOut(page);
    expect(await page.evaluate(() => window.localStorage.getItem('portal.recentVehicleSearches'))).toBeNull();
  });

  test('a VIN finds each demo vehicle; a VIN clears the year and a year clears the VIN', async ({ page }) => {
    await openWiring(page);
    const vin = form(page).getByPlaceholder('Enter VIN');
    for (const vehicle of DEMO_VEHICLES) {
      // Spaces around a pasted VIN are trimmed (spec 01 §5).
      await vin.fill(`  ${vehicle.vin} `);
      await form(page).getByRole('button', { name: 'Search' }).click();
      await expect(slideHeading(page)).toHaveText(nameOf(vehicle));
      await page.goBack();
      await expect(form(page)).toBeVisible();
    }
    await vin.fill('');
    await form(page).getByLabel('Select Year').selectOption('2019');
    await vin.fill('4T1');
    await expect(form(page).getByLabel('Select Year')).toHaveValue('');
    await expect(form(page).getByLabel('Select Make')).toBeDisabled();
    await form(page).getByLabel('Select Year').selectOption('2019');
    await expect(vin).toHaveValue('');
  });

  test('a VIN nobody knows shows the spec’s message and keeps the form', async ({ page }) => {
    await openWiring(page);
    const vin = form(page).getByPlaceholder('Enter VIN');
    await vin.fill('1HGCM82633A004352X');
    await form(page).getByRole('button', { name: 'Search' }).click();
    await expect(alertBar(page)).toContainText(messages.vinNotFound);
    await expect(page).toHaveURL('/wiring');
    await expect(vin).toHaveValue('1HGCM82633A004352X');
    // Any change clears the alert (spec 01 §4).
    await form(page).getByLabel('Select Year').selectOption('2018');
    await expect(alertBar(page)).not.toContainText(messages.vinNotFound);
  });

  test('a broken history entry or address says what is missing', async ({ page }) => {
    await openWiring(page);
    await page.goto('/wiring?vehicle=2019,toyota&slide=vehicle');
    await expect(page.getByText(messages.missingVehicleDetails)).toBeVisible();
    await page.getByRole('link', { name: 'Search for another vehicle' }).click();
    await expect(page).toHaveURL('/wiring');
  });

  test('the top bar’s vehicle menu searches from any page', async ({ page }) => {
    await signInAs(page, 'installer@demo.test');
    await page.locator('.top-nav').getByRole('button', { name: 'Vehicle Search' }).click();
    const compact = page.locator('.top-nav form.vehicle-form');
    await expect(compact.getByLabel('Select Year')).toBeVisible();
    await expectAccessible(page);
    await compact.getByPlaceholder('Enter VIN').fill(camry.vin);
    await compact.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/wiring\?vehicle=.+&slide=vehicle/);
    await expect(slideHeading(page)).toHaveText(nameOf(camry));
    await expect(compact).toBeHidden();
  });
});

test.describe('wiring slides (spec 01 §2.6)', () => {
  test('every slide of a vehicle is reachable and the browser steps back through them', async ({ page }) => {
    await openWiring(page);
    await searchCamry(page);
    const vehicleUrl = page.url();
    const option = (name: string) =>
      page.getByRole('navigation', { name: 'Vehicle options' }).getByRole('link', { name: new RegExp(name) });

    // Firstech-style: categories (with push-to-start and standard-key variants), then a sheet.
    await option('Firstech-style').click();
    await expect(slideHeading(page)).toHaveText('Firstech-style Wiring Diagrams');
    await expect(slideHeading(page)).toBeFocused();
    await expect(page.getByRole('link', { name: /^Push-to-Start\. Ignition Harness/ })).toBeVisible();
    await page.getByRole('link', { name: /^Std\. Key\. Ignition Harness/ }).click();
    await expect(slideHeading(page)).toHaveText('Std. Key. Ignition Harness');
    const table = page.getByRole('table', { name: /Std\. Key\. Ignition Harness wiring/ });
    await expect(table.getByRole('rowheader', { name: '12V Constant' })).toBeVisible();
    await expect(table).toContainText('Black/Yellow');
    // One trail, starting at Home; the sheet takes the page's width and keeps its words whole (issue 15 §10).
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Wiring steps' }).getByRole('listitem').first()).toHaveText(
      'Home',
    );
    expect((await table.boundingBox())!.width).toBeGreaterThan(1000);
    expect(
      await table.evaluate((sheet) => {
        const broken: string[] = [];
        const walker = document.createTreeWalker(sheet, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          // A word may wrap after a slash ('Blue/' 'Black'), never inside itself ('Blac' 'k').
          for (const match of node.textContent!.matchAll(/[^\s/]+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
            if (lines.size > 1) broken.push(match[0]);
          }
        }
        return broken;
      }),
    ).toEqual([]);
    await expectAccessible(page);
    await page.goBack();
    await expect(slideHeading(page)).toHaveText('Firstech-style Wiring Diagrams');
    await page.goBack();
    await expect(page).toHaveURL(vehicleUrl);

    // The wiring trail steps up as well.
    await option('Install Instructions').click();
    await expect(slideHeading(page)).toHaveText('Install Instructions');
    await page.getByRole('link', { name: 'Disassembly' }).first().click();
    await expect(page.locator('.instruction-list li').first()).toContainText('Disconnect the negative battery');
    await page
      .getByRole('navigation', { name: 'Wiring steps' })
      .getByRole('link', { name: 'Install Instructions' })
      .click();
    await expect(slideHeading(page)).toHaveText('Install Instructions');
    await page
      .getByRole('navigation', { name: 'Wiring steps' })
      .getByRole('link', { name: nameOf(camry) })
      .click();
    await expect(page).toHaveURL(vehicleUrl);

    // iDatawire-style and 3rd party: by trim.
    await option('iDatawire-style').click();
    await expect(slideHeading(page)).toHaveText('iDatawire-style Wiring Diagrams');
    const trims = page.locator('main .option-list').first().getByRole('link');
    await expect(trims.first()).toBeVisible();
    // Trims read as the vehicle spells them ('LE'), not as iDatawire keys them ('le').
    for (const label of await trims.locator('.option-label').allTextContents())
      expect(label).not.toBe(label.toLowerCase());
    await trims.first().click();
    await expect(page).toHaveURL(/slide=ads-wiring-results/);
    await expect(page.getByRole('table')).toBeVisible();
    await page.goBack();
    // iDatawire modules by trim, then one module's features (the 'ads product' slide).
    await page.locator('main .option-list').nth(1).getByRole('link').first().click();
    await expect(page).toHaveURL(/slide=ads-product-results/);
    await page.locator('main .option-link').first().click();
    await expect(page).toHaveURL(/slide=ads-product&/);
    await expect(page.locator('.features')).toContainText(/Cloning(Yes|No)/);
    // Its accessories: named by the product, under the iDatawire trail (issue 15 §10).
    const moduleName = await slideHeading(page).textContent();
    await page.getByRole('link', { name: 'Shop accessories' }).click();
    await expect(slideHeading(page)).toHaveText('Accessories');
    await expect(page.locator('.slide-sub')).toHaveText(`${moduleName} · ${nameOf(camry)}`);
    await expect(page.getByRole('navigation', { name: 'Wiring steps' }).getByRole('listitem')).toHaveText([
      'Home',
      'Vehicle Search',
      nameOf(camry),
      'iDatawire-style Wiring Diagrams',
      'Products',
      'Product',
      'Accessories',
    ]);
    await page.goBack();
    await page.goBack();
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(vehicleUrl);
    await option('3rd Party').click();
    await expect(slideHeading(page)).toHaveText('3rd Party Wiring Diagrams');
    await page.locator('main .option-link').first().click();
    await expect(page).toHaveURL(/slide=automob-wiring-results/);
    await expect(page.getByRole('table').getByRole('rowheader').first()).toBeVisible();
    await page.goBack();
    await page.goBack();

    // Compatible modules: product cards at the session's prices, then features and accessories.
    await option('Compatible Modules').click();
    const cards = page.getByRole('list', { name: 'Compatible modules' }).getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    await expect(cards.first().locator('.price-amount')).toHaveText(/^\$[\d,]+\.\d\d$/);
    await page
      .getByRole('link', { name: / features$/ })
      .first()
      .click();
    await expect(page.locator('.features')).toContainText(/Cloning(Yes|No)/);
    await expect(page.locator('.features')).toContainText('Keys for install');
    await expect(page.locator('.features')).toContainText('Keys for programming');
    // Every demo module lists accessories (seed: vehicle-folders.ts).
    await page.getByRole('link', { name: 'Shop accessories' }).click();
    await expect(slideHeading(page)).toHaveText('Accessories');
    const accessories = page.getByRole('list', { name: 'Accessories' }).getByRole('listitem');
    await expect(accessories.first().locator('.price-amount')).toHaveText(/^\$[\d,]+\.\d\d$/);
    await page.goBack();
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(vehicleUrl);

    // T-harnesses: the vehicle's list, and a product search that needs a term.
    await option('T-harnesses').click();
    await expect(slideHeading(page)).toHaveText('T-harnesses');
    const harnessSearch = page.getByRole('search', { name: 'T-harness product search' });
    await expect(harnessSearch.getByRole('button', { name: 'Search' })).toBeDisabled();
    await harnessSearch.getByLabel('Search T-harness products').fill('harness');
    await harnessSearch.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/slide=t-harness-search&q=harness/);
    await expect(
      page.getByRole('list', { name: 'T-harness products' }).or(page.getByText('No T-harness matches')),
    ).toBeVisible();
    await page.goBack();
    await page.goBack();

    // Installer guides.
    await option('Installer Guides').click();
    await expect(page.getByText(camry.guide.title)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(vehicleUrl);
  });

  test('the folder browser lists root folders and opens one by slug', async ({ page }) => {
    await openWiring(page);
    await page.getByRole('link', { name: 'Browse the document folders' }).click();
    await expect(slideHeading(page)).toHaveText('Folders');
    const folders = page.getByRole('list', { name: 'Folders' }).getByRole('link');
    await expect(folders.first()).toBeVisible();
    const name = (await folders.first().locator('.option-label').textContent())!;
    await folders.first().click();
    await expect(page).toHaveURL(/slide=folders&folder=[a-z0-9-]+$/);
    await expect(slideHeading(page)).toHaveText(name);
    await expectAccessible(page);
    await page.goBack();
    await expect(slideHeading(page)).toHaveText('Folders');
    await page.goto('/wiring?slide=folders&folder=no-such-folder');
    await expect(page.getByRole('heading', { name: 'No such folder' })).toBeVisible();
  });

  test('search and vehicle slides are accessible', async ({ page }) => {
    await openWiring(page);
    await expectAccessible(page);
    await searchCamry(page);
    await expectAccessible(page);
  });
});

test.describe('printing (spec 01 §2.6 /wiring/print, /installer-guides)', () => {
  test('print selected and print all; the PDF holds the sheets without the page chrome', async ({ page }) => {
    await openWiring(page);
    await searchCamry(page);
    await page
      .getByRole('navigation', { name: 'Vehicle options' })
      .getByRole('link', { name: /Firstech-style/ })
      .click();
    await page.getByRole('link', { name: /^Data Bus/ }).click();
    await page.getByRole('link', { name: 'Print this sheet' }).click();
    await expect(page).toHaveURL(/\/wiring\/print\?vehicle=.+&slide=internal-wiring-results&category=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${nameOf(camry)} wiring`);
    // The sheet the user came from is the one ticked.
    await expect(page.getByRole('button', { name: 'Print selected (1)' })).toBeEnabled();
    const total = await page.getByRole('checkbox').count();
    expect(total).toBeGreaterThan(2);
    await expect(page.getByRole('checkbox', { name: /Data Bus/ })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Print all' })).toBeVisible();
    await expectAccessible(page);

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print all' })).toBeHidden();
    await expect(page.locator('.print-item.is-unselected').first()).toBeHidden();
    await expect(page.locator('.wire-table th').first()).toHaveCSS('border-top-style', 'solid');
    const selected = await page.pdf({ format: 'Letter', printBackground: true });
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('button', { name: 'Select all' }).click();
    await page.emulateMedia({ media: 'print' });
    const all = await page.pdf({ format: 'Letter', printBackground: true });
    const pages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length ?? 0;
    expect(selected.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages(selected)).toBe(1);
    // Each sheet starts a new page.
    expect(pages(all)).toBeGreaterThanOrEqual(total);
  });

  test('installer guides print the vehicle’s guides', async ({ page }) => {
    await openWiring(page);
    await searchCamry(page);
    await page
      .getByRole('navigation', { name: 'Vehicle options' })
      .getByRole('link', { name: /Installer Guides/ })
      .click();
    await page.getByRole('link', { name: 'Read and print the guides' }).click();
    await expect(page).toHaveURL(/\/installer-guides\?vehicle=/);
    await expect(page.getByRole('heading', { level: 2, name: camry.guide.title })).toBeVisible();
    await expect(page.getByRole('button', { name: /Print selected/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print all' })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/installer-guides');
    await expect(
      page.getByRole('list', { name: 'Recent vehicles' }).getByRole('link', { name: nameOf(camry) }),
    ).toBeVisible();
  });
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('wiring sheets stack into cards; nothing scrolls sideways; taps are large; back steps up', async ({ page }) => {
    await openWiring(page);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    // Polled: the slide that brings a step in moves sideways for a moment (a lasting overflow still fails).
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    await form(page).getByPlaceholder('Enter VIN').fill(camry.vin);
    await form(page).getByRole('button', { name: 'Search' }).click();
    await expect(slideHeading(page)).toHaveText(nameOf(camry));
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('link', { name: /Firstech-style/ }).click();
    await page.getByRole('link', { name: /^Std\. Key\. Ignition Harness/ }).click();
    const row = page.getByRole('table').locator('tbody tr').first();
    await expect(row).toBeVisible();
    expect(await row.evaluate((el) => getComputedStyle(el).display)).toBe('block');
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    for (const target of await page.locator('main a, main button, main select, main input').all()) {
      if (!(await target.isVisible())) continue;
      const box = (await target.boundingBox())!;
      expect(box.height, `${await target.textContent()} is too small to tap`).toBeGreaterThanOrEqual(44);
    }
    await expectAccessible(page);
    // The mobile bar's back button follows the wiring trail (spec 01 §2.4).
    await page.locator('.mobile-bar').getByRole('button', { name: 'Back' }).click();
    await expect(slideHeading(page)).toHaveText('Firstech-style Wiring Diagrams');
  });
});
