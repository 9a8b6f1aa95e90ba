/**
 * DEMO-DATA's devices exactly as "Devices in the simulated device cloud" lists them, the generated
 * fleet's determinism, and issue 28's budget: 100,000 simulated devices within 1 GB in one process.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { OPTION_TABLE_CONTROLLERS } from './api.ts';
import { DEMO_DEVICE_KEYS } from './fleet.ts';
import { createMemoryStore } from './memory-store.ts';
import type { SimulatedCloud } from './simulator.ts';
import { createSimulatedCloud } from './simulator.ts';

const opened: SimulatedCloud[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((cloud) => cloud.close()));
});

async function fleet(seed?: string): Promise<SimulatedCloud> {
  const cloud = createSimulatedCloud({ store: createMemoryStore(), speed: 10_000, ...(seed ? { seed } : {}) });
  opened.push(cloud);
  await cloud.start();
  return cloud;
}

describe('the demo fleet (DEMO-DATA "Devices in the simulated device cloud")', () => {
  it('seeds each demo device once, when the store is empty', async () => {
    const cloud = await fleet();
    expect(await cloud.deviceCount()).toBe(DEMO_DEVICE_KEYS.length);
    await cloud.seedDemoFleet();
    expect(await cloud.deviceCount()).toBe(DEMO_DEVICE_KEYS.length);
  });

  it('has the listed models and behaviours, and ICCIDs ending in the serial’s last four digits', async () => {
    const cloud = await fleet();
    const reported = async (key: string) => (await cloud.shadow(key))!.reported;
    const expected = {
      '10230000234': { product: 'FT-X1', device_state: 'new', service_mode: true, extension_device: 'kl1' },
      '10230000235': { product: 'DR5400', device_state: 'new', service_mode: true, extension_device: null },
      '10230000236': { product: 'FT-X1MAX', device_state: 'new', service_mode: true },
      '10230000240': { product: 'FT-X2', device_state: 'active', service_mode: false, installed: true },
      '10230000241': { product: 'FT-X2', device_state: 'new', service_mode: true },
      '10230000250': { product: 'FT-X1', device_state: 'new', service_mode: false },
      '10230000260': { product: 'FT-X1', device_state: 'new', service_mode: true },
      '10230000270': { product: 'FT-X1S', device_state: 'paused', service_mode: true },
      '10230000280': { product: 'FT-X1', device_state: 'active', service_mode: false, installed: true },
    };
    expect([...DEMO_DEVICE_KEYS].sort()).toEqual(Object.keys(expected).sort());
    for (const [key, facts] of Object.entries(expected)) {
      const device = await reported(key);
      expect(device, key).toMatchObject(facts);
      expect(device.iccid.slice(-4), key).toBe(key.slice(-4));
      expect(device.imei).toMatch(/^\d{15}$/);
      expect(device.ble_mac_address).toMatch(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/);
      if (device.product.startsWith('FT-X')) expect(OPTION_TABLE_CONTROLLERS).toContain(device.controller_model);
    }

    const x1 = await reported('10230000234');
    expect(x1.keylocker).toMatchObject({ paired: true, mode: 'add-on' });
    expect(x1.firmware.controller!.available_version).not.toBeNull();
    expect(x1.firmware.kl1!.available_version).not.toBeNull();
    const dr = await reported('10230000235');
    expect(dr.keylocker).toBeNull();
    expect(dr.firmware).toMatchObject({ controller: { available_version: null }, kl1: null });
    expect((await reported('10230000236')).hardwire).toEqual({ input: 'None', output: 'None' });
    expect((await reported('10230000234')).hardwire).toBeNull();
    expect((await reported('10230000240')).plan).toMatchObject({ name: 'Premium', duration: '1_year' });
    expect((await reported('10230000280')).plan).toMatchObject({
      name: 'Basic',
      duration: 'month_to_month',
      expires_at: null,
    });
    expect((await cloud.shadow('10230000260'))!.scenarios).toEqual(['r42-failure']);
    expect((await reported('10230000260')).firmware.kl1!.available_version).not.toBeNull();
    expect((await reported('10230000270')).plan).toBeNull();
  });

  it('makes the same demo devices from the same seed', async () => {
    const [first, second] = [await fleet('demo'), await fleet('demo')];
    for (const key of DEMO_DEVICE_KEYS) {
      expect((await second.shadow(key))!.reported).toEqual((await first.shadow(key))!.reported);
    }
  });
});

describe('the generated fleet', () => {
  it('makes deterministic keys and devices from a seed, varied in models and states', async () => {
    const [first, second] = [await fleet(), await fleet()];
    const keys = await first.generateFleet(2000, 'varied');
    expect(await second.generateFleet(2000, 'varied')).toEqual(keys);
    expect(keys[0]).toBe('10240000000');
    expect(keys.every((key) => /^1024\d{7}$/.test(key))).toBe(true);
    expect(new Set(keys).size).toBe(2000);
    for (const key of [keys[0]!, keys[777]!, keys[1999]!]) {
      expect((await second.shadow(key))!.reported).toEqual((await first.shadow(key))!.reported);
    }
    const devices = await Promise.all(keys.slice(0, 400).map(async (key) => (await first.shadow(key))!.reported));
    expect(new Set(devices.map((device) => device.product)).size).toBeGreaterThan(8);
    expect(new Set(devices.map((device) => device.device_state))).toEqual(new Set(['new', 'active', 'paused']));
    expect(devices.some((device) => device.keylocker !== null)).toBe(true);
    expect(devices.every((device, index) => device.iccid.slice(-4) === keys[index]!.slice(-4))).toBe(true);
    expect(await first.deviceCount()).toBe(2000 + DEMO_DEVICE_KEYS.length);
    // A second call adds nothing it already has.
    await first.generateFleet(2000, 'varied');
    expect(await first.deviceCount()).toBe(2000 + DEMO_DEVICE_KEYS.length);
  });

  it('holds 100,000 devices in well under 1 GB of heap, and answers them at once', async () => {
    const before = process.memoryUsage().heapUsed;
    const cloud = await fleet();
    const started = Date.now();
    const keys = await cloud.generateFleet(100_000);
    const seconds = (Date.now() - started) / 1000;
    const heapMb = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
    console.log(
      `100,000 devices: ${heapMb.toFixed(0)} MB of heap (garbage included), generated in ${seconds.toFixed(1)} s`,
    );
    expect(await cloud.deviceCount()).toBe(100_000 + DEMO_DEVICE_KEYS.length);
    expect(heapMb).toBeLessThan(1024);
    const job = await cloud.sendCommand(keys[99_999]!, 'locate', { waitMs: 600_000 });
    expect(['SUCCEEDED', 'FAILED']).toContain(job.status);
  }, 60_000);
});
