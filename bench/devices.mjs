// Issue 28: the device calls under load. The built server on PostgreSQL (database bench_devices: demo seed,
// the in-process simulated fleet with 2,000 generated devices, 1,000 of them installed for Northside Auto
// Sound) and its device cloud on a fast clock (DEVICE_SIM_SPEED 100,000: a device's seconds take
// microseconds, so the figures are the portal's and the simulator's own work, not the simulated delay).
// Prints p50/p99 of POST /api/iot/send-command and /api/iot/device-check at 50 connections (signed in as the
// owner, each request a different device) closed-loop (the budget's figure: each connection sends again the
// moment it is answered, so it measures throughput as much as latency) and at half the rate that sustained;
// events delivered per second to 500 open streams (GET /api/device/{key}/events) while commands run; and how
// many simulated devices one process holds in 1 GB.
// Budgets: p99 ≤ 50 ms for calls; 500 streams without errors; ≥ 100,000 devices in 1 GB.
// Environment: BENCH_DURATION_S (10), BENCH_PG_URL (postgres://postgres@127.0.0.1:5432), BENCH_DB
// (bench_devices), BENCH_RESEED=1 to seed again, BENCH_SKIP_BUILD=1, BENCH_STREAMS (500).
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  cpuPer,
  cpuReading,
  ensureDatabase,
  npm,
  pacedLoad,
  printTable,
  report,
  root,
  startBuiltServer,
} from './lib.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 50;
const STREAMS = Number(process.env.BENCH_STREAMS ?? 500);
const INSTALLED = 1000;
const PG_URL = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');
const DB_NAME = process.env.BENCH_DB ?? 'bench_devices';
const URL_ = `${PG_URL}/${DB_NAME}`;
const CALL_BUDGET_P99_MS = 50;
const DEVICES_BUDGET = 100_000;
const env = {
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATABASE_URL: URL_,
  DEVICE_SIM_SPEED: '100000',
  DEVICE_SIM_FLEET: '2000',
  // The bench's one owner drives a thousand devices and watches five hundred: the per-device command limit and
  // the per-person stream limit are not what it measures.
  DEVICE_COMMANDS_PER_MINUTE: '100000',
  DEVICE_STREAMS_PER_CALLER: String(STREAMS + 10),
};

