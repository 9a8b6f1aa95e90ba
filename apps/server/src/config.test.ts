import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
    // Its API documentation is for admins unless API_DOCS says otherwise (issue 32).
    expect(loadConfig({ NODE_ENV: 'production' }).API_DOCS).toBe('admins');
    expect(loadConfig({}).API_DOCS).toBe('public');
  });
});

describe('one data folder whatever the working directory (issue 15 §1)', () => {
  const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

  it('defaults to <repo>/data, from the repository root or from apps/server', () => {
    expect(loadConfig({}).dataDir).toBe(path.join(repository, 'data'));
    expect(loadConfig({ INIT_CWD: path.join(repository, 'apps/server') }).dataDir).toBe(path.join(repository, 'data'));
  });

  it('reads a relative DATA_DIR from where npm was started', () => {
    expect(loadConfig({ DATA_DIR: './other', INIT_CWD: repository }).dataDir).toBe(path.join(repository, 'other'));
    expect(loadConfig({ DATA_DIR: '/srv/portal' }).dataDir).toBe('/srv/portal');
  });
});

describe('SERVER_PROCESSES (test/processes.test.ts runs them)', () => {
  it('is one process unless asked, and more only on PostgreSQL: the embedded database is one process’s', () => {
    expect(loadConfig({}).SERVER_PROCESSES).toBe(1);
    expect(() => loadConfig({ SERVER_PROCESSES: '2' })).toThrow(/SERVER_PROCESSES: above 1 needs DATABASE_URL/);
    expect(loadConfig({ SERVER_PROCESSES: '2', DATABASE_URL: 'postgres://127.0.0.1/portal' }).SERVER_PROCESSES).toBe(2);
    expect(() => loadConfig({ SERVER_PROCESSES: '0' })).toThrow(/SERVER_PROCESSES/);
  });
});
