/**
 * The device cloud (issue 28 §2): the ONE place the portal reaches the controllers' cloud. Every module
 * talks to devices through the `DeviceCloud` this returns (types.ts), never to the simulator itself.
 *
 * - `DEVICE_CLOUD_URL` (+ `DEVICE_CLOUD_TOKEN`) set: the HTTP client of the simulated fleet run as its own
 *   service (`npm run device-cloud`).
 * - unset (the default): the simulated fleet in this process, keeping its state in its own tables of the
 *   portal's database (`device_sim_*`, through the raw driver), on a clock of `DEVICE_SIM_SPEED`, with
 *   `DEVICE_SIM_FLEET` generated devices beside DEMO-DATA's on the first start.
 *
 * A real device cloud plugs in here: implement `DeviceCloud` (packages/device-sim/src/api.ts) over its API,
 * answer its refusals as `DeviceCloudError` codes, and pick it below when it is configured. Nothing else
 * in the portal changes (CONVENTIONS "Adapters look alike": payments is the same shape).
 */
import { createSimulatedCloud, createSqlStore, DEMO_DEVICE_KEYS } from '@portal/device-sim';
import { createHttpCloud, DeviceCloudHttpError } from '@portal/device-sim/http-client';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { DeviceCloud } from './types.ts';

export * from './types.ts';
/** The HTTP service itself failed (unreachable, unauthorized, an error of its own): not a refusal of the cloud. */
export { DeviceCloudHttpError };

/** The cloud the app holds: the interface, plus starting it with the app (idempotent). */
export interface PortalDeviceCloud extends DeviceCloud {
  /** Opens the fleet (its tables, DEMO-DATA's devices when empty, the job clock); a second call does nothing. */
  start(): Promise<void>;
}

export function createDeviceCloud(config: Config, database: Pick<Database, 'simulatorClient'>): PortalDeviceCloud {
  if (config.DEVICE_CLOUD_URL) {
    const cloud = createHttpCloud({ url: config.DEVICE_CLOUD_URL, token: config.DEVICE_CLOUD_TOKEN ?? '' });
    return Object.assign(cloud, { start: async () => {} });
  }
  const cloud = createSimulatedCloud({
    store: createSqlStore(database.simulatorClient),
    speed: config.DEVICE_SIM_SPEED,
  });
  const startFleet = cloud.start.bind(cloud);
  let started: Promise<void> | null = null;
  const start = () =>
    (started ??= (async () => {
      // Opens its tables; an empty fleet gets DEMO-DATA's devices.
      await startFleet();
      // The first start (DEMO-DATA's devices only) adds the generated fleet beside them.
      if (config.DEVICE_SIM_FLEET > 0 && (await cloud.deviceCount()) <= DEMO_DEVICE_KEYS.length)
        await cloud.generateFleet(config.DEVICE_SIM_FLEET);
    })());
  return Object.assign(cloud, { start });
}
