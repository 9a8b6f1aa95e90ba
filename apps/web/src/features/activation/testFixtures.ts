import type { Activation } from '@portal/contracts/activation';
import type { Device } from '@portal/contracts/devices';
import type { SavedActivation } from './flowState.ts';

/** DEMO-DATA 10230000235: a DR5400, new, in Service Mode, no KeyLocker. */
export const dr5400: Device = {
  device_key: '10230000235',
  product: 'DR5400',
  plan: null,
  device_state: 'new',
  service_mode: true,
  initialDeviceState: 'new',
  initialServiceMode: true,
  controller_model: 'Controller',
  controller_version: '1.0',
  controller: null,
  is_keylocker_present: false,
  keylocker: null,
  firmware_version: '3.1.0',
  ble_firmware_version: '1.0.0',
  firmwareChecked: false,
  firmwareUpdated: false,
  numberOfCommandsSent: 0,
  deviceReplaced: false,
  replacedDeviceVerified: false,
  replaces: null,
  replaced_by: null,
  activated: false,
  installed: false,
  online: true,
  isCanadianUser: false,
  requestsExitServiceMode: false,
  replaceDeviceOnly: false,
  allowedActivationTypes: ['new-device', 'service-device', 'verizon-sim'],
  hasHardwire: false,
  canEraseDevice: false,
};

export const activationOf = (overrides: Partial<Activation> = {}): Activation => ({
  id: 'act-1',
  device_key: dr5400.device_key,
  activation_type: 'new-device',
  steps: ['power-on-device', 'verify-connection', 'device-testing', 'complete-activation'],
  current_step: 'power-on-device',
  step_states: {},
  advanced: true,
  status: 'in_progress',
  version: 1,
  user: null,
  business: null,
  started_at: '2026-11-27T21:00:00.000Z',
  updated_at: '2026-11-27T21:00:00.000Z',
  completed_at: null,
  ...overrides,
});

export const savedOf = (activation: Activation | null, overrides: Partial<SavedActivation> = {}): SavedActivation => ({
  device_key: dr5400.device_key,
  proof: '0235',
  guest_token: 'guest-token-1',
  device: dr5400,
  activation,
  pending: [],
  ...overrides,
});
