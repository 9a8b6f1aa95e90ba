// POST /api/year-make-model and POST /api/vehicle-info under load (issue 6), and GET /api/session, which every
// page waits on (issue 17): the built server on PostgreSQL (database bench_wiring, demo seed), 50 connections
// of autocannon per call, the wiring calls signed in as the demo installer. Requests cycle through every
// year's makes, the demo years' models and the demo vehicles plus vehicles that mirror another; the session
// is asked as the demo owner and as a sales rep acting for a business. Prints requests/s, p50 and p99 per
// call; budgets p99 ≤ 30 ms (wiring) and ≤ 20 ms (session).
// Environment: BENCH_DURATION (s, 20), BENCH_CONNECTIONS (50), BENCH_PG_URL (postgres://postgres@127.0.0.1:5432),
// BENCH_DB (bench_wiring), BENCH_RESEED=1 to seed again.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEMO_VEHICLE_IDS, npm, printTable, report, root, startBuiltServer } from './lib.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PG_URL = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');
const DB_NAME = process.env.BENCH_DB ?? 'bench_wiring';
const URL_ = `${PG_URL}/${DB_NAME}`;
const BUDGET_P99_MS = 30;
const SESSION_BUDGET_P99_MS = 20;
const serverDir = path.join(root, 'apps/server');
const env = { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: URL_ };

async function prepare() {
  const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
  await admin.connect();
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [DB_NAME]);
  if (!rowCount) await admin.query(`create database "${DB_NAME}"`);
  await admin.end();
  const db = new pg.Client({ connectionString: URL_ });
  await db.connect();
  const seeded = (await db.query("select to_regclass('public.vehicles') as t")).rows[0].t !== null;
  await db.end();
  if (seeded && process.env.BENCH_RESEED !== '1') return console.log(`reusing database ${DB_NAME}`);
  const result = spawnSync(process.execPath, [path.join(serverDir, 'dist/seed.js')], {
    cwd: root,
    // The demo accounts sign the calls in; production refuses them unless asked for by name.
    env: { ...env, SEED: 'demo' },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('seeding failed');
}

/** A POST with a JSON body, or a GET without one. */
async function call(base, cookie, url, body) {
  const headers = { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) };
  const init = body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) };
  const response = await fetch(`${base}${url}`, init);
  if (!response.ok) throw new Error(`${url} ${JSON.stringify(body)}: ${response.status}`);
  return { json: await response.json(), cookies: response.headers.getSetCookie() };
}

/** The session cookie of a demo account, acting for `sapBpCode` when given (a sales rep). */
async function signIn(base, email, sapBpCode) {
  const signedIn = await call(base, null, '/api/auth/sign-in', { email, password: 'Portal!2026', rememberMe: false });
  const cookie = signedIn.cookies.map((c) => c.split(';')[0]).join('; ');
  if (sapBpCode) await call(base, cookie, '/api/select-business', { sapBpCode });
  return cookie;
}

/** `bodies` cycled through by POST requests; none: GET. */
function load(base, url, cookie, bodies) {
  let i = 0;
  const request = bodies
    ? {
        method: 'POST',
        path: url,
        headers: { 'content-type': 'application/json', cookie },
        setupRequest: (request) => ({ ...request, body: JSON.stringify(bodies[i++ % bodies.length]) }),
      }
    : { method: 'GET', path: url, headers: { cookie } };
  return new Promise((resolve, reject) =>
    autocannon({ url: base, connections: CONNECTIONS, duration: DURATION_S, requests: [request] }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
}

if (!process.env.BENCH_SKIP_BUILD) npm(['run', 'build', '-w', '@portal/server']);
await prepare();
const { child, base } = await startBuiltServer(env);
try {
  const cookie = await signIn(base, 'installer@demo.test');
  const years = Array.from({ length: new Date().getUTCFullYear() + 1 - 1940 + 1 }, (_, k) => 1940 + k);
  const demo = DEMO_VEHICLE_IDS;
  const ymm = [...years.map((year) => ({ year })), ...demo.map(([year, makeId]) => ({ year, makeId }))];
  const info = demo.flatMap(([year, makeId, modelId]) => [
    { year, makeId, modelId },
    { year: year + 1, makeId, modelId },
  ]);
  const cases = [
    ['/api/year-make-model', '', cookie, ymm, BUDGET_P99_MS],
    ['/api/vehicle-info', '', cookie, info, BUDGET_P99_MS],
    ['/api/session', ' (owner)', await signIn(base, 'owner@demo.test'), null, SESSION_BUDGET_P99_MS],
    [
      '/api/session',
      ' (rep, C100234)',
      await signIn(base, 'outsiderep@demo.test', 'C100234'),
      null,
      SESSION_BUDGET_P99_MS,
    ],
  ];
  const rows = [];
  for (const [url, who, as, bodies, budget] of cases) {
    for (const body of bodies ?? [undefined]) await call(base, as, url, body);
    console.log(`${url}${who}: ${CONNECTIONS} connections for ${DURATION_S} s…`);
    const result = await load(base, url, as, bodies);
    const bad = result.non2xx + result.errors + result.timeouts;
    rows.push([`${url}${who}`, Math.round(result.requests.average), result.latency.p50, result.latency.p99, bad]);
    const figure = `${url === '/api/session' ? 'session' : 'wiring'} ${url}${who} p99 (PostgreSQL)`;
    report({ figure, value: result.latency.p99, unit: 'ms', budget });
  }
  printTable(['call', 'req/s', 'p50 ms', 'p99 ms', 'errors'], rows, 'lrrrr');
} finally {
  child.kill('SIGTERM');
}