async function prepare() {
  await ensureDatabase(PG_URL, DB_NAME);
  const db = new pg.Client({ connectionString: URL_ });
  await db.connect();
  const seeded = (await db.query("select to_regclass('public.device_installations') as t")).rows[0].t !== null;
  await db.end();
  if (seeded) return;
  const result = spawnSync(process.execPath, [path.join(root, 'apps/server/dist/seed.js')], {
    cwd: root,
    env: { ...env, SEED: 'demo' },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('seeding failed');
}

/** Installs generated devices for Northside (once) and answers them with the ICCID digits that prove them. */
async function installedDevices() {
  const db = new pg.Client({ connectionString: URL_ });
  await db.connect();
  try {
    const { rows } = await db.query(
      `select device_key, right(record->'reported'->>'iccid', 4) as digits,
              (record->'reported'->>'service_mode')::boolean as service_mode
         from device_sim_devices where device_key like '1024%' order by device_key limit $1`,
      [INSTALLED],
    );
    if (rows.length < INSTALLED) throw new Error(`the fleet has ${rows.length} generated devices, not ${INSTALLED}`);
    await db.query(
      `insert into device_installations (device_key, business_partner_id)
         select k, (select id from business_partners where sap_bp_code = 'C100234') from unnest($1::text[]) k
       on conflict do nothing`,
      [rows.map((row) => row.device_key)],
    );
    // Earlier runs' sign-ins from this address must not be refused (429).
    await db.query('delete from rate_limits');
    return rows;
  } finally {
    await db.end();
  }
}

async function signIn(base) {
  const response = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@demo.test', password: 'Portal!2026', rememberMe: false }),
  });
  if (response.status !== 200) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/**
 * autocannon at 50 connections for DURATION_S, each request the next body of `bodies`: each connection sends
 * its next request the moment the last is answered (closed loop).
 */
function load(base, cookie, requestPath, bodies) {
  let next = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: DURATION_S,
        requests: [
          {
            method: 'POST',
            path: requestPath,
            headers: { cookie, 'content-type': 'application/json' },
            setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    process.once('exit', () => instance.stop());
  });
}

/**
 * Opens `count` event streams (one per device, cycling) and counts the events they deliver; answers a
 * handle to stop them and read the counts. A stream that fails or ends early counts as an error.
 */
async function openStreams(base, cookie, keys, count) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const state = { events: 0, errors: 0, open: 0, requests: [] };
  const opened = [];
  for (let i = 0; i < count; i++) {
    const key = keys[i % keys.length];
    opened.push(
      new Promise((resolve) => {
        const request = http.get(
          `${base}/api/device/${key}/events`,
          { agent, headers: { cookie, accept: 'text/event-stream' } },
          (response) => {
            if (response.statusCode !== 200) {
              state.errors++;
              response.resume();
              return resolve();
            }
            state.open++;
            resolve();
            let buffer = '';
            response.setEncoding('utf8');
            response.on('data', (chunk) => {
              buffer += chunk;
              const frames = buffer.split('\n\n');
              buffer = frames.pop();
              for (const frame of frames) if (/^data:/m.test(frame)) state.events++;
            });
            response.on('end', () => {
              if (!state.stopping) state.errors++;
            });
            response.on('error', () => {
              if (!state.stopping) state.errors++;
            });
          },
        );
        request.on('error', () => {
          if (!state.stopping) state.errors++;
          resolve();
        });
        state.requests.push(request);
      }),
    );
  }
  await Promise.all(opened);
  return {
    state,
    stop() {
      state.stopping = true;
      for (const request of state.requests) request.destroy();
      agent.destroy();
    },
  };
}

