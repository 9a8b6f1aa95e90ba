/**
 * What each product is and can do (spec 02 §3 product names, §4 device tests and hardwire), the
 * firmware the cloud offers, the feature ↔ config bit mapping (spec 02 §3), and how a new device's
 * reported state is made from a few facts and a seeded generator.
 */
import type { DeviceModel, DevicePlan, FeatureSettings, FirmwareObject, KeylockerState, ReportedState } from './api.ts';
import { CONFIG_BITS } from './api.ts';
import type { Random } from './random.ts';

/** spec 02 §4 device tests: Reset Device Settings (erase_device) for X1-class devices only. */
const X1_CLASS: readonly DeviceModel[] = ['FT-X1', 'FT-X1S', 'FT-X1MAX', 'FT-X1R'];
/** spec 02 §4 activation step hardwire-x1max: the MAX models have the hardwired input and output. */
const HARDWIRE_MODELS: readonly DeviceModel[] = ['FT-X1MAX', 'FT-X2MAX'];

export const isX1Class = (product: DeviceModel): boolean => X1_CLASS.includes(product);
export const hasHardwire = (product: DeviceModel): boolean => HARDWIRE_MODELS.includes(product);

/** The firmware the cloud offers: FT-X units and DroneMobile (DR) modules have their own lines. */
export const LATEST_CONTROLLER_FIRMWARE = { 'FT-X': '3.14.2', DR: '2.9.1' } as const;
export const PREVIOUS_CONTROLLER_FIRMWARE = { 'FT-X': '3.12.0', DR: '2.8.4' } as const;
export const LATEST_KEYLOCKER_FIRMWARE = '1.6.0';
export const PREVIOUS_KEYLOCKER_FIRMWARE = '1.4.2';
export const BLE_FIRMWARE_VERSION = '5.2.1';

const firmwareLine = (product: DeviceModel) => (product.startsWith('FT-X') ? 'FT-X' : 'DR');

export function firmwareObject(current: string, latest: string): FirmwareObject {
  return {
    state: 'idle',
    result: 'initial',
    current_version: current,
    available_version: current === latest ? null : latest,
    progress: 0,
  };
}

/**
 * Demo KeyLocker PINs (spec 02 §9 "Default keylocker PINs {secret} and {secret}": the values are not
 * shown, so these are ours): master 1234, secondary 5678, both enabled.
 */
export const DEFAULT_KEYLOCKER_PINS = { master: '1234', secondary: '5678' } as const;

export function newKeylocker(version: string): KeylockerState {
  return {
    paired: true,
    mode: 'add-on',
    key_present: true,
    roof_locked: true,
    roof_open: false,
    version,
    pins: {
      master: { value: DEFAULT_KEYLOCKER_PINS.master, enabled: true },
      secondary: { value: DEFAULT_KEYLOCKER_PINS.secondary, enabled: true },
    },
  };
}

/** Factory settings: siren and shock sensor on, the rest off. */
export const DEFAULT_FEATURES: FeatureSettings = {
  siren_enabled: true,
  valet_mode_enabled: false,
  shock_sensor_enabled: true,
  drive_lock_enabled: false,
  passive_arming_enabled: false,
  timer_start_enabled: false,
  turbo_timer_start_enabled: false,
  auto_door_lock_enabled: false,
};

/** spec 02 §3: the feature each controller config bit stores. */
export const FEATURE_OF_CONFIG_BIT: Record<number, keyof FeatureSettings> = {
  [CONFIG_BITS.siren]: 'siren_enabled',
  [CONFIG_BITS.shock_sensor]: 'shock_sensor_enabled',
  [CONFIG_BITS.turbo_timer]: 'turbo_timer_start_enabled',
  [CONFIG_BITS.passive_arming]: 'passive_arming_enabled',
  [CONFIG_BITS.drive_lock]: 'drive_lock_enabled',
};

export function configBitsOf(features: FeatureSettings): number {
  let bits = 0;
  for (const [bit, feature] of Object.entries(FEATURE_OF_CONFIG_BIT)) if (features[feature]) bits |= Number(bit);
  return bits;
}

/** The features a config-bit value says, the features without a bit kept as they are. */
export function featuresWithConfigBits(features: FeatureSettings, bits: number): FeatureSettings {
  const next = { ...features };
  for (const [bit, feature] of Object.entries(FEATURE_OF_CONFIG_BIT)) next[feature] = (bits & Number(bit)) !== 0;
  return next;
}

const CARRIERS = [
  { name: 'AT&T', iccidPrefix: '89014103' },
  { name: 'Verizon', iccidPrefix: '891480' },
  { name: 'T-Mobile', iccidPrefix: '8901260' },
] as const;

