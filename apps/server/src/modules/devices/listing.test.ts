import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_LIST_TEXTS, endpoints, type DeviceListResponse, type ValidationError } from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs, testClient, type TestClient } from '../../../test/client.ts';
import { unusedTotp } from '../../../test/totp.ts';
import { idOf } from '../../../test/builders.ts';
import { DEMO_TOTP_SECRET } from '../../seed/people.ts';

/**
 * GET /api/devices (issue 29 §5) through HTTP on the real database and the in-process fleet: the devices
 * installed for the business the caller acts for (DEMO-DATA: 10230000240 Northside's, 10230000280
 * Lakeside's), by serial or VIN, and never another business's.
 */

let t: TestContext;
let owner: TestClient;
let purchaser: TestClient;
/** totp@demo.test, owner of Lakeside Remote Start: the other dealer. */
let lakesideOwner: TestClient;

/** DEMO-DATA: the 2019 Toyota Camry's VIN, which the offline decoder resolves. */
const CAMRY_VIN = '4T1B11HK1KU213547';

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInAs(t.app, 'owner@demo.test');
  purchaser = await signedInAs(t.app, 'purchaser@demo.test');
  lakesideOwner = testClient(t.app);
  await lakesideOwner.signIn('totp@demo.test');
  expect((await lakesideOwner.secondFactor(await unusedTotp(DEMO_TOTP_SECRET))).json()).toEqual({
    status: 'signed-in',
  });
});
afterAll(() => t.close());

const list = (client: TestClient, query: { q?: string; limit?: number; offset?: number } = {}) =>
  client.call(endpoints.devices.list, { query });
const keysOf = (res: { json<T>(): T }) => res.json<DeviceListResponse>().results.map((d) => d.device_key);

describe('GET /api/devices: the devices of the business acted for', () => {
  it('Northside’s owner sees 10230000240 with its facts, and not Lakeside’s 10230000280', async () => {
    const res = await list(owner);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<DeviceListResponse>();
    expect(keysOf(res)).toContain('10230000240');
    expect(keysOf(res)).not.toContain('10230000280');
    expect(body.count).toBe(body.results.length);
    expect(body.results.find((d) => d.device_key === '10230000240')).toMatchObject({
      product: 'FT-X2',
      device_state: 'active',
      plan: { name: expect.any(String) },
      installed_by: { id: await idOf(t.db, 'purchaser@demo.test'), name: expect.any(String) },
      business: { companyName: 'Northside Auto Sound' },
    });
  });

  it('the installers, the accountant and a rep acting for Northside see the same list', async () => {
    const expected = keysOf(await list(owner));
    for (const client of [
      purchaser,
      await signedInAs(t.app, 'installer@demo.test'),
      await signedInAs(t.app, 'accountant@demo.test'),
      await signedInAs(t.app, 'insiderep@demo.test', { sapBpCode: 'C100234' }),
      await signedInAs(t.app, 'outsiderep@demo.test', { sapBpCode: 'C100234' }),
    ]) {
      const res = await list(client);
      expect(res.statusCode, res.body).toBe(200);
      expect(keysOf(res)).toEqual(expected);
    }
  });

  it('finds a device by its serial’s first digits, and pages', async () => {
    expect(keysOf(await list(owner, { q: '10230000240' }))).toEqual(['10230000240']);
    expect(keysOf(await list(owner, { q: '1023000024' }))).toContain('10230000240');
    expect(keysOf(await list(owner, { q: '99999' }))).toEqual([]);
    const first = await list(owner, { limit: 1, offset: 0 });
    expect(first.json<DeviceListResponse>().results).toHaveLength(1);
    expect(first.json<DeviceListResponse>().count).toBeGreaterThanOrEqual(1);
  });

  it('an install with the car stores it: found by the whole VIN or its last 6+ characters', async () => {
    const install = await purchaser.call(endpoints.devices.install, {
      body: {
        device_key: '10230000234',
        exit_service_mode: true,
        iccid_last_digits: '0234',
        vehicle: { vin: CAMRY_VIN.toLowerCase(), year: 2019, make: 'Toyota', model: 'Camry' },
      },
    });
    expect(install.statusCode, install.body).toBe(200);

    const byVin = await list(owner, { q: CAMRY_VIN });
    expect(byVin.statusCode, byVin.body).toBe(200);
    expect(byVin.json<DeviceListResponse>()).toMatchObject({
      count: 1,
      results: [
        {
          device_key: '10230000234',
          product: 'FT-X1',
          vehicle: { vin: CAMRY_VIN, year: 2019, make: 'Toyota', model: 'Camry' },
          installed_by: { id: await idOf(t.db, 'purchaser@demo.test') },
        },
      ],
    });
    expect(keysOf(await list(owner, { q: CAMRY_VIN.slice(-6) }))).toEqual(['10230000234']);
    expect(keysOf(await list(owner, { q: CAMRY_VIN.slice(-8).toLowerCase() }))).toEqual(['10230000234']);
    // Fewer than 6 of its last characters, or its first ones, find nothing.
    expect(keysOf(await list(owner, { q: 'K1KU2' }))).toEqual([]);
    expect(keysOf(await list(owner, { q: CAMRY_VIN.slice(0, 10) }))).toEqual([]);
    // The other dealer does not find it by its VIN either.
    expect(keysOf(await list(lakesideOwner, { q: CAMRY_VIN }))).toEqual([]);
  });

  it('another dealer sees only its own: nothing of Northside’s, whatever it searches', async () => {
    const res = await list(lakesideOwner);
    expect(res.statusCode, res.body).toBe(200);
    expect(keysOf(res)).toContain('10230000280');
    expect(keysOf(res)).not.toContain('10230000240');
    expect(keysOf(await list(lakesideOwner, { q: '10230000240' }))).toEqual([]);
    expect(keysOf(await list(lakesideOwner, { q: '1023' }))).toEqual(['10230000280']);
  });

  it('a guest is told to sign in; a rep without a business, an admin and a retired installer are refused', async () => {
    expect((await list(await signedInAs(t.app, null))).statusCode).toBe(401);
    const rep = await list(await signedInAs(t.app, 'insiderep@demo.test'));
    expect(rep.statusCode).toBe(403);
    expect(rep.json()).toMatchObject({ detail: DEVICE_LIST_TEXTS.selectBusiness });
    expect((await list(await signedInAs(t.app, 'admin@demo.test'))).statusCode).toBe(403);
    const retired = await list(await signedInAs(t.app, 'retired@demo.test'));
    expect(retired.statusCode).toBe(403);
    expect(retired.json()).toMatchObject({ detail: DEVICE_LIST_TEXTS.noBusiness });
  });

  it('refuses a query that is neither a serial nor a VIN, and paging out of range (400 { validation })', async () => {
    for (const query of [{ q: '1023%' }, { q: 'A'.repeat(18) }, { limit: 0 }, { limit: 101 }, { offset: -1 }]) {
      const res = await owner.call(endpoints.devices.list, { query: query as never });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json<ValidationError>().validation.length).toBeGreaterThan(0);
    }
  });
});
