import { describe, expect, it } from 'vitest';
import {
  ACTIVATION_STEPS,
  ADVANCED_ACTIVATION_STEPS,
  activationSteps,
  firstActivationStep,
  planStepSkippable,
  type ActivationFacts,
  type ActivationStep,
} from './activation.ts';
import { ACTIVATION_TYPES, type ActivationType } from './devices.ts';

/**
 * The step table of issue 29 (docs/decisions.md "Activation steps and the activation record (issue 29)") for
 * every activation type × every demo device of DEMO-DATA "Devices", with the advanced flow on and off. Each
 * device's facts are written here by hand from DEMO-DATA and the fleet's controllers
 * (packages/device-sim/src/fleet.ts), and each expected list is written out whole.
 */

const premium = { name: 'Premium', duration: '1_year', started_at: '2026-07-30T00:00:00.000Z', expires_at: null };
const basic = { name: 'Basic', duration: 'month_to_month', started_at: '2026-07-30T00:00:00.000Z', expires_at: null };

/** DEMO-DATA "Devices": what of each demo device decides its steps. */
const DEMO_DEVICES: Record<string, { facts: ActivationFacts; shape: Shape; what: string }> = {
  '10230000234': {
    what: 'FT-X1, CM7300, KeyLocker, new',
    facts: { is_keylocker_present: true, controller: 'CM7300', hasHardwire: false, plan: null },
    shape: 'keylocker',
  },
  '10230000235': {
    what: 'DR5400, CM2500, no KeyLocker, new',
    facts: { is_keylocker_present: false, controller: 'CM2500', hasHardwire: false, plan: null },
    shape: 'plain',
  },
  '10230000236': {
    what: 'FT-X1MAX, FT-7200S, hardwire, new',
    facts: { is_keylocker_present: false, controller: 'FT-7200S', hasHardwire: true, plan: null },
    shape: 'hardwire',
  },
  '10230000240': {
    what: 'FT-X2, CM900AS, active on Premium 1_year',
    facts: { is_keylocker_present: false, controller: 'CM900AS', hasHardwire: false, plan: premium },
    shape: 'plain',
  },
  '10230000241': {
    what: 'FT-X2, CM900AS, new (the replacement of 240)',
    facts: { is_keylocker_present: false, controller: 'CM900AS', hasHardwire: false, plan: null },
    shape: 'plain',
  },
  '10230000250': {
    what: 'FT-X1, CM7300, not in service mode',
    facts: { is_keylocker_present: false, controller: 'CM7300', hasHardwire: false, plan: null },
    shape: 'plain',
  },
  '10230000260': {
    what: 'FT-X1, CMX, KeyLocker, R42 failure',
    facts: { is_keylocker_present: true, controller: 'CMX', hasHardwire: false, plan: null },
    shape: 'keylocker',
  },
  '10230000270': {
    what: 'FT-X1S, FT-7000AS, paused and in service mode',
    facts: { is_keylocker_present: false, controller: 'FT-7000AS', hasHardwire: false, plan: null },
    shape: 'plain',
  },
  '10230000280': {
    what: 'FT-X1, CM2400, installed elsewhere on Basic',
    facts: { is_keylocker_present: false, controller: 'CM2400', hasHardwire: false, plan: basic },
    shape: 'plain',
  },
};

/** Every demo device's controller is in scope of option tables; a keylocker or hardwire makes the difference. */
type Shape = 'keylocker' | 'plain' | 'hardwire';

