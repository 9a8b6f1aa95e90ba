import os from 'node:os';
import { defineConfig } from 'vitest/config';

/** One run over every workspace; each keeps its own test config beside its code. */
export default defineConfig({
  test: {
    // Two files at a time even on two cores (Vitest's default leaves one core idle): a file spends much of its time
    // starting its server and database copy, and every file has a database of its own.
    maxWorkers: Math.max(os.availableParallelism() - 1, 2),
    projects: [
      'packages/contracts/vitest.config.ts',
      'packages/device-sim/vitest.config.ts',
      'apps/server/vitest.config.ts',
      'apps/server/vitest.isolated.config.ts',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.node.config.ts',
    ],
  },
});
