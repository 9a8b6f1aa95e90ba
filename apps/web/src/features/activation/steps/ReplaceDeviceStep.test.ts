import { describe, expect, it } from 'vitest';
import { takeOverSummary } from './ReplaceDeviceStep.tsx';

const plan = {
  name: 'Premium',
  duration: '2_year',
  started_at: '2026-01-01T00:00:00.000Z',
  expires_at: '2028-01-01T00:00:00.000Z',
};

describe('takeOverSummary (replace-device: what the new unit took over, from the answer)', () => {
  it('names what came over: the option tables by schema, feature settings, KeyLocker PINs and mode, the plan', () => {
    expect(
      takeOverSummary('10230000240', {
        device_key: '10230000241',
        taken_over: {
          replaces: '10230000240',
          option_tables: ['CM7300', 'keylocker-add-on'],
          feature_settings: true,
          keylocker: { mode: 'add-on', pins_enabled: 1 },
          plan,
        },
      }),
    ).toBe(
      '10230000241 replaced 10230000240 and took over its option tables (CM7300, keylocker-add-on), feature settings, KeyLocker PINs (1 enabled) and add-on mode, the Premium plan (2 years); 10230000240 is retired',
    );
  });

  it('leaves out what did not come over, and says when the old unit had no plan', () => {
    expect(
      takeOverSummary('10230000240', {
        device_key: '10230000241',
        taken_over: {
          replaces: '10230000240',
          option_tables: ['CM900AS'],
          feature_settings: false,
          keylocker: null,
          plan: null,
        },
      }),
    ).toBe(
      '10230000241 replaced 10230000240 and took over its option table (CM900AS) (the old unit had no plan); 10230000240 is retired',
    );
  });

  it('an answer without a taking over claims none', () => {
    expect(takeOverSummary('10230000240', { device_key: '10230000241', taken_over: null })).toBe(
      '10230000241 replaced 10230000240; 10230000240 is retired',
    );
  });
});
