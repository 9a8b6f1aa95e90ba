import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './auth-helpers.ts';

/** Issue 17 §2: nothing that loads after the first paint moves the page (CLS budget 0.05). */
const CLS_BUDGET = 0.05;

interface Shift {
  value: number;
  nodes: string[];
}

/**
 * Records every layout shift from the first paint on (a PerformanceObserver set up before any script).
 * The dashboard's data comes 400 ms late, as on mobile data, so its skeletons are what paints first.
 */
async function observeShifts(page: Page) {
  await page.route(/\/api\/(?!session|auth)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.fallback();
  });
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const nodes = (entry.sources ?? []).map(({ node }) =>
          node instanceof Element
            ? `${node.tagName.toLowerCase()}.${Array.from(node.classList).join('.')}`
            : String(node),
        );
        shifts.push({ value: entry.value, nodes });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * The page's shifts once every dashboard section has its data (and a moment for late paints). The lower
 * sections ask for their data as the reader comes near (issue 31), so the reader scrolls to each in turn.
 */
async function dashboardShifts(page: Page) {
  for (const name of ['Deals', 'Coupons', 'Popular products']) {
    const section = page.getByRole('region', { name, exact: true });
    await section.scrollIntoViewIfNeeded();
    await expect(section.locator('[aria-busy="true"], .skeleton')).toHaveCount(0);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByRole('region', { name: 'Featured' })).toBeVisible();
  await page.waitForTimeout(500);
  return page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
}

function expectSteady(shifts: Shift[]) {
  const cls = shifts.reduce((total, shift) => total + shift.value, 0);
  expect(cls, `layout shifts: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(CLS_BUDGET);
}

for (const [width, height] of [
  [1280, 900],
  [360, 740],
] as const) {
  test.describe(`the dashboard does not move at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('signed out', async ({ page }) => {
      await observeShifts(page);
      await page.goto('/');
      expectSteady(await dashboardShifts(page));
    });

    test('signed in as an owner', async ({ page }) => {
      await observeShifts(page);
      await signInAs(page, 'owner@demo.test');
      await expect(page.getByText('Welcome back, ')).toBeVisible();
      expectSteady(await dashboardShifts(page));
    });
  });
}

// Lighthouse's phone (412 × 823), where the first result card stands in view as its picture arrives.
test.describe('search results do not move on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test('signed in as an owner: the business line and the pictures take no room late', async ({ page }) => {
    await observeShifts(page);
    await signInAs(page, 'owner@demo.test', '/search?s=remote');
    await expect(page.getByRole('list', { name: 'Search results' }).locator('.product-card-skeleton')).toHaveCount(0);
    await expect(page.getByText(/^Prices for /)).toBeVisible();
    await page.waitForTimeout(800);
    expectSteady(await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts));
  });
});
