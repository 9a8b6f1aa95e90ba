import { defineConfig } from 'vitest/config';

/** One run over every workspace; each keeps its own test config beside its code. */
export default defineConfig({
  test: {
    projects: [
      'packages/contracts/vitest.config.ts',
      'packages/device-sim/vitest.config.ts',
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.node.config.ts',
    ],
  },
});
