// First-load weight of the built web app: what a browser must fetch before the first render (index.html,
// the entry chunk, what it imports statically or index.html preloads, and the stylesheets), in the bytes
// the server sends. The build writes a brotli (.br) and a gzip (.gz) copy next to each text file
// (apps/web/vite.config.ts) and the server sends the one the browser accepts (apps/server/src/plugins/spa.ts):
// these are the sizes of those files, brotli being what a phone's browser downloads. A file without its
// copy goes as the next one the server has (gzip, else plain) and is flagged.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { kB, npm, printTable, report, root } from './lib.mjs';

const dist = path.join(root, 'apps/web/dist');
/** Issue 17: first-load JS at most 100 kB as sent. */
const BUDGET_KB = 100;

// `import ... from "./x.js"`, bare `import "./x.js"` and `export ... from "./x.js"` all load together with
// their importer. A dynamic `import("./x.js")` does not match (a parenthesis follows the keyword): those
// chunks are lazy routes, fetched on navigation.
const STATIC_IMPORT = /(?<![\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?from\s*)?["'](\.\.?\/[^"']+)["']/g;

/** The attributes of every `<tag ...>` in the html, one object per tag (names lower-cased). */
function tags(html, tag) {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))].map(([, attributes]) =>
    Object.fromEntries(
      [...attributes.matchAll(/([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)].map(
        ([, name, double, single, bare]) => [name.toLowerCase(), double ?? single ?? bare ?? ''],
      ),
    ),
  );
}

function hasRel(link, rel) {
  return (link.rel ?? '').split(/\s+/).includes(rel);
}

/** The dist file an index.html URL points at ('/assets/x.js' or './assets/x.js'). */
function distFile(url) {
  return path.join(dist, url.split(/[?#]/)[0].replace(/^\//, ''));
}

function firstLoadFiles(html) {
  const links = tags(html, 'link');
  const entries = [
    ...tags(html, 'script')
      .filter((script) => script.type === 'module' && script.src)
      .map((script) => script.src),
    ...links.filter((link) => hasRel(link, 'modulepreload') && link.href).map((link) => link.href),
  ];
  const styles = links.filter((link) => hasRel(link, 'stylesheet') && link.href).map((link) => link.href);

  // Preload hints can lag behind the real import graph, so the static imports are followed as well.
  const js = new Set();
  const visit = (file) => {
    if (js.has(file)) return;
    js.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      visit(path.resolve(path.dirname(file), specifier));
    }
  };
  entries.map(distFile).forEach(visit);
  return { js: [...js], css: styles.map(distFile) };
}

const missing = [];

/** Bytes of the file the server sends for `file` in `encoding` ('.br', '.gz'): its copy, else the next one. */
function sent(file, raw, ...encodings) {
  for (const extension of encodings) {
    const size = statSync(file + extension, { throwIfNoEntry: false })?.size;
    if (size !== undefined) return size;
    missing.push(path.relative(dist, file) + extension);
  }
  return raw;
}

function measure(file) {
  const raw = statSync(file).size;
  return { name: path.relative(dist, file), raw, gzip: sent(file, raw, '.gz'), br: sent(file, raw, '.br', '.gz') };
}

function sum(sizes, key) {
  return sizes.reduce((total, size) => total + size[key], 0);
}

if (!existsSync(path.join(dist, 'index.html'))) {
  console.log('apps/web/dist/index.html is missing: building the web app first.\n');
  npm(['run', 'build', '-w', '@portal/web']);
}

const indexFile = path.join(dist, 'index.html');
const { js, css } = firstLoadFiles(readFileSync(indexFile, 'utf8'));
const htmlSizes = [measure(indexFile)];
const jsSizes = js.map(measure);
const cssSizes = css.map(measure);
const total = (name, sizes) => ({ name, raw: sum(sizes, 'raw'), gzip: sum(sizes, 'gzip'), br: sum(sizes, 'br') });
const row = ({ name, raw, gzip, br }) => [name, ...[raw, gzip, br].map((bytes) => kB(bytes).toFixed(1))];
const all = [...htmlSizes, ...jsSizes, ...cssSizes];
printTable(
  ['first-load file', 'raw kB', 'gzip kB', 'br kB'],
  [
    ...all.map(row),
    row(total('total JS', jsSizes)),
    row(total('total CSS', cssSizes)),
    row(total('total first load (html + JS + CSS)', all)),
  ],
  'lrrr',
);
console.log('(gzip and br: the .gz and .br files the build wrote, as the server sends them)');
if (missing.length > 0) {
  console.log(`not precompressed, sent as the next copy or plain (rebuild with npm run build): ${missing.join(', ')}`);
}
console.log();
report({ figure: 'first-load JS as sent (br)', value: kB(sum(jsSizes, 'br')), unit: 'kB', budget: BUDGET_KB });
report({ figure: 'first-load JS as sent (gzip)', value: kB(sum(jsSizes, 'gzip')), unit: 'kB', budget: BUDGET_KB });
report({ figure: 'first-load JS raw', value: kB(sum(jsSizes, 'raw')), unit: 'kB' });
report({ figure: 'first-load CSS as sent (br)', value: kB(sum(cssSizes, 'br')), unit: 'kB' });
report({ figure: 'first load, html + JS + CSS, as sent (br)', value: kB(sum(all, 'br')), unit: 'kB' });

const assets = path.join(dist, 'assets');
const lazy = readdirSync(assets)
  .filter((name) => name.endsWith('.js'))
  .map((name) => path.join(assets, name))
  .filter((file) => !js.includes(file))
  .map(measure)
  .sort((a, b) => b.br - a.br);
if (lazy.length === 0) {
  console.log('no lazy chunks');
} else {
  report({ figure: `largest lazy chunk as sent (br), ${lazy[0].name}`, value: kB(lazy[0].br), unit: 'kB' });
  console.log(`  (${kB(lazy[0].raw)} kB raw, ${kB(lazy[0].gzip)} kB gzip; ${lazy.length} lazy chunks in all)`);
}
