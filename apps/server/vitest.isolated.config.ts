import { defineProject } from 'vitest/config';
import { ISOLATED_FILES, serverTest } from './vitest.config.ts';

/** The server tests that mock a library the app imports: each file loads the app's modules afresh. */
export default defineProject({
  test: {
    ...serverTest,
    name: 'server-isolated',
    include: ISOLATED_FILES,
    isolate: true,
  },
});