/** The expected steps by type, device shape and advanced flow (on, off), written out whole. */
const EXPECTED: Record<ActivationType, Record<Shape, { advanced: ActivationStep[]; basic: ActivationStep[] }>> = {
  'new-device': {
    keylocker: {
      advanced: [
        'power-on-device',
        'set-vehicle-details',
        'verify-connection',
        'check-firmware',
        'reset-keylocker-pairing',
        'controller-option-tables',
        'keylocker-mode',
        'keylocker-option-tables',
        'keylocker-poc-pic',
        'keylocker-pin-codes',
        'system-settings',
        'device-configuration',
        'device-testing',
        'purchase-plan',
        'device-rewards',
        'send-welcome',
        'complete-activation',
      ],
      basic: [
        'power-on-device',
        'set-vehicle-details',
        'verify-connection',
        'check-firmware',
        'reset-keylocker-pairing',
        'keylocker-mode',
        'keylocker-pin-codes',
        'system-settings',
        'device-testing',
        'purchase-plan',
        'device-rewards',
        'send-welcome',
        'complete-activation',
      ],
    },
    plain: {
      advanced: [
        'power-on-device',
        'set-vehicle-details',
        'verify-connection',
        'check-firmware',
        'controller-option-tables',
        'system-settings',
        'device-configuration',
        'device-testing',
        'purchase-plan',
        'device-rewards',
        'send-welcome',
        'complete-activation',
      ],
      basic: [
        'power-on-device',
        'set-vehicle-details',
        'verify-connection',
        'check-firmware',
        'system-settings',
        'device-testing',
        'purchase-plan',
        'device-rewards',
        'send-welcome',
        'complete-activation',
      ],
    },
    hardwire: {
      advanced: [
        'power-on-device',
        'set-vehicle-details',
        'verify-connection',
        'check-firmware',
        'controller-option-tables',
        'system-settings',
        'device-configuration',
        'hardwire-x1max',
        'device-testing',
        'purchase-plan',
        'device-rewards',
        'send-welcome',
        'complete-activation',
      ],
      basic: [
        'power-on-device',
        'set-vehicle-details',
        'verify-connection',
        'check-firmware',
        'system-settings',
        'hardwire-x1max',
        'device-testing',
        'purchase-plan',
        'device-rewards',
        'send-welcome',
        'complete-activation',
      ],
    },
  },
  // The swap carries the old unit's settings and plan over: no settings, plan, reward or welcome steps, and
  // nothing for the advanced flow to hide.
  'replace-device': {
    keylocker: {
      advanced: [
        'replace-device',
        'power-on-device',
        'verify-connection',
        'check-firmware',
        'reset-keylocker-pairing',
        'device-testing',
        'complete-activation',
      ],
      basic: [
        'replace-device',
        'power-on-device',
        'verify-connection',
        'check-firmware',
        'reset-keylocker-pairing',
        'device-testing',
        'complete-activation',
      ],
    },
    plain: {
      advanced: [
        'replace-device',
        'power-on-device',
        'verify-connection',
        'check-firmware',
        'device-testing',
        'complete-activation',
      ],
      basic: [
        'replace-device',
        'power-on-device',
        'verify-connection',
        'check-firmware',
        'device-testing',
        'complete-activation',
      ],
    },
    hardwire: {
      advanced: [
        'replace-device',
        'power-on-device',
        'verify-connection',
        'check-firmware',
        'hardwire-x1max',
        'device-testing',
        'complete-activation',
      ],
      basic: [
        'replace-device',
        'power-on-device',
        'verify-connection',
        'check-firmware',
        'hardwire-x1max',
        'device-testing',
        'complete-activation',
      ],
    },
  },
  'service-device': {
    keylocker: {
      advanced: [
        'power-on-device',
        'verify-connection',
        'check-firmware',
        'reset-keylocker-pairing',
        'controller-option-tables',
        'keylocker-mode',
        'keylocker-option-tables',
        'keylocker-poc-pic',
        'keylocker-pin-codes',
        'system-settings',
        'device-configuration',
        'device-testing',
        'complete-activation',
      ],
      basic: [
        'power-on-device',
        'verify-connection',
        'check-firmware',
        'reset-keylocker-pairing',
        'keylocker-mode',
        'keylocker-pin-codes',
        'system-settings',
        'device-testing',
        'complete-activation',
      ],
    },
    plain: {
      advanced: [
        'power-on-device',
        'verify-connection',
        'check-firmware',
        'controller-option-tables',
        'system-settings',
        'device-configuration',
        'device-testing',
        'complete-activation',
      ],
      basic: [
        'power-on-device',
        'verify-connection',
        'check-firmware',
        'system-settings',
        'device-testing',
        'complete-activation',
      ],
    },
    hardwire: {
      advanced: [
        'power-on-device',
        'verify-connection',
        'check-firmware',
        'controller-option-tables',
        'system-settings',
        'device-configuration',
        'hardwire-x1max',
        'device-testing',
        'complete-activation',
      ],
      basic: [
        'power-on-device',
        'verify-connection',
        'check-firmware',
        'system-settings',
        'hardwire-x1max',
        'device-testing',
        'complete-activation',
      ],
    },
  },
  'verizon-sim': {
    keylocker: {
      advanced: ['power-on-device', 'verify-connection', 'device-testing', 'purchase-plan', 'complete-activation'],
      basic: ['power-on-device', 'verify-connection', 'device-testing', 'purchase-plan', 'complete-activation'],
    },
    plain: {
      advanced: ['power-on-device', 'verify-connection', 'device-testing', 'purchase-plan', 'complete-activation'],
      basic: ['power-on-device', 'verify-connection', 'device-testing', 'purchase-plan', 'complete-activation'],
    },
    hardwire: {
      advanced: ['power-on-device', 'verify-connection', 'device-testing', 'purchase-plan', 'complete-activation'],
      basic: ['power-on-device', 'verify-connection', 'device-testing', 'purchase-plan', 'complete-activation'],
    },
  },
  'purchase-subscription': {
    keylocker: {
      advanced: ['purchase-plan', 'complete-activation'],
      basic: ['purchase-plan', 'complete-activation'],
    },
    plain: { advanced: ['purchase-plan', 'complete-activation'], basic: ['purchase-plan', 'complete-activation'] },
    hardwire: { advanced: ['purchase-plan', 'complete-activation'], basic: ['purchase-plan', 'complete-activation'] },
  },
};

