// POST /api/year-make-model and POST /api/vehicle-info under load (issue 6): the built server on PostgreSQL
// (database bench_wiring, demo seed), 50 connections of autocannon per call, signed in as the demo installer.
// Requests cycle through every year's makes, the demo years' models and the demo vehicles plus vehicles
// that mirror another. Prints requests/s, p50 and p99 per call; budget p99 ≤ 30 ms.
// Environment: BENCH_DURATION (s, 20), BENCH_CONNECTIONS (50), BENCH_PG_URL (postgres://postgres@127.0.0.1:5432),
// BENCH_RESEED=1 to seed again.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';
import { npm, printTable, report, root } from './lib.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PG_URL = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');
const URL_ = `${PG_URL}/bench_wiring`;
const BUDGET_P99_MS = 30;
const serverDir = path.join(root, 'apps/server');
const env = { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: URL_ };

async function prepare() {
  const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
  await admin.connect();
  const { rowCount } = await admin.query("select 1 from pg_database where datname = 'bench_wiring'");
  if (!rowCount) await admin.query('create database bench_wiring');
  await admin.end();
  const db = new pg.Client({ connectionString: URL_ });
  await db.connect();
  const seeded = (await db.query("select to_regclass('public.vehicles') as t")).rows[0].t !== null;
  await db.end();
  if (seeded && process.env.BENCH_RESEED !== '1') return console.log('reusing database bench_wiring');
  const result = spawnSync(process.execPath, [path.join(serverDir, 'dist/seed.js')], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('seeding failed');
}

async function start() {
  const child = spawn(process.execPath, [path.join(serverDir, 'dist/main.js')], {
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

async function call(base, cookie, url, body) {
  const headers = { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) };
  const response = await fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${url} ${JSON.stringify(body)}: ${response.status}`);
  return { json: await response.json(), cookies: response.headers.getSetCookie() };
}

function load(base, url, cookie, bodies) {
  let i = 0;
  return new Promise((resolve, reject) =>
    autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: DURATION_S,
        requests: [
          {
            method: 'POST',
            path: url,
            headers: { 'content-type': 'application/json', cookie },
            setupRequest: (request) => ({ ...request, body: JSON.stringify(bodies[i++ % bodies.length]) }),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
}

if (!process.env.BENCH_SKIP_BUILD) npm(['run', 'build', '-w', '@portal/server']);
await prepare();
const { child, base } = await start();
try {
  const signIn = await call(base, null, '/api/auth/sign-in', {
    email: 'installer@demo.test',
    password: 'Portal!2026',
    rememberMe: false,
  });
  const cookie = signIn.cookies.map((c) => c.split(';')[0]).join('; ');
  const years = Array.from({ length: new Date().getUTCFullYear() + 1 - 1940 + 1 }, (_, k) => 1940 + k);
  const demo = [
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
  const ymm = [...years.map((year) => ({ year })), ...demo.map(([year, makeId]) => ({ year, makeId }))];
  const info = demo.flatMap(([year, makeId, modelId]) => [
    { year, makeId, modelId },
    { year: year + 1, makeId, modelId },
  ]);
  const rows = [];
  for (const [url, bodies] of [
    ['/api/year-make-model', ymm],
    ['/api/vehicle-info', info],
  ]) {
    for (const body of bodies) await call(base, cookie, url, body);
    console.log(`${url}: ${CONNECTIONS} connections for ${DURATION_S} s…`);
    const result = await load(base, url, cookie, bodies);
    const bad = result.non2xx + result.errors + result.timeouts;
    rows.push([url, Math.round(result.requests.average), result.latency.p50, result.latency.p99, bad]);
    report({ figure: `wiring ${url} p99 (PostgreSQL)`, value: result.latency.p99, unit: 'ms', budget: BUDGET_P99_MS });
  }
  printTable(['call', 'req/s', 'p50 ms', 'p99 ms', 'errors'], rows, 'lrrrr');
} finally {
  child.kill('SIGTERM');
}
