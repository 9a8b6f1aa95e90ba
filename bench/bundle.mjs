// First-load weight of the built web app: what a browser must fetch before the first render (the entry
// chunk, what it imports statically or index.html preloads, and the stylesheets), gzipped as served.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { kB, npm, printTable, report, root } from './lib.mjs';

const dist = path.join(root, 'apps/web/dist');
const BUDGET_KB = 150;

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

function measure(file) {
  const content = readFileSync(file);
  return {
    name: path.relative(dist, file),
    raw: content.length,
    gzip: gzipSync(content, { level: 9 }).length,
  };
}

function sum(sizes, key) {
  return sizes.reduce((total, size) => total + size[key], 0);
}

if (!existsSync(path.join(dist, 'index.html'))) {
  console.log('apps/web/dist/index.html is missing: building the web app first.\n');
  npm(['run', 'build', '-w', '@portal/web']);
}

const { js, css } = firstLoadFiles(readFileSync(path.join(dist, 'index.html'), 'utf8'));
const jsSizes = js.map(measure);
const cssSizes = css.map(measure);
const row = (name, raw, gzip) => [name, kB(raw).toFixed(1), kB(gzip).toFixed(1)];
printTable(
  ['first-load file', 'raw kB', 'gzip kB'],
  [
    ...[...jsSizes, ...cssSizes].map((size) => row(size.name, size.raw, size.gzip)),
    row('total JS', sum(jsSizes, 'raw'), sum(jsSizes, 'gzip')),
    row('total CSS', sum(cssSizes, 'raw'), sum(cssSizes, 'gzip')),
  ],
  'lrr',
);
console.log();
report({ figure: 'first-load JS (gzip)', value: kB(sum(jsSizes, 'gzip')), unit: 'kB', budget: BUDGET_KB });
report({ figure: 'first-load CSS (gzip)', value: kB(sum(cssSizes, 'gzip')), unit: 'kB' });

const assets = path.join(dist, 'assets');
const lazy = readdirSync(assets)
  .filter((name) => name.endsWith('.js'))
  .map((name) => path.join(assets, name))
  .filter((file) => !js.includes(file))
  .map(measure)
  .sort((a, b) => b.gzip - a.gzip);
if (lazy.length === 0) {
  console.log('no lazy chunks');
} else {
  report({ figure: `largest lazy chunk (gzip), ${lazy[0].name}`, value: kB(lazy[0].gzip), unit: 'kB' });
  console.log(`  (${kB(lazy[0].raw)} kB raw; ${lazy.length} lazy chunks in all)`);
}
