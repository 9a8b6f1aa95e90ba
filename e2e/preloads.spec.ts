import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

/**
 * Issue 27 §3: every page's index.html names the chunks its screen needs as modulepreload links, and a
 * name the build never wrote cost every first load of a money page a 404. Every page of the route table,
 * as the server sends it: each script and stylesheet it names is served.
 */
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const pages = Object.keys(
  JSON.parse(readFileSync(path.join(dist, '.vite/page-preloads.json'), 'utf8')) as Record<string, string[]>,
);

test('every file a page preloads or links exists, on every page of the route table', async ({ request }) => {
  expect(pages.length).toBeGreaterThan(30);
  const checked = new Set<string>();
  for (const page of pages) {
    // A route's optional parameter left out, a required one filled in.
    const url = page.replace(/\/:[^/]+\?$/, '').replace(/:[^/]+/g, 'x') || '/';
    const html = await (await request.get(url)).text();
    const files = [...html.matchAll(/<link rel="(?:modulepreload|stylesheet)"[^>]* href="([^"]+)"/g)].map((m) => m[1]!);
    expect(files.length, url).toBeGreaterThan(0);
    for (const file of files) {
      if (checked.has(file)) continue;
      checked.add(file);
      expect((await request.get(file)).status(), `${url} names ${file}`).toBe(200);
    }
  }
});
