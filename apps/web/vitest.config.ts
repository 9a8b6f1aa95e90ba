import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { reactOnPreact } from './preact.ts';

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: [...reactOnPreact, { find: /^@testing-library\/react$/, replacement: '@testing-library/preact' }],
    conditions: ['module', 'browser', 'development'],
  },
  ssr: { resolve: { conditions: ['module', 'browser', 'development'] } },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    // What runs in Node, not a page (vitest.node.config.ts).
    exclude: ['src/**/*.node.test.ts'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // Loaded through Vite, so that their 'react' is the app's (the aliases above).
    server: {
      deps: {
        inline: [
          'preact',
          '@testing-library/preact',
          'react-router',
          '@tanstack/react-query',
          'react-hook-form',
          '@hookform/resolvers',
        ],
      },
    },
  },
});
