import { defineProject } from 'vitest/config';

/** The web app's code that runs the same in Node as in a page (the VIN barcode reader): no page, no stubs. */
export default defineProject({
  test: {
    name: 'web-node',
    include: ['src/**/*.node.test.ts'],
    environment: 'node',
  },
});
