// Entry for `npm run bench`: runs the benchmarks in order, each in its own process so that one's crash or
// left-over handles cannot skew the next, then prints their headline figures together.
// Usage: node bench/run.mjs [name ...]   (no names: all of them)
import { spawn } from 'node:child_process';
import path from 'node:path';
import { printTable, root } from './lib.mjs';

// To add a benchmark: write bench/<file> (reporting its figures with report() from lib.mjs) and list it here.
const BENCHES = [
  {
    name: 'bundle',
    file: 'bundle.mjs',
    description: 'first-load JS and CSS of the built web app, as sent (brotli, gzip)',
  },
  { name: 'cold-start', file: 'cold-start.mjs', description: 'start time of the built server on PGlite' },
  { name: 'search', file: 'search.mjs', description: 'POST /api/search-products under load, PostgreSQL and PGlite' },
  {
    name: 'wiring',
    file: 'wiring.mjs',
    description: 'year-make-model, vehicle-info and session under load on PostgreSQL',
  },
  {
    name: 'checkout',
    file: 'checkout.mjs',
    description: 'complete-b2b-checkout with 20 buyers at once, and the orders list at 10,000, on PostgreSQL',
  },
  {
    name: 'subscriptions',
    file: 'subscriptions.mjs',
    description: 'POST /api/payments (mock run and purchase) with 20 buyers at once, on PostgreSQL',
  },
  {
    name: 'devices',
    file: 'devices.mjs',
    description: 'send-command and device-check at 50 connections, 500 event streams, devices in 1 GB',
  },
  {
    name: 'lighthouse',
    file: 'lighthouse.mjs',
    description: 'Lighthouse mobile scores, LCP, TBT and CLS of the first pages, signed out and in',
  },
];

function selectBenches(names) {
  if (names.length === 0) return BENCHES;
  const unknown = names.filter((name) => !BENCHES.some((bench) => bench.name === name));
  if (unknown.length > 0) {
    console.error(`Unknown benchmark: ${unknown.join(', ')}. Available:`);
    for (const bench of BENCHES) console.error(`  ${bench.name.padEnd(12)} ${bench.description}`);
    process.exit(2);
  }
  return BENCHES.filter((bench) => names.includes(bench.name));
}

/**
 * Runs one benchmark with its output on this terminal; its figures come back over the IPC channel. A Ctrl-C
 * reaches the benchmark too (same process group), which then cleans up after itself.
 */
function runBench(bench) {
  console.log(`\n=== ${bench.name}: ${bench.description} ===\n`);
  const startedAt = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'bench', bench.file)], {
    cwd: root,
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  const figures = [];
  child.on('message', (figure) => figures.push(figure));
  return new Promise((resolve) => {
    child.once('close', (code, signal) => {
      const failure = code === 0 ? undefined : `FAILED (${signal ?? `exit ${code}`})`;
      resolve({ bench, figures, failure, seconds: (performance.now() - startedAt) / 1000 });
    });
  });
}

function printSummary(results) {
  console.log('\n=== summary ===\n');
  const rows = results.flatMap(({ bench, figures, failure, seconds }) => [
    ...figures.map((f) => [
      bench.name,
      f.figure,
      `${f.value} ${f.unit}`,
      f.budget === undefined ? '-' : `${f.budget} ${f.unit}`,
      f.budget === undefined ? 'info' : f.over ? 'OVER BUDGET' : 'ok',
    ]),
    ...(failure ? [[bench.name, `measurement failed after ${seconds.toFixed(1)} s`, '-', '-', failure]] : []),
  ]);
  printTable(['bench', 'figure', 'value', 'budget', 'status'], rows, 'llrrl');
}

const results = [];
for (const bench of selectBenches(process.argv.slice(2))) results.push(await runBench(bench));
printSummary(results);
// Budgets never fail the run; only a benchmark that could not measure does.
if (results.some((result) => result.failure)) process.exitCode = 1;
