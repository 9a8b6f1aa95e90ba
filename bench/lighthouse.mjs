// Lighthouse (mobile preset: simulated slow 4G, CPU slowdown calibrated to this machine) on the pages a phone
// opens first, signed out and signed in as a dealer owner, three runs each; prints the median of each category with LCP, TBT and
// CLS against the budgets of issue 17. Starts the built server on a fresh embedded database unless given one.
// Each page is also run at Lighthouse's default 4x slowdown, whose score is printed beside (issue 31 item 3).
// Usage: node bench/lighthouse.mjs [--url http://host:port] [--runs 3] [--runs-4x 3] [--signed-out-only | --signed-in-only]
//   [--pages /,/login] (a comma-separated subset of the pages; 'product' stands for the demo product's page)
// LIGHTHOUSE_SAVE_DIR=dir keeps every run's full report there (JSON) for a closer look.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median, npm, printTable, report, root } from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '3' },
    'runs-4x': { type: 'string' },
    'signed-out-only': { type: 'boolean', default: false },
    'signed-in-only': { type: 'boolean', default: false },
    pages: { type: 'string' },
  },
});
const RUNS = Number(args.runs);
/** Runs per page at the default 4x slowdown, printed beside the calibrated figure (0: none). */
const RUNS_4X = Number(args['runs-4x'] ?? args.runs);
const DEFAULT_SLOWDOWN = 4;
const OWNER = { email: 'owner@demo.test', password: 'Portal!2026' };
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const START_TIMEOUT_MS = 180_000;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** Issue 17: performance at least 95, the other categories 100, CLS at most 0.05. */
const BUDGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100, cls: 0.05 };

/** Starts apps/server/dist/main.js on its own data folder and port; resolves with its origin once ready. */
async function startServer() {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html')) || !existsSync(path.join(root, 'apps/server/dist'))) {
    console.log('the built app is missing: building it first.\n');
    npm(['run', 'build']);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-lighthouse-'));
  const env = { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED: 'demo' };
  delete env.DATABASE_URL; // the embedded database, whatever the shell says
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: { ...env, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server was not ready in time')), START_TIMEOUT_MS);
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /ready on http:\/\/localhost:(\d+)/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('close', (code) => reject(new Error(`the server exited (code ${code}) before it was ready`)));
  });
  return { origin: `http://127.0.0.1:${port}`, stop };
}

