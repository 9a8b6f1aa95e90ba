import { afterAll, beforeAll, expect, it } from 'vitest';
import { CATEGORY_NAMES, endpoints } from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { call } from '../../../test/client.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('lists the 14 categories in spec order and at least 12 brands, from the database', async () => {
  const res = await call(t.app, endpoints.catalog.menu);
  expect(res.statusCode).toBe(200);
  const menu = res.json();
  expect(menu.categories.map((c) => c.name)).toEqual([...CATEGORY_NAMES]);
  expect(menu.categories.find((c) => c.name === 'Remote Start + Security')?.slug).toBe('remote-start-plus-security');
  expect(menu.brands.length).toBeGreaterThanOrEqual(12);
  expect(new Set(menu.brands.map((b) => b.slug)).size).toBe(menu.brands.length);
  expect(res.headers['cache-control']).toBe('public, max-age=300');
});