/** A 19-digit ICCID of the carrier whose last four digits are the serial's (DEMO-DATA: proof of holding the unit). */
export function makeIccid(random: Random, carrierPrefix: string, deviceKey: string): string {
  return carrierPrefix + random.digits(19 - 4 - carrierPrefix.length) + deviceKey.slice(-4);
}

/** A 15-digit IMEI with its Luhn check digit. */
export function makeImei(random: Random): string {
  const body = '35' + random.digits(12);
  let sum = 0;
  for (let index = 0; index < body.length; index++) {
    let digit = Number(body[body.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return body + String((10 - (sum % 10)) % 10);
}

export function makeBleMac(random: Random): string {
  return ['C8', 'FD', '19', random.hex(2), random.hex(2), random.hex(2)].join(':');
}

/** Where the fleet's cars are parked: a few metro areas of the portal's countries. */
const METROS = [
  { latitude: 39.7392, longitude: -104.9903 }, // Denver
  { latitude: 41.8781, longitude: -87.6298 }, // Chicago
  { latitude: 32.7767, longitude: -96.797 }, // Dallas
  { latitude: 43.6532, longitude: -79.3832 }, // Toronto
  { latitude: 49.2827, longitude: -123.1207 }, // Vancouver
] as const;

const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export const compassDirection = (degree: number): string => COMPASS[Math.round(degree / 45) % 8] ?? 'N';

export const roundTo = (value: number, decimals: number): number => Number(value.toFixed(decimals));

/** A healthy unit's signal: −60 to −85 dBm. */
export const normalSignal = (random: Random): number => random.int(-85, -60);
/** 'weak-signal': around −105 dBm (spec: −113 is none). */
export const weakSignal = (random: Random): number => random.int(-108, -102);

export interface DeviceFacts {
  device_key: string;
  product: DeviceModel;
  controller_model: string;
  controller_version?: string;
  service_mode: boolean;
  device_state: ReportedState['device_state'];
  activated: boolean;
  installed: boolean;
  plan: DevicePlan | null;
  has_keylocker: boolean;
  /** Whether the cloud offers newer firmware (controller, and the KeyLocker when present). */
  firmware_update_available: boolean;
}

/** A device's reported state from its facts; identifiers and position from the seeded generator. */
export function newReportedState(facts: DeviceFacts, random: Random): ReportedState {
  const line = firmwareLine(facts.product);
  const carrier = random.pick(CARRIERS);
  const metro = random.pick(METROS);
  const degree = random.int(0, 359);
  const keylockerVersion = facts.firmware_update_available ? PREVIOUS_KEYLOCKER_FIRMWARE : LATEST_KEYLOCKER_FIRMWARE;
  const controllerFirmware = facts.firmware_update_available
    ? PREVIOUS_CONTROLLER_FIRMWARE[line]
    : LATEST_CONTROLLER_FIRMWARE[line];
  return {
    product: facts.product,
    controller_model: facts.controller_model,
    controller_version: facts.controller_version ?? `2.${random.int(10, 24)}`,
    service_mode: facts.service_mode,
    device_state: facts.device_state,
    activated: facts.activated,
    installed: facts.installed,
    plan: facts.plan,
    firmware: {
      controller: firmwareObject(controllerFirmware, LATEST_CONTROLLER_FIRMWARE[line]),
      kl1: facts.has_keylocker ? firmwareObject(keylockerVersion, LATEST_KEYLOCKER_FIRMWARE) : null,
    },
    ble_firmware_version: BLE_FIRMWARE_VERSION,
    extension_device: facts.has_keylocker ? 'kl1' : null,
    keylocker: facts.has_keylocker ? newKeylocker(keylockerVersion) : null,
    option_tables: {},
    features: { ...DEFAULT_FEATURES },
    config_bits: configBitsOf(DEFAULT_FEATURES),
    hardwire: hasHardwire(facts.product) ? { input: 'None', output: 'None' } : null,
    replacement: { replaces: null, replaced_by: null, verified: false },
    iccid: makeIccid(random, carrier.iccidPrefix, facts.device_key),
    imei: makeImei(random),
    ble_mac_address: makeBleMac(random),
    carrier: carrier.name,
    cellular_signal_strength: normalSignal(random),
    online: true,
    gps: {
      fix: true,
      latitude: roundTo(metro.latitude + random.between(-0.15, 0.15), 6),
      longitude: roundTo(metro.longitude + random.between(-0.15, 0.15), 6),
      speed: 0,
      direction: compassDirection(degree),
      degree,
    },
    backup_battery_voltage: roundTo(random.between(3.9, 4.15), 2),
    ignition: false,
  };
}