/** The session cookie of the owner, signed in through the API. */
async function signIn(origin) {
  const response = await fetch(`${origin}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...OWNER, rememberMe: false }),
  });
  if (!response.ok) throw new Error(`sign-in of ${OWNER.email}: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** A real product of the demo data (the product page's id is its SKU). */
async function productSku(origin) {
  const response = await fetch(`${origin}/api/search-products`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({}),
  });
  const { results } = await response.json();
  if (!results?.length) throw new Error('no demo product found');
  return results[0].sku;
}

/**
 * The CPU slowdown that makes this machine emulate the same phone as any other (house rule 7). Lighthouse's
 * default 4x is meant to bring a high-end desktop (benchmark index 1,500-2,000) into the mid-tier mobile
 * bracket (docs/throttling.md, "Calibrating the CPU slowdown"): the phone we emulate has index
 * 1,750 / 4 ≈ 440, so the slowdown is this machine's index / 440 (at least 1). LIGHTHOUSE_CPU_SLOWDOWN
 * overrides it.
 */
const TARGET_PHONE_INDEX = 440;
const FIXED_SLOWDOWN = Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) || null;
let cpuSlowdown = FIXED_SLOWDOWN;
/**
 * A shared machine's speed moves during a bench (another process starts), so one calibration at the start is not
 * enough. Lighthouse measures the benchmark index at the start of every run: the phone a run emulated is that
 * index ÷ its slowdown. A run that emulated a phone more than PHONE_TOLERANCE off the target is run again with
 * the slowdown recalibrated from its own index (up to RECALIBRATIONS times); the table prints the phone each
 * row emulated.
 */
const PHONE_TOLERANCE = 0.25;
const RECALIBRATIONS = 2;
const slowdownFor = (index) => Math.max(1, Math.round((index / TARGET_PHONE_INDEX) * 10) / 10);

/** Lighthouse's benchmark index of this machine: one unthrottled-for-scoring run of a light page, thrown away. */
async function calibrate(chrome, origin) {
  if (cpuSlowdown) return;
  const { lhr } = await lighthouse(`${origin}/login`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  const index = lhr.environment.benchmarkIndex;
  cpuSlowdown = slowdownFor(index);
  console.log(
    `benchmark index ${Math.round(index)}: CPU slowdown ${cpuSlowdown}x (emulates a phone of index ${TARGET_PHONE_INDEX})`,
  );
}

async function audit(chrome, url, cookie, slowdown = cpuSlowdown ?? DEFAULT_SLOWDOWN) {
  const { lhr } = await lighthouse(
    url,
    {
      port: chrome.port,
      throttling: { cpuSlowdownMultiplier: slowdown },
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
    },
    undefined, // the default config: Lighthouse's mobile preset
  );
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const score = (category) => Math.round((lhr.categories[category].score ?? 0) * 100);
  const metric = (id) => lhr.audits[id].numericValue ?? NaN;
  return {
    ...Object.fromEntries(CATEGORIES.map((category) => [category, score(category)])),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    finalUrl: lhr.finalDisplayedUrl,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    phoneIndex: lhr.environment.benchmarkIndex / slowdown,
    lhr,
  };
}

const server = args.url ? { origin: args.url.replace(/\/$/, ''), stop: () => {} } : await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  await calibrate(chrome, server.origin);
  const sku = await productSku(server.origin);
  const productPage = `/product/${encodeURIComponent(sku)}`;
  const pages = args.pages
    ? args.pages.split(',').map((page) => (page === 'product' ? productPage : page))
    : ['/', '/login', '/search?s=remote', '/wiring', productPage];
  const modes = args['signed-in-only'] ? [] : [{ name: 'signed out', cookie: undefined }];
  if (!args['signed-out-only']) modes.push({ name: 'signed in (owner)', cookie: await signIn(server.origin) });
  console.log(
    `load average at the start: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}\n`,
  );

  const rows = [];
  const misses = [];
  const benchmarkIndexes = [];
  for (const mode of modes) {
    for (const page of pages) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        // A busy machine sometimes loses the trace (NO_NAVSTART, NO_FCP): such a run is tried once more.
        for (let attempt = 1, recalibrated = 0; attempt <= 2; attempt++) {
          try {
            const result = await audit(chrome, server.origin + page, mode.cookie);
            const off = Math.abs(result.phoneIndex / TARGET_PHONE_INDEX - 1) > PHONE_TOLERANCE;
            if (off && !FIXED_SLOWDOWN && recalibrated < RECALIBRATIONS) {
              recalibrated++;
              cpuSlowdown = slowdownFor(result.benchmarkIndex);
              console.log(
                `${mode.name} ${page}: run ${run + 1} emulated a phone of index ${Math.round(result.phoneIndex)}; ` +
                  `again at ${cpuSlowdown}x (benchmark index now ${Math.round(result.benchmarkIndex)})`,
              );
              attempt--;
              continue;
            }
            if (process.env.LIGHTHOUSE_SAVE_DIR) {
              const file = `${mode.name}${page}-${run + 1}`.replace(/[^a-z0-9-]+/gi, '_') + '.json';
              writeFileSync(path.join(process.env.LIGHTHOUSE_SAVE_DIR, file), JSON.stringify(result.lhr));
            }
            runs.push(result);
            break;
          } catch (error) {
            console.log(`${mode.name} ${page}: run ${run + 1} attempt ${attempt} failed: ${error.message}`);
          }
        }
      }
      if (runs.length === 0) {
        misses.push(`${mode.name} ${page}: no run finished`);
        continue;
      }
      // The same page at Lighthouse's default slowdown, whatever this machine's speed: the figure to compare
      // with reports that did not calibrate (a fast host scores better at 4x, a slow one worse).
      const runs4x = [];
      for (let run = 0; run < RUNS_4X; run++) {
        try {
          runs4x.push(await audit(chrome, server.origin + page, mode.cookie, DEFAULT_SLOWDOWN));
        } catch (error) {
          console.log(`${mode.name} ${page}: run ${run + 1} at 4x failed: ${error.message}`);
        }
      }
      const med4x = (key) => (runs4x.length ? median(runs4x.map((r) => r[key])) : NaN);
      const med = (key) => median(runs.map((r) => r[key]));
      const landed = new URL(runs[0].finalUrl).pathname;
      const name = `${page}${landed === page.split('?')[0] ? '' : ` (-> ${landed})`}`;
      const result = Object.fromEntries(
        [...CATEGORIES, 'lcp', 'tbt', 'cls', 'phoneIndex'].map((key) => [key, med(key)]),
      );
      const over = [
        ...CATEGORIES.filter((category) => result[category] < BUDGETS[category]),
        ...(result.cls > BUDGETS.cls ? ['cls'] : []),
      ];
      if (over.length) misses.push(`${mode.name} ${name}: ${over.join(', ')}`);
      rows.push([
        mode.name,
        name,
        ...CATEGORIES.map((category) => result[category]),
        (result.lcp / 1000).toFixed(2),
        Math.round(result.tbt),
        result.cls.toFixed(3),
        Math.round(result.phoneIndex),
        over.length ? 'OVER' : 'ok',
        runs4x.length ? med4x('performance') : '-',
        runs4x.length ? Math.round(med4x('tbt')) : '-',
      ]);
      console.log(
        `${mode.name} ${name}: performance ${runs.map((r) => r.performance).join(', ')}` +
          (runs4x.length ? `; at 4x ${runs4x.map((r) => r.performance).join(', ')}` : ''),
      );
      benchmarkIndexes.push(...runs.map((r) => r.benchmarkIndex));
    }
  }
  console.log(
    `\nmedians of ${RUNS} runs; load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  // Lighthouse's own measure of this machine's CPU (higher is faster): the slowdown was calibrated to it, so TBT
  // figures of machines with different indexes compare (roughly: the index itself varies from run to run).
  console.log(
    `Lighthouse benchmark index of this machine (median): ${Math.round(median(benchmarkIndexes))}; CPU slowdown ` +
      `${cpuSlowdown}x at the end; 'phone idx' is the benchmark index each row emulated (target ${TARGET_PHONE_INDEX})`,
  );
  printTable(
    [
      'session',
      'page',
      'perf',
      'a11y',
      'best-pr.',
      'seo',
      'LCP s',
      'TBT ms',
      'CLS',
      'phone idx',
      'budget',
      'perf 4x',
      'TBT 4x',
    ],
    rows,
    'llrrrrrrrrlrr',
  );
  console.log(`'perf 4x', 'TBT 4x': medians of ${RUNS_4X} runs at Lighthouse's default 4x slowdown (not calibrated)`);
  console.log(
    `\nbudgets: performance >= ${BUDGETS.performance}, accessibility, best practices and SEO 100, CLS <= ${BUDGETS.cls}`,
  );
  for (const miss of misses) console.log(`  over budget: ${miss}`);
  console.log();
  report({ figure: 'page medians over a Lighthouse budget', value: misses.length, unit: 'pages', budget: 0 });
  report({ figure: 'lowest median performance score', value: Math.min(...rows.map((row) => row[2])), unit: '' });
  report({ figure: 'highest median CLS', value: Math.max(...rows.map((row) => Number(row[8]))), unit: '' });
} finally {
  await chrome.kill();
  server.stop();
}
