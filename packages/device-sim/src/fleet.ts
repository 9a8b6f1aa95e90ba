/**
 * The fleet: DEMO-DATA's devices exactly ("Devices in the simulated device cloud"), and a generated
 * fleet beside them (keys 1024xxxxxxx, varied products, controllers and states) made from a seed,
 * so the same seed makes the same fleet.
 */
import type { DeviceModel, DevicePlan, PlanDuration, ScenarioName } from './api.ts';
import { DEVICE_MODELS, OPTION_TABLE_CONTROLLERS } from './api.ts';
import type { DeviceFacts } from './models.ts';
import { newReportedState } from './models.ts';
import { seededRandom } from './random.ts';
import type { DeviceRecord } from './store.ts';

const DAY_MS = 86_400_000;
/** Plans start at midnight UTC, so the same seed makes the same plans all day long. */
const daysBefore = (nowMs: number, days: number) => (Math.floor(nowMs / DAY_MS) - days) * DAY_MS;
const PLAN_YEARS: Partial<Record<PlanDuration, number>> = {
  '1_year': 1,
  '2_year': 2,
  '3_year': 3,
  '4_year': 4,
  '5_year': 5,
  '6_year': 6,
};

export function planStartedAt(name: string, duration: PlanDuration, startedAtMs: number): DevicePlan {
  const years = PLAN_YEARS[duration];
  const expires = new Date(startedAtMs);
  if (years !== undefined) expires.setUTCFullYear(expires.getUTCFullYear() + years);
  return {
    name,
    duration,
    started_at: new Date(startedAtMs).toISOString(),
    expires_at: years === undefined ? null : expires.toISOString(),
  };
}

/** A device record from its facts; its identifiers, position and signal come from `seed` and its key. */
export function newDeviceRecord(
  facts: DeviceFacts,
  seed: string,
  nowMs: number,
  scenarios: ScenarioName[] = [],
): DeviceRecord {
  const reported = newReportedState(facts, seededRandom(seed, 'device', facts.device_key));
  return {
    device_key: facts.device_key,
    version: 1,
    reported,
    created_at: nowMs,
    changed_at: {},
    scenarios,
    home: { latitude: reported.gps.latitude ?? 0, longitude: reported.gps.longitude ?? 0 },
  };
}

const newInServiceMode = {
  service_mode: true,
  device_state: 'new',
  activated: false,
  installed: false,
  plan: null,
} as const;

interface DemoDevice {
  facts: DeviceFacts;
  scenarios?: ScenarioName[];
}