/** The in-memory fleet of 100,000 devices in a process limited to 1 GB (bench/devices-memory.ts). */
function memory() {
  const result = spawnSync(
    process.execPath,
    ['--max-old-space-size=1024', '--expose-gc', '--import', 'tsx', path.join(root, 'bench/devices-memory.ts')],
    { cwd: root, encoding: 'utf8', env: { ...process.env, BENCH_DEVICES: String(DEVICES_BUDGET) } },
  );
  if (result.status !== 0) throw new Error(`the memory run failed:\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1));
}

if (!process.env.BENCH_SKIP_BUILD) npm(['run', 'build', '-w', '@portal/server']);
await prepare();
const { child, base } = await startBuiltServer(env);
try {
  const devices = await installedDevices();
  const cookie = await signIn(base);
  console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model}; load average ${os.loadavg()[0].toFixed(2)}`);

  const commandBodies = devices.map((device) =>
    JSON.stringify({ device_key: device.device_key, command: 'query_status' }),
  );
  // The activation's check refuses a device out of Service Mode: it is asked of the ones in it.
  const checkBodies = devices
    .filter((device) => device.service_mode)
    .map((device) => JSON.stringify({ device_key: device.device_key }));
  const rows = [];
  const figures = {};
  for (const [name, requestPath, bodies] of [
    ['send-command', '/api/iot/send-command', commandBodies],
    ['device-check', '/api/iot/device-check', checkBodies],
  ]) {
    await load(base, cookie, requestPath, bodies.slice(0, 50)); // warm-up: the JIT, the pools
    const before = cpuReading(child.pid);
    const result = await load(base, cookie, requestPath, bodies);
    const cpu = cpuPer(before, cpuReading(child.pid), result.requests.total);
    const failed = result.non2xx + result.errors + result.timeouts;
    rows.push([
      name,
      'closed loop',
      result.requests.total,
      result.requests.average,
      result.latency.p50,
      result.latency.p99,
      failed,
      cpu.server.toFixed(2),
      cpu.postgres.toFixed(2),
      cpu.bench.toFixed(2),
    ]);
    figures[name] = result.latency.p99;
    // The same call at half the rate the server just sustained, paced (open loop): what one call takes when it
    // is not queued behind 49 others.
    const half = Math.max(1, Math.round(result.requests.average / 2));
    const reversed = bodies.slice().reverse();
    const paced = await pacedLoad({
      base,
      path: requestPath,
      headers: { cookie },
      body: (i) => reversed[i % reversed.length],
      rate: half,
      seconds: DURATION_S,
      connections: CONNECTIONS,
    });
    rows.push([name, `${half}/s paced`, paced.requests, paced.rate, paced.p50, paced.p99, paced.failed, '', '', '']);
    figures[`${name} half`] = paced.p99;
  }
  // CPU per call (ms): the server process, every PostgreSQL process of the machine, the load generator.
  printTable(
    ['call', 'load', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'failed', 'cpu server', 'cpu pg', 'cpu bench'],
    rows,
    'llrrrrrrrr',
  );

  // 500 streams, then commands to the watched devices for DURATION_S: what the streams receive per second.
  const watched = devices.slice(0, Math.min(STREAMS, devices.length)).map((device) => device.device_key);
  const streams = await openStreams(base, cookie, watched, STREAMS);
  const before = streams.state.events;
  const started = performance.now();
  const commands = await load(
    base,
    cookie,
    '/api/iot/send-command',
    watched.map((key) => JSON.stringify({ device_key: key, command: 'query_status', wait_ms: 0 })),
  );
  await new Promise((resolve) => setTimeout(resolve, 1000)); // the last events on their way
  const seconds = (performance.now() - started) / 1000;
  const delivered = streams.state.events - before;
  streams.stop();
  console.log(
    `\n${streams.state.open} of ${STREAMS} streams open; ${commands.requests.total} commands sent to their devices in ${DURATION_S} s; ` +
      `${delivered} events delivered (${Math.round(delivered / seconds)}/s); stream errors ${streams.state.errors}`,
  );

  const held = memory();
  const perDevice = held.heldBytes / held.devices;
  console.log(
    `\nin-memory fleet: ${held.devices} devices hold ${(held.heldBytes / 1e6).toFixed(0)} MB ` +
      `(${Math.round(perDevice)} bytes each; process RSS ${(held.rssBytes / 1e6).toFixed(0)} MB; generated in ${held.generateMs} ms)`,
  );

  console.log(`\nmeasured on ${os.cpus().length} × ${os.cpus()[0]?.model}`);
  report({
    figure: 'send-command p99 (PostgreSQL, 50 connections, fast clock)',
    value: figures['send-command'],
    unit: 'ms',
    budget: CALL_BUDGET_P99_MS,
  });
  report({
    figure: 'device check p99 (PostgreSQL, 50 connections, fast clock)',
    value: figures['device-check'],
    unit: 'ms',
    budget: CALL_BUDGET_P99_MS,
  });
  for (const name of ['send-command', 'device-check'])
    report({
      figure: `${name} p99 at half the rate it sustained, paced (for information)`,
      value: figures[`${name} half`],
      unit: 'ms',
    });
  report({
    figure: `events delivered per second to ${STREAMS} streams`,
    value: Math.round(delivered / seconds),
    unit: 'events/s',
  });
  report({
    figure: `stream errors of ${STREAMS} open streams`,
    value: streams.state.errors + (STREAMS - streams.state.open),
    unit: 'errors',
    budget: 0,
  });
  report({
    figure: 'simulated devices one process holds in 1 GB (at least 100,000)',
    value: Math.floor(1e9 / perDevice),
    unit: 'devices',
  });
  if (held.devices < DEVICES_BUDGET) throw new Error(`only ${held.devices} devices fit`);
} finally {
  child.kill('SIGTERM');
}
