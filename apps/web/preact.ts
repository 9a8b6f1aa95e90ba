import type { Alias } from 'vite';

/**
 * The web app runs on Preact through its React compatibility layer (issue 17: React DOM alone was 56 of
 * the first page's 116 kB as sent; Preact is 4 kB, its compat layer 5). The code and its libraries keep
 * importing 'react' and 'react-dom'; the build and the tests resolve those names here, so what the tests
 * run is what ships. docs/decisions.md "The phone's first page" says what changed with it.
 */
export const reactOnPreact: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];