/** DEMO-DATA "Devices in the simulated device cloud", device by device. */
function demoDevices(nowMs: number): DemoDevice[] {
  const activeSince = daysBefore(nowMs, 120);
  return [
    {
      // new, in service mode, firmware update available, keylocker present
      facts: {
        device_key: '10230000234',
        product: 'FT-X1',
        controller_model: 'CM7300',
        ...newInServiceMode,
        has_keylocker: true,
        firmware_update_available: true,
      },
    },
    {
      // DR5400: new, in service mode, no keylocker, firmware current
      facts: {
        device_key: '10230000235',
        product: 'DR5400',
        controller_model: 'CM2500',
        ...newInServiceMode,
        has_keylocker: false,
        firmware_update_available: false,
      },
    },
    {
      // FT-X1MAX: new, in service mode, the hardwire step applies
      facts: {
        device_key: '10230000236',
        product: 'FT-X1MAX',
        controller_model: 'FT-7200S',
        ...newInServiceMode,
        has_keylocker: false,
        firmware_update_available: false,
      },
    },
    {
      // active on Premium 1_year (installed for Northside Auto Sound): the old device of replace-device
      facts: {
        device_key: '10230000240',
        product: 'FT-X2',
        controller_model: 'CM900AS',
        service_mode: false,
        device_state: 'active',
        activated: true,
        installed: true,
        plan: planStartedAt('Premium', '1_year', activeSince),
        has_keylocker: false,
        firmware_update_available: false,
      },
    },
    {
      // new: the replacement for 10230000240
      facts: {
        device_key: '10230000241',
        product: 'FT-X2',
        controller_model: 'CM900AS',
        ...newInServiceMode,
        has_keylocker: false,
        firmware_update_available: false,
      },
    },
    {
      // not in service mode: the spec's service-mode error (spec 02 §8)
      facts: {
        device_key: '10230000250',
        product: 'FT-X1',
        controller_model: 'CM7300',
        ...newInServiceMode,
        service_mode: false,
        has_keylocker: false,
        firmware_update_available: false,
      },
    },
    {
      // firmware update fails at the result step (R42 failure), for the controller and the KeyLocker
      facts: {
        device_key: '10230000260',
        product: 'FT-X1',
        controller_model: 'CMX',
        ...newInServiceMode,
        has_keylocker: true,
        firmware_update_available: true,
      },
      scenarios: ['r42-failure'],
    },
    {
      // paused and in service mode: replace-device only (spec 02 §4 device states)
      facts: {
        device_key: '10230000270',
        product: 'FT-X1S',
        controller_model: 'FT-7000AS',
        service_mode: true,
        device_state: 'paused',
        activated: true,
        installed: true,
        plan: null,
        has_keylocker: false,
        firmware_update_available: false,
      },
    },
    {
      // installed for Lakeside Remote Start, active on Basic month_to_month (another dealer's device)
      facts: {
        device_key: '10230000280',
        product: 'FT-X1',
        controller_model: 'CM2400',
        service_mode: false,
        device_state: 'active',
        activated: true,
        installed: true,
        plan: planStartedAt('Basic', 'month_to_month', activeSince),
        has_keylocker: false,
        firmware_update_available: false,
      },
    },
  ];
}

export const DEMO_DEVICE_KEYS: readonly string[] = demoDevices(0).map((device) => device.facts.device_key);

export function demoDeviceRecords(seed: string, nowMs: number): DeviceRecord[] {
  return demoDevices(nowMs).map((device) => newDeviceRecord(device.facts, seed, nowMs, device.scenarios ?? []));
}

/** The n-th generated device's key: 1024 followed by seven digits. */
export const generatedDeviceKey = (index: number): string => `1024${String(index).padStart(7, '0')}`;

const DR_CONTROLLERS = ['CM2400', 'CM2500', 'CM7300', 'Controller'] as const;
const PLAN_NAMES = ['Basic', 'Premium', 'Premium Plus', 'Ultimate'] as const;
const DURATIONS: readonly PlanDuration[] = ['month_to_month', '1_year', '2_year', '3_year'];

/** The generated device at `index`: the same seed and index give the same device. */
export function generatedDeviceRecord(index: number, seed: string, nowMs: number): DeviceRecord {
  const deviceKey = generatedDeviceKey(index);
  const random = seededRandom(seed, 'fleet', deviceKey);
  const product: DeviceModel = random.pick(DEVICE_MODELS);
  const isFtX = product.startsWith('FT-X');
  const controller = isFtX ? random.pick(OPTION_TABLE_CONTROLLERS) : random.pick(DR_CONTROLLERS);
  const roll = random.next();
  const since = daysBefore(nowMs, random.int(1, 700));
  const state: Pick<DeviceFacts, 'service_mode' | 'device_state' | 'activated' | 'installed' | 'plan'> =
    roll < 0.55
      ? newInServiceMode
      : roll < 0.9
        ? {
            service_mode: false,
            device_state: 'active',
            activated: true,
            installed: true,
            plan: planStartedAt(random.pick(PLAN_NAMES), random.pick(DURATIONS), since),
          }
        : roll < 0.95
          ? { service_mode: random.chance(0.5), device_state: 'paused', activated: true, installed: true, plan: null }
          : { ...newInServiceMode, service_mode: false };
  return newDeviceRecord(
    {
      device_key: deviceKey,
      product,
      controller_model: controller,
      ...state,
      has_keylocker: isFtX && random.chance(0.25),
      firmware_update_available: random.chance(0.3),
    },
    seed,
    nowMs,
  );
}
