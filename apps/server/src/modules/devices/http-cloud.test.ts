import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMemoryStore, createSimulatedCloud, type SimulatedCloud } from '@portal/device-sim';
import { startDeviceCloudServer, type DeviceCloudServer } from '@portal/device-sim/http-server';
import { endpoints, type DeviceCheckResponse } from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs } from '../../../test/client.ts';

/**
 * The same device calls with the device cloud as its own HTTP service (issue 28 §2: DEVICE_CLOUD_URL and
 * DEVICE_CLOUD_TOKEN): the portal reaches it through the adapter's HTTP client, nothing else changes.
 */

const TOKEN = 'http-cloud-test-token-0123456789';
let fleet: SimulatedCloud;
let server: DeviceCloudServer;
let t: TestContext;

beforeAll(async () => {
  fleet = createSimulatedCloud({ store: createMemoryStore(), speed: 100 });
  await fleet.start();
  server = await startDeviceCloudServer({ cloud: fleet, token: TOKEN });
  t = await createTestApp({ DEVICE_CLOUD_URL: server.url, DEVICE_CLOUD_TOKEN: TOKEN });
});
afterAll(async () => {
  await t?.close();
  await server?.close();
  await fleet?.close();
});

it('checks, commands and installs a device over the cloud’s HTTP service', async () => {
  const guest = await signedInAs(t.app, null);
  const checked = await guest.call(endpoints.devices.deviceCheck, {
    body: { device_key: '10230000234', iccid_last_digits: '0234' },
  });
  expect(checked.statusCode, checked.body).toBe(200);
  expect(checked.json<DeviceCheckResponse>().results[0]).toMatchObject({ product: 'FT-X1', service_mode: true });

  const purchaser = await signedInAs(t.app, 'purchaser@demo.test');
  const sent = await purchaser.call(endpoints.devices.sendCommand, {
    body: { device_key: '10230000240', command: 'arm' },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  expect(sent.json().device_key).toBe('10230000240');

  const refused = await guest.call(endpoints.devices.deviceCheck, {
    body: { device_key: '10230000250', iccid_last_digits: '0250' },
  });
  expect(refused.statusCode).toBe(409);
  const tables = await guest.call(endpoints.devices.optionTables, {
    params: { key: '10230000236' },
    query: { skip_query: 'true', iccid_last_digits: '0236' },
  });
  expect(tables.statusCode, tables.body).toBe(200);
  expect(tables.json().requeries).toBe(1);
});
