import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { reactOnPreact } from './preact.ts';

/** The text files (and the VIN scan’s WebAssembly) the server sends precompressed (apps/server/src/plugins/spa.ts). */
const PRECOMPRESSED = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|wasm)$/;

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) next to every text file of the build,
 * public files included, for @fastify/static's `preCompressed`: the server then sends compressed bytes
 * without compressing anything per request. Every text file gets both, even a tiny one, so that no file
 * is left for the server to compress on the fly.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  let outDir = '';
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const names = (await readdir(outDir, { recursive: true })).filter((name) => PRECOMPRESSED.test(name));
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(outDir, name);
          const content = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipped(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

const FORM_LIBRARIES = /node_modules[\\/](react-hook-form|@hookform[\\/]resolvers|zod)[\\/]/;
const FORM_HELPERS = /apps[\\/]web[\\/]src[\\/]components[\\/]form[\\/]/;
/**
 * The form libraries and our form helpers (the chunk 'forms'). The contract modules that build Zod schemas
 * stay with the pages that use them: in this chunk every form page paid for every schema (issue 18 grew
 * them; /wiring signed in fell from 97 to 93).
 */
function usesForms(id: string): boolean {
  return FORM_LIBRARIES.test(id) || FORM_HELPERS.test(id);
}

/** Where the server finds each page's chunks (apps/server/src/plugins/spa.ts). */
export const PAGE_PRELOADS_FILE = '.vite/page-preloads.json';

/**
 * Lists, for each page of the route table, the chunks its screen loads beyond what index.html already
 * loads, then their style sheets: `{ "/search": ["/assets/SearchPage-x.js", …, "/assets/search-y.css"] }`. The server puts them in the page's index.html
 * as modulepreload links, so a phone fetches the page's code beside the entry instead of after it
 * (issue 17). The screens are read from src/app/routes.ts, one `'path': () => import('module')` a line;
 * a screen without its chunk fails the build.
 */
function pagePreloads(): Plugin {
  let routesFile = '';
  let root = '';
  return {
    name: 'portal:page-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      routesFile = path.resolve(config.root, 'src/app/routes.ts');
    },
    // Last, after Vite's own generateBundle hooks: its CSS plugin drops the chunks that held only CSS
    // imports, and a list made before would name files the build never writes (issue 27 §3).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
        const byModule = new Map(
          chunks.flatMap((chunk) => (chunk.facadeModuleId ? [[chunk.facadeModuleId, chunk]] : [])),
        );
        const loadedWith = (chunk: Rollup.OutputChunk, into = new Set<string>()) => {
          if (into.has(chunk.fileName)) return into;
          into.add(chunk.fileName);
          for (const file of chunk.imports) {
            // Only what the bundle still holds: a chunk Vite removed is loaded by no one.
            const imported = bundle[file];
            if (imported?.type === 'chunk') loadedWith(imported, into);
          }
          return into;
        };
        const initial = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [...loadedWith(chunk)]));
        // Issue 31 item 3: the first page builds no wire schema. Zod and the contract modules that define schemas
        // cost a phone a long task at start (their module bodies run before the first render); one runtime
        // import of a helper from such a module (cart.ts's badge count did it) pulls them all in, so it fails
        // the build, naming the modules.
        const formsOnFirstPage = chunks
          .filter((chunk) => initial.has(chunk.fileName))
          .flatMap((chunk) => Object.keys(chunk.modules))
          .filter(usesForms);
        if (formsOnFirstPage.length)
          this.error(
            `the first page's code holds the form libraries (import from a schema-free module instead): ` +
              formsOnFirstPage
                .slice(0, 5)
                .map((id) => path.relative(root, id))
                .join(', ') +
              (formsOnFirstPage.length > 5 ? ` and ${formsOnFirstPage.length - 5} more` : ''),
          );
        const screens = [
          ...readFileSync(routesFile, 'utf8').matchAll(/^\s*'(\/[^']*)': \(\) => import\('([^']+)'\),$/gm),
        ];
        if (screens.length === 0) this.error(`no screens found in ${routesFile}`);
        const table: Record<string, string[]> = {};
        for (const [, page = '', specifier = ''] of screens) {
          const chunk = byModule.get(path.resolve(path.dirname(routesFile), specifier));
          if (!chunk) this.error(`the screen of ${page} (${specifier}) has no chunk of its own`);
          const files = [...loadedWith(chunk)].filter((file) => !initial.has(file));
          // Issue 31 item 3: the screen's style sheets too. Otherwise the app adds them when the router first
          // asks for the screen (a DOM write in the router's task) and fetches them only then, a round trip
          // after the entry has run, before the screen may show.
          const initialCss = new Set(
            [...initial].flatMap((file) => [...((bundle[file] as Rollup.OutputChunk).viteMetadata?.importedCss ?? [])]),
          );
          const css = files.flatMap((file) => [
            ...((bundle[file] as Rollup.OutputChunk).viteMetadata?.importedCss ?? []),
          ]);
          table[page] = [...files, ...new Set(css.filter((file) => !initialCss.has(file)))].map((file) => `/${file}`);
        }
        this.emitFile({ type: 'asset', fileName: PAGE_PRELOADS_FILE, source: JSON.stringify(table, null, 1) });
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    // Issue 31 item 2: the offline worker (src/sw.ts, rules in src/offline/policy.ts) and the install manifest.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: {
        name: 'Dealer Portal',
        short_name: 'Dealer Portal',
        description: 'Order on account, look up vehicle wiring and activate devices.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#14213d',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // Every screen's code and styles (about 300 kB compressed): any screen opens offline. Not the VIN
        // scan's WebAssembly (1 MB; kept when first used) nor source maps.
        globPatterns: ['assets/*.{js,css}', 'favicon.svg', 'icons/*.png'],
        globIgnores: ['**/*.map'],
        maximumFileSizeToCacheInBytes: 600_000,
      },
    }),
    precompress(),
    pagePreloads(),
  ],
  resolve: { alias: reactOnPreact },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/healthz': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The runtime and the router change rarely: their own chunk stays cached across deploys.
            {
              name: 'vendor',
              test: /node_modules[\\/](preact|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 3,
            },
            // Everything else the first page runs, in one file: a phone on HTTP/1.1 fetches six files at
            // a time, so twenty small chunks cost several round trips (issue 17).
            { name: 'app', tags: ['$initial'], priority: 2 },
            // The form libraries and our code built on them, loaded with the first page that has a form.
            { name: 'forms', test: usesForms, priority: 1 },
          ],
        },
      },
    },
  },
});
