import { configDefaults, defineProject } from 'vitest/config';

/**
 * The files that must have a module graph of their own (isolated: vitest.isolated.config.ts): a vi.mock of a
 * library the app imports takes effect only where the app's modules are loaded afresh.
 */
export const ISOLATED_FILES = ['test/endpoints.test.ts'];

/** What both server projects share: one template database for the run (test/global-setup.ts), a copy a file. */
export const serverTest = {
  environment: 'node',
  globalSetup: ['test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 120_000,
};

export default defineProject({
  test: {
    ...serverTest,
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...ISOLATED_FILES],
    // A worker keeps the server's modules loaded from one file to the next (about 1.7 s a file, of some eighty):
    // every file still builds its own app on its own database copy, and the server keeps no state in a module
    // but per database or per instance (WeakMaps keyed by the Db; a file that changes a module's setting puts it
    // back in its afterAll).
    isolate: false,
  },
});
