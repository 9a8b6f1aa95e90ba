import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('demo data at start (issue 14 §2)', () => {
  it('production never loads the demo accounts unless told so in so many words', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedsDemoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED: 'auto' }).seedsDemoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED: 'demo' }).seedsDemoData).toBe(true);
  });

  it('outside production an empty database gets the demo data, unless SEED=never', () => {
    expect(loadConfig({}).seedsDemoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).seedsDemoData).toBe(true);
    expect(loadConfig({ SEED: 'never' }).seedsDemoData).toBe(false);
  });

  it('production is not in demo mode (no mailbox) unless DEMO_MODE says so', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demoMode).toBe(false);
    expect(loadConfig({}).demoMode).toBe(true);
  });
});
