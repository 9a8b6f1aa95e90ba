// Cold start of the built server on the embedded database (PGlite): how long a restart of an installed
// portal keeps it unreachable. The main figure runs from spawn to the ready line the server prints once it
// listens; the first 200 from /readyz (the database answers) is shown beside it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { median, npm, printTable, report, root } from './lib.mjs';

const mainJs = path.join(root, 'apps/server/dist/main.js');
const BUDGET_MS = 3000;
const WARM_RUNS = 3;
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
const OUTPUT_TAIL_LINES = 30;
const READY_LINE = /ready on http:\/\/localhost:(\d+)\s+\(\w+, started in (\d+) ms\)/;

/** Servers still running: whatever happens, none is left behind. */
const live = new Set();

function serverEnv(dataDir) {
  const env = { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED: 'demo' };
  // A DATABASE_URL from the shell would point the server at PostgreSQL; this measures the embedded database.
  delete env.DATABASE_URL;
  // PORT=0: the system picks a free port, which the ready line then tells.
  return { ...env, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0' };
}

/** Resolves when the server prints its ready line, with the time it arrived; rejects if it exits first. */
function readyLine(child, stdout, deadline) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ready line within ${START_TIMEOUT_MS / 1000} s`)),
      deadline - performance.now(),
    );
    stdout.on('line', (line) => {
      const match = READY_LINE.exec(line);
      if (!match) return;
      clearTimeout(timer);
      resolve({ at: performance.now(), port: Number(match[1]), selfMs: Number(match[2]) });
    });
    // 'close', not 'exit': it comes after the last output line, so the failure message has them all.
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${signal ?? `code ${code}`}) before it was ready`));
    });
  });
}

async function readyzStatus(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0; // not answering yet
  }
}

async function pollReadyz(port, deadline) {
  const url = `http://127.0.0.1:${port}/readyz`;
  while (performance.now() < deadline) {
    if ((await readyzStatus(url)) === 200) return performance.now();
    await sleep(25);
  }
  throw new Error(`${url} did not answer 200 within ${START_TIMEOUT_MS / 1000} s of the spawn`);
}

/** Starts the server on dataDir and resolves once /readyz answers 200, with the timings (ms from spawn). */
async function startServer(dataDir) {
  const spawnedAt = performance.now();
  const deadline = spawnedAt + START_TIMEOUT_MS;
  const child = spawn(process.execPath, [mainJs], {
    cwd: root,
    env: serverEnv(dataDir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  child.once('exit', () => live.delete(child));

  // Keep reading both pipes to the end (a full pipe would stall the server); the tail explains a failure.
  const tail = [];
  const keep = (line) => tail.push(line) > OUTPUT_TAIL_LINES && tail.shift();
  const stdout = createInterface({ input: child.stdout });
  stdout.on('line', keep);
  createInterface({ input: child.stderr }).on('line', keep);

  try {
    const ready = await readyLine(child, stdout, deadline);
    const readyzAt = await pollReadyz(ready.port, deadline);
    return { child, readyLineMs: ready.at - spawnedAt, readyzMs: readyzAt - spawnedAt, selfMs: ready.selfMs };
  } catch (error) {
    // Killed if it hangs; the failed start is the error worth telling.
    await stopServer(child).catch(() => {});
    throw new Error(`${error.message}\n--- last lines of the server output ---\n${tail.join('\n')}`, {
      cause: error,
    });
  }
}

/**
 * SIGTERM, then waits for the exit: the server releases DATA_DIR/server.lock on the way out, and the next
 * start on the folder must not find it taken. A server that hangs is killed, and that is an error.
 */
function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve, reject) => {
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      if (killed) reject(new Error(`the server did not exit within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM`));
      else resolve();
    });
    child.kill('SIGTERM');
  });
}

async function measureStart(dataDir, label) {
  const { child, ...timings } = await startServer(dataDir);
  await stopServer(child);
  return { label, ...timings };
}

async function measureAll(dataDir) {
  const runs = [await measureStart(dataDir, 'first start (migrations + demo seed)')];
  for (let i = 1; i <= WARM_RUNS; i++) runs.push(await measureStart(dataDir, `warm start ${i}`));
  return runs;
}

function printRuns(runs) {
  const ms = (value) => String(Math.round(value));
  printTable(
    ['run', 'ready line ms', '/readyz 200 ms', 'server says ms'],
    runs.map((run) => [run.label, ms(run.readyLineMs), ms(run.readyzMs), ms(run.selfMs)]),
    'lrrr',
  );
  console.log('(ready line, /readyz: from the spawn; "server says": its own count, Node.js boot excluded)');
  console.log();
  const warm = runs.slice(1).map((run) => run.readyLineMs);
  report({ figure: 'first start, empty data folder', value: Math.round(runs[0].readyLineMs), unit: 'ms' });
  report({
    figure: 'cold start, seeded data folder (median)',
    value: Math.round(median(warm)),
    unit: 'ms',
    budget: BUDGET_MS,
  });
}

// Interrupted (Ctrl-C, or run.mjs stopped): exit through the 'exit' clean-up below.
for (const signal of ['SIGINT', 'SIGTERM']) {
  // `on`, not `once`: a second Ctrl-C must not find the default handler and skip the clean-up.
  process.on(signal, () => process.exit(128 + os.constants.signals[signal]));
}

if (!existsSync(mainJs)) {
  console.log('apps/server/dist/main.js is missing: building the server first.\n');
  npm(['run', 'build', '-w', '@portal/server']);
}
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-cold-start-'));
// Runs on every way out, an unexpected throw included: no server is left running, no data folder behind.
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
});
try {
  printRuns(await measureAll(dataDir));
} catch (error) {
  console.error(`cold-start: could not measure: ${error.message}`);
  process.exitCode = 1;
}
