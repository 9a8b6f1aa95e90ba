// Helpers shared by the bench scripts: the repo root, formatting, builds of missing dist folders, and the
// headline figures that run.mjs gathers into its closing summary.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Bytes as kB with one decimal. 1 kB = 1000 bytes, as in Vite's build report, so the two agree. */
export function kB(bytes) {
  return Number((bytes / 1000).toFixed(1));
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Prints rows as aligned columns; `align` has one letter per column: 'l' (text) or 'r' (numbers). */
export function printTable(headers, rows, align) {
  const cells = [headers, ...rows].map((row) => row.map(String));
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => row[i].length)));
  const line = (row) =>
    row
      .map((cell, i) => (align[i] === 'r' ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  console.log(line(cells[0]));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of cells.slice(1)) console.log(line(row));
}

/** Runs `npm <args>` at the repo root (used to build a missing dist folder); throws if it fails. */
export function npm(args) {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status === 0) return;
  throw new Error(`npm ${args.join(' ')} failed (${result.signal ?? `exit ${result.status}`})`);
}

/**
 * Prints one headline figure next to its budget (no budget: for information). Being over budget is shown,
 * never fatal: these scripts measure, they do not test. Under run.mjs the figure also goes to its summary.
 */
export function report({ figure, value, unit, budget }) {
  const over = budget !== undefined && value > budget;
  const against = budget === undefined ? 'for information' : `budget ${budget} ${unit}`;
  console.log(`${figure}: ${value} ${unit}  (${against})${over ? '  <<< OVER BUDGET' : ''}`);
  process.send?.({ figure, value, unit, budget, over });
}

/**
 * The bench's own database on the PostgreSQL at `pgUrl` (no trailing slash): made when missing, and dropped
 * first with BENCH_RESEED=1. Answers its URL.
 */
export async function ensureDatabase(pgUrl, name) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: `${pgUrl}/postgres` });
  await admin.connect();
  if (process.env.BENCH_RESEED === '1') await admin.query(`drop database if exists "${name}" with (force)`);
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) await admin.query(`create database "${name}"`);
  await admin.end();
  return `${pgUrl}/${name}`;
}

/** Demo vehicles as [year, makeId, modelId] (the seed's ids): the wiring look-ups the benches ask. */
export const DEMO_VEHICLE_IDS = [
  [2019, 'toyota', 'toyota-camry'],
  [2018, 'honda', 'honda-civic'],
  [2020, 'ford', 'ford-f-150'],
  [2017, 'chevrolet', 'chevrolet-silverado-1500'],
  [2021, 'jeep', 'jeep-wrangler'],
  [2016, 'nissan', 'nissan-altima'],
  [2022, 'hyundai', 'hyundai-tucson'],
  [2015, 'subaru', 'subaru-outback'],
  [2019, 'ram', 'ram-1500'],
  [2020, 'kia', 'kia-telluride'],
];

/**
 * The phones' HTTP: node:http with kept-alive connections (cheaper for this script than fetch, so the
 * machine's CPU goes to the server and the database), asking for compressed answers as a browser does.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function send(method, url, headers, body) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const text = (
          encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw
        ).toString();
        resolve({ status: response.statusCode, headers: response.headers, text });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** A signed-in browser of one account: call(method, url, body, headers) → { status, json, ms }. */
export async function signedInBrowser(base, email) {
  let cookie = '';
  const call = async (method, url, body, headers = {}) => {
    const started = performance.now();
    const payload = body ? JSON.stringify(body) : undefined;
    const response = await send(
      method,
      base + url,
      {
        'accept-encoding': 'br, gzip',
        ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      payload,
    );
    let json = null;
    try {
      json = JSON.parse(response.text);
    } catch {
      // not JSON: the status says what happened
    }
    const ms = performance.now() - started;
    const set = (response.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]);
    if (set.length) cookie = set.join('; ');
    return { status: response.status, json, ms };
  };
  const signedIn = await call('POST', '/api/auth/sign-in', { email, password: 'Portal!2026', rememberMe: false });
  if (signedIn.status !== 200) throw new Error(`${email} could not sign in: ${signedIn.status}`);
  return call;
}

/** Node's options for a bench's server: BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles it. */
export const serverNodeArgs = () => (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);

/**
 * Starts the built server (apps/server/dist/main.js) on the database `env` names, without seeding, on a free
 * port; resolves with the process and its origin once it says it is ready. It is killed when the bench exits.
 */
export async function startBuiltServer(env) {
  const child = spawn(process.execPath, [...serverNodeArgs(), path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: { ...env, SEED: 'never', HOST: '127.0.0.1', PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.on('exit', () => child.kill('SIGKILL'));
  const port = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /ready on http:\/\/localhost:(\d+)/.exec(line);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux
/** CPU seconds one process has used so far (user + system; 0 where /proc is missing). */
function cpuOfPid(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds used so far by the server process, by every PostgreSQL process on this machine, and by this bench:
 * the difference of two readings says what a phase cost each (what a p99 on two shared cores is made of).
 */
export function cpuReading(serverPid) {
  let postgres = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') postgres += cpuOfPid(entry);
    } catch {
      // the process ended while read
    }
  }
  const own = process.cpuUsage();
  return { server: cpuOfPid(serverPid), postgres, bench: (own.user + own.system) / 1e6 };
}

/** What each part used between two readings, in ms per unit of work. */
export const cpuPer = (before, after, units) =>
  Object.fromEntries(Object.keys(before).map((k) => [k, ((after[k] - before[k]) * 1000) / units]));

/**
 * An open-loop load at `rate` requests a second for `seconds`: request i is due at start + i / rate, whatever the
 * answers before it, over at most `connections` keep-alive connections, and its latency is counted from when it
 * was due (a request that waits for a free connection counts its wait: no coordinated omission). autocannon's own
 * rate limit is no use for this: each connection sends its quota for the second as fast as it can at the start
 * of every second (bursts of rate requests at once) and it back-fills its histogram with values at a 1 ms
 * interval, so its figures at a set rate are mostly its own bursts. `body(i)` answers the i-th request's body.
 * Answers { requests, rate, p50, p99, failed } (latencies in ms).
 */
export async function pacedLoad({ base, path: requestPath, headers, body, rate, seconds, connections = 50 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.max(1, Math.round(rate * seconds));
  const latencies = [];
  let failed = 0;
  const started = performance.now();
  const one = (i) =>
    new Promise((resolve) => {
      const due = started + (i * 1000) / rate;
      const payload = body(i);
      const request = http.request(
        `${base}${requestPath}`,
        {
          method: 'POST',
          agent,
          headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode >= 300) failed++;
            else latencies.push(performance.now() - due);
            resolve();
          });
        },
      );
      request.on('error', () => {
        failed++;
        resolve();
      });
      request.end(payload);
    });
  const inFlight = [];
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(one(i));
  }
  await Promise.all(inFlight);
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) =>
    latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]) : 0;
  return { requests: total, rate: Math.round(total / elapsed), p50: at(0.5), p99: at(0.99), failed };
}
