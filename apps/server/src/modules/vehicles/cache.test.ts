import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { endpoints, type BodyOf, type Endpoint } from '@portal/contracts';
import { countQueries, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs, type TestClient } from '../../../test/client.ts';
import { products } from '../catalog/schema.ts';
import { vehicleCategories, vehicleModels, vehicles } from './schema.ts';

// issue 17: the wiring page's read-only calls are answered from caches that the database's 'vehicles'
// notices (migration 0020) keep: an answer asked before reads nothing, a change shows in the next one.

let t: TestContext;
let client: TestClient;
let queries: ReturnType<typeof countQueries>;
const camryKey = { year: 2019, makeId: 'toyota', modelId: 'toyota-camry' };
beforeAll(async () => {
  t = await createTestApp();
  client = await signedInAs(t.app, 'installer@demo.test');
  queries = countQueries();
});
afterAll(async () => {
  queries.stop();
  await t.close();
});
afterEach(() => queries.reset());

/** The answer of a call that must succeed. */
const post = async <E extends Endpoint>(endpoint: E, body: BodyOf<E>) => {
  const res = await client.call(endpoint, { body });
  expect(res.statusCode, `${endpoint.path} ${res.body}`).toBe(200);
  return res.json();
};
const info = () => post(endpoints.vehicles.vehicleInfo, camryKey);
/** What the very next request sees after a write the test made itself (not a request). */
const afterWrite = async <T>(write: () => Promise<unknown>, ask: () => Promise<T>) => {
  await write();
  await t.noticed();
  return ask();
};

describe('the wiring calls from the vehicle caches', () => {
  it('read nothing from the database when asked again', async () => {
    const first = await info();
    const firstModels = await post(endpoints.vehicles.yearMakeModel, {
      year: 2019,
      makeId: 'toyota',
    });
    const firstWiring = await post(endpoints.vehicles.internalWiring, camryKey);
    await t.noticed();
    queries.reset();
    expect(await info()).toEqual(first);
    expect(await post(endpoints.vehicles.yearMakeModel, { year: 2019, makeId: 'toyota' })).toEqual(firstModels);
    expect(await post(endpoints.vehicles.internalWiring, camryKey)).toEqual(firstWiring);
    // The session read and the actor are cached too: the requests asked the database nothing.
    expect(queries.asked).toEqual([]);
  });

  it('show a change to the vehicle data in the very next answer', async () => {
    const before = await info();
    const tip = `${before.description ?? ''} (checked)`;
    const changed = await afterWrite(
      () => t.db.update(vehicles).set({ description: tip }).where(eq(vehicles.id, before.id)),
      info,
    );
    expect(changed.description).toBe(tip);

    const [category] = before.wiring_categories;
    const renamed = await afterWrite(
      () =>
        t.db
          .update(vehicleCategories)
          .set({ title: 'Renamed wiring' })
          .where(and(eq(vehicleCategories.id, category!.id), eq(vehicleCategories.vehicleId, before.id))),
      info,
    );
    expect(renamed.wiring_categories[0]!.title).toContain('Renamed wiring');
    const wiring = await post(endpoints.vehicles.internalWiring, camryKey);
    expect(wiring.results[0]!.title).toContain('Renamed wiring');

    const models = await afterWrite(
      () => t.db.update(vehicleModels).set({ name: 'Camry Hybrid' }).where(eq(vehicleModels.id, 'toyota-camry')),
      () => post(endpoints.vehicles.yearMakeModel, { year: 2019, makeId: 'toyota' }),
    );
    expect(models.results.map((m) => m.name)).toContain('Camry Hybrid');
  });

  it("show a change to a harness's name (the catalog's) in the very next answer", async () => {
    const before = await info();
    const harness = before.t_harnesses.find((h) => h.name !== h.sku);
    expect(harness, 'the Camry lists a harness the catalog names').toBeDefined();
    const after = await afterWrite(
      () => t.db.update(products).set({ name: 'Renamed harness' }).where(eq(products.sku, harness!.sku)),
      info,
    );
    expect(after.t_harnesses.find((h) => h.sku === harness!.sku)?.name).toBe('Renamed harness');
  });
});
