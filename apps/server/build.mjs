// Bundles the server into dist/ (one file per entry). The workspace's TypeScript packages and the
// pure-JS libraries with many small modules are bundled in: loading one file instead of hundreds
// halves the start time. Packages that find files next to themselves at run time (PGlite's WASM,
// Swagger UI's assets, pino's worker transports) or carry native code stay in node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const bundled = new Set(['better-auth', 'drizzle-orm', 'zod', 'fastify-type-provider-zod', 'nodemailer', 'redis']);
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@portal/') && !bundled.has(name));

await build({
  entryPoints: { main: 'src/main.ts', seed: 'src/seed/cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  // The bundle lives one folder below the app; tell db/migrate.ts where the migrations are.
  banner: {
    js: [
      "globalThis.MIGRATIONS_DIR = new URL('../migrations', import.meta.url).pathname;",
      // Bundled CommonJS libraries call require(): give the ESM bundle one.
      "import { createRequire as __portalCreateRequire } from 'node:module';",
      'const require = __portalCreateRequire(import.meta.url);',
    ].join('\n'),
  },
  logLevel: 'warning',
});
console.log('server built: apps/server/dist/main.js');
