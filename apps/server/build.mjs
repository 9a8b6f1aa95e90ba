// Bundles the server into dist/ (one file per entry). Dependencies stay in node_modules;
// the workspace's TypeScript packages (@portal/*) are bundled in.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@portal/'));

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
    js: "globalThis.MIGRATIONS_DIR = new URL('../migrations', import.meta.url).pathname;",
  },
  logLevel: 'warning',
});
console.log('server built: apps/server/dist/main.js');