const cases = Object.entries(DEMO_DEVICES).flatMap(([key, device]) =>
  ACTIVATION_TYPES.flatMap((type) => [true, false].map((advanced) => ({ key, device, type, advanced }) as const)),
);

describe('activationSteps: every activation type × every demo device (issue 29)', () => {
  it('covers all five types and all nine demo devices', () => {
    expect(ACTIVATION_TYPES).toEqual([
      'new-device',
      'replace-device',
      'service-device',
      'verizon-sim',
      'purchase-subscription',
    ]);
    expect(Object.keys(DEMO_DEVICES)).toHaveLength(9);
    expect(cases).toHaveLength(9 * 5 * 2);
  });

  it.each(cases.map((c) => [c.key, c.device.what, c.type, c.advanced ? 'advanced' : 'basic', c] as const))(
    '%s (%s), %s, %s flow',
    (_key, _what, type, flow, { device }) => {
      const steps = activationSteps(type, device.facts, { advanced: flow === 'advanced' });
      expect(steps).toEqual(EXPECTED[type][device.shape][flow]);
    },
  );

  it('keeps the catalogue order of spec 02 §4 in every list', () => {
    for (const { device, type, advanced } of cases) {
      const steps = activationSteps(type, device.facts, { advanced });
      const order = steps.map((step) => ACTIVATION_STEPS.indexOf(step));
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
  });

  it('starts at power-on-device, except a replacement (the swap) and a plan purchase (the plan)', () => {
    const first = (type: ActivationType) =>
      firstActivationStep(activationSteps(type, DEMO_DEVICES['10230000234']!.facts));
    expect(first('new-device')).toBe('power-on-device');
    expect(first('service-device')).toBe('power-on-device');
    expect(first('verizon-sim')).toBe('power-on-device');
    expect(first('replace-device')).toBe('replace-device');
    expect(first('purchase-subscription')).toBe('purchase-plan');
  });

  it('the advanced flow is on unless turned off, and off hides exactly the expert steps', () => {
    const facts = DEMO_DEVICES['10230000234']!.facts;
    expect(activationSteps('new-device', facts)).toEqual(activationSteps('new-device', facts, { advanced: true }));
    const on = activationSteps('new-device', facts, { advanced: true });
    const off = activationSteps('new-device', facts, { advanced: false });
    expect(on.filter((step) => !off.includes(step))).toEqual([...ADVANCED_ACTIVATION_STEPS]);
    expect(ADVANCED_ACTIVATION_STEPS).toEqual([
      'controller-option-tables',
      'keylocker-option-tables',
      'keylocker-poc-pic',
      'device-configuration',
    ]);
  });

  it('a controller out of scope of option tables has no controller-option-tables step', () => {
    const facts = { ...DEMO_DEVICES['10230000235']!.facts, controller: null };
    expect(activationSteps('service-device', facts, { advanced: true })).toEqual([
      'power-on-device',
      'verify-connection',
      'check-firmware',
      'system-settings',
      'device-configuration',
      'device-testing',
      'complete-activation',
    ]);
  });

  it('every list ends with complete-activation', () => {
    for (const { device, type, advanced } of cases)
      expect(activationSteps(type, device.facts, { advanced }).at(-1)).toBe('complete-activation');
  });
});

describe('planStepSkippable (issue 29: skip the plan when the device has one)', () => {
  it('only the demo devices on a plan may skip it', () => {
    const skippable = Object.entries(DEMO_DEVICES)
      .filter(([, device]) => planStepSkippable(device.facts))
      .map(([key]) => key);
    expect(skippable).toEqual(['10230000240', '10230000280']);
  });
});
