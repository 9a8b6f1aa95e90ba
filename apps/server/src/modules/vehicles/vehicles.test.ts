import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endpoints,
  lastVehicleYear,
  messages,
  type VehicleInfo,
  type VehicleOption,
  type BodyOf,
} from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { testClient, unchecked } from '../../../test/client.ts';
import { DEMO_VEHICLES } from '../../seed/vehicle-demo.ts';
import { REAL_VINS } from '../../../test/real-vins.ts';

let t: TestContext;
let client: ReturnType<typeof testClient>;
beforeAll(async () => {
  t = await createTestApp();
  client = testClient(t.app);
  await client.signIn('installer@demo.test');
});
afterAll(() => t.close());

const options = async (body: BodyOf<typeof endpoints.vehicles.yearMakeModel>) => {
  const res = await client.call(endpoints.vehicles.yearMakeModel, { body });
  expect(res.statusCode).toBe(200);
  return (res.json() as { results: VehicleOption[] }).results;
};
const info = async (year: number, makeId: string, modelId: string) =>
  client.call(endpoints.vehicles.vehicleInfo, { body: { year, makeId, modelId } });

describe('POST /api/year-make-model', () => {
  it('lists makes of a year, then models of a year and make, as name/value options', async () => {
    const makes = await options({ year: 2019 });
    expect(makes.length).toBeGreaterThanOrEqual(30);
    expect(makes).toContainEqual({ name: 'Toyota', value: 'toyota', id: 'toyota' });
    expect([makes[0]!.name, makes.at(-1)!.name]).toEqual(['Acura', 'Volvo']);
    const models = await options({ year: '2019', makeId: 'toyota' });
    expect(models.map((m) => m.name)).toContain('Camry');
    expect(models.map((m) => m.name)).not.toContain('Celica');
  });

  it('covers next year down to 1940 with at least 40 makes overall', async () => {
    expect((await options({ year: lastVehicleYear() })).length).toBeGreaterThan(20);
    const oldest = await options({ year: 1940 });
    expect(oldest.map((m) => m.name)).toEqual(expect.arrayContaining(['Ford', 'Chevrolet', 'Packard', 'Studebaker']));
    const all = new Set<string>();
    for (const year of [1940, 1960, 1975, 1990, 2005, 2019, lastVehicleYear()])
      (await options({ year })).forEach((m) => all.add(m.value));
    expect(all.size).toBeGreaterThanOrEqual(40);
  });

  it('refuses years outside the range and bad input with field errors; unknown makes are 404', async () => {
    for (const body of [
      {},
      { year: 1939 },
      { year: lastVehicleYear() + 1 },
      { year: 'abc' },
      { year: 2019.5 },
      { year: 2019, makeId: '' },
    ]) {
      const res = await client.call(endpoints.vehicles.yearMakeModel, { body: unchecked(body) });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toHaveProperty('validation');
    }
    const res = await client.call(endpoints.vehicles.yearMakeModel, { body: { year: 2019, makeId: 'no-such-make' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: messages.notFound });
  });

  it('answers a guest too (the activation’s vehicle step: optional login); the wiring itself needs a session', async () => {
    const guest = testClient(t.app);
    const res = await guest.call(endpoints.vehicles.yearMakeModel, { body: { year: 2019 } });
    expect(res.statusCode, res.body).toBe(200);
    const decoded = await guest.call(endpoints.vehicles.decodeVin, { body: { VIN: DEMO_VEHICLES[0]!.vin } });
    expect(decoded.statusCode, decoded.body).toBe(200);
    const wiring = await guest.call(endpoints.vehicles.vehicleInfo, {
      body: unchecked({ year: 2019, makeId: 'x', modelId: 'y' }),
    });
    expect(wiring.statusCode).toBe(401);
  });
});

describe('POST /api/dot-vehicle-by-vin', () => {
  it.each(DEMO_VEHICLES.map((v) => [v.vin, v] as const))('decodes %s to its demo vehicle', async (vin, v) => {
    const res = await client.call(endpoints.vehicles.decodeVin, { body: { VIN: ` ${vin.toLowerCase()} ` } });
    expect(res.statusCode).toBe(200);
    const answer = res.json() as { ModelYear: string; Make: string; Model: string };
    expect(answer.ModelYear).toBe(String(v.year));
    // spec 01 §5: the web matches make and model to the cascade by case-insensitive name.
    const make = (await options({ year: v.year })).find((m) => m.name.toLowerCase() === answer.Make.toLowerCase());
    const model = (await options({ year: v.year, makeId: make!.value })).find(
      (m) => m.name.toLowerCase() === answer.Model.toLowerCase(),
    );
    expect(model?.name).toBe(v.model);
  });

  // issue 15 §8: real VINs of cars the cascade lists find them; answers use the cascade's names.
  it.each(REAL_VINS.filter((v) => v.at(-1) !== null))(
    'decodes the real VIN %s to the cascade’s %i %s (vPIC: %s) %s',
    async (vin, year, make, _vpicModel, model) => {
      const res = await client.call(endpoints.vehicles.decodeVin, { body: { VIN: vin } });
      expect(res.statusCode, vin).toBe(200);
      expect(res.json()).toEqual({ ModelYear: String(year), Make: make, Model: model });
      // spec 01 §5: the web finds them among the year/make/model options by case-insensitive name.
      const makes = await options({ year });
      const makeId = makes.find((m) => m.name.toLowerCase() === make.toLowerCase())!.value;
      expect((await options({ year, makeId })).map((m) => m.name)).toContain(model);
    },
  );

  it.each(REAL_VINS.filter((v) => v.at(-1) === null))(
    'answers the spec message for %s, a %i %s %s the cascade does not list',
    async (vin) => {
      const res = await client.call(endpoints.vehicles.decodeVin, { body: { VIN: vin } });
      expect(res.statusCode, vin).toBe(404);
      expect(res.json()).toEqual({ detail: messages.vinNotFound });
    },
  );

  it('answers the spec message for a wrong check digit, an unknown maker or model, or a malformed VIN', async () => {
    const camry = DEMO_VEHICLES[0]!.vin;
    const wrongCheck = `${camry.slice(0, 8)}${camry[8] === '0' ? '1' : '0'}${camry.slice(9)}`;
    for (const VIN of [wrongCheck, '1M8GDM9AXKP042788', 'ABC', `${camry.slice(0, 16)}I`, 'X'.repeat(32)]) {
      const res = await client.call(endpoints.vehicles.decodeVin, { body: { VIN } });
      expect(res.statusCode, VIN).toBe(404);
      expect(res.json()).toEqual({ detail: messages.vinNotFound });
    }
  });

  it('asks for a VIN when none is given', async () => {
    const res = await client.call(endpoints.vehicles.decodeVin, { body: { VIN: '  ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ validation: [{ field: 'VIN', messages: [messages.provideVin] }] });
  });

  it('answers 503 with the spec message when the decoder is unavailable', async () => {
    const down = await createTestApp({ VPIC_UNAVAILABLE: '1' });
    try {
      const other = testClient(down.app);
      await other.signIn('installer@demo.test');
      const res = await other.call(endpoints.vehicles.decodeVin, { body: { VIN: DEMO_VEHICLES[0]!.vin } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: messages.vinUnavailable });
      expect((await other.call(endpoints.vehicles.yearMakeModel, { body: { year: 2019 } })).statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });
});

describe('POST /api/vehicle-info', () => {
  it.each(DEMO_VEHICLES.map((v) => [`${v.year} ${v.make} ${v.model}`, v] as const))(
    'answers %s with wiring, instructions, harnesses, documents, modules and guides',
    async (_name, v) => {
      const makeId = (await options({ year: v.year })).find((m) => m.name === v.make)!.value;
      const modelId = (await options({ year: v.year, makeId })).find((m) => m.name === v.model)!.value;
      const res = await info(v.year, makeId, modelId);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toMatch(/private/);
      const body = res.json() as VehicleInfo;
      expect(body).toMatchObject({
        year: v.year,
        make: { name: v.make },
        model: { name: v.model },
        description: v.tip,
      });
      expect(body.mirrors_vehicle).toBeNull();
      expect(body.wiring_categories.length).toBe(v.wiring.length);
      expect(body.wiring_categories.flatMap((c) => c.wires).length).toBeGreaterThan(5);
      expect(body.instruction_categories.length).toBeGreaterThan(0);
      expect(body.t_harnesses.length).toBeGreaterThan(0);
      expect(body.productSkus.length).toBeGreaterThan(0);
      expect(body.vehicle_documents.length).toBeGreaterThan(0);
      expect(body.guides.length).toBe(1);
      expect(body.hasExternalWiring).toBe(true);
    },
  );

  it('splits the 2019 Camry into push-to-start and standard-key variants', async () => {
    const body = (await info(2019, 'toyota', 'toyota-camry')).json() as VehicleInfo;
    expect(body.variants.sort()).toEqual(['pts', 'sk']);
    const pts = body.wiring_categories.find((c) => c.id.endsWith('-pts'))!;
    const sk = body.wiring_categories.find((c) => c.id.endsWith('-sk'))!;
    expect(pts).toMatchObject({ variant: 'pts', title: 'Push-to-Start. Ignition Harness' });
    expect(sk).toMatchObject({ variant: 'sk', title: 'Std. Key. Ignition Harness' });
    expect(pts.wires.map((w) => w.function)).toContain('Start/Stop Button');
    expect(sk.wires.map((w) => w.function)).toContain('Starter');
  });

  it('answers a vehicle of the same generation from the vehicle it mirrors', async () => {
    const body = (await info(2020, 'toyota', 'toyota-camry')).json() as VehicleInfo;
    expect(body.mirrors_vehicle).toEqual({ id: '2019-toyota-camry', name: '2019 Toyota Camry' });
    expect(body.id).toBe('2020-toyota-camry');
    expect(body.wiring_categories.length).toBeGreaterThan(0);
    expect(body.guides.map((g) => [g.title, g.vehicleIds])).toEqual([
      ['2018–2019 Camry remote start install', ['2020-toyota-camry']],
    ]);
  });

  it('answers an old vehicle without data as empty groups (the web shows "No data available")', async () => {
    const body = (await info(1940, 'ford', 'ford-deluxe')).json() as VehicleInfo;
    expect(body.wiring_categories).toEqual([]);
    expect(body.description).toBeNull();
  });

  it('answers 404 for an unknown vehicle and 400 for missing fields', async () => {
    expect((await info(2019, 'toyota', 'toyota-nope')).statusCode).toBe(404);
    expect((await info(1950, 'toyota', 'toyota-camry')).statusCode).toBe(404);
    const res = await client.call(endpoints.vehicles.vehicleInfo, {
      body: unchecked({ year: 2019, makeId: 'toyota' }),
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { validation: { field: string }[] }).validation.map((v) => v.field)).toEqual(['modelId']);
  });
});
