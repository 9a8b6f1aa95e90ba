// Issue 30 item 3: POST /api/payments with 20 buyers at once — the mock run (validate=true: the devices read, every
// line priced, the quote) and the purchase (the deciding transaction, the test processor's charge, the plan put on the
// device, the receipt, the cart's lines, the rewards and the mail in one transaction). The built server on PostgreSQL
// (database bench_subscriptions: the demo seed, 20 purchasers cloned from purchaser@demo.test, and devices of the
// generated fleet installed for Northside, one per buyer and round). The simulated cloud answers setPlan at once (no
// simulated device delay is in these figures). Prints p50 and p99 and the machine; budget p99 ≤ 150 ms (purchase).
// Environment: BENCH_ROUNDS (purchases per buyer, 5), BENCH_PG_URL (postgres://postgres@127.0.0.1:5432),
// BENCH_DB (bench_subscriptions), BENCH_RESEED=1 to seed again, BENCH_SKIP_BUILD=1.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { cpuPer, cpuReading, ensureDatabase, npm, printTable, report, root, startBuiltServer } from './lib.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BUYERS = 20;
const PG_URL = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');
const DB_NAME = process.env.BENCH_DB ?? 'bench_subscriptions';
const URL_ = `${PG_URL}/${DB_NAME}`;
const PURCHASE_BUDGET_P99_MS = 150;
const serverDir = path.join(root, 'apps/server');
const env = { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: URL_ };
const buyerEmail = (i) => `bench-buyer-${i}@demo.test`;
const NORTHSIDE = "(select id from business_partners where sap_bp_code = 'C100234')";

async function prepare() {
  await ensureDatabase(PG_URL, DB_NAME);
  const db = new pg.Client({ connectionString: URL_ });
  await db.connect();
  const seeded = (await db.query("select to_regclass('public.plan_purchases') as t")).rows[0].t !== null;
  if (!seeded) {
    const result = spawnSync(process.execPath, [path.join(serverDir, 'dist/seed.js')], {
      cwd: root,
      env: { ...env, SEED: 'demo' },
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error('seeding failed');
  }
  await addBuyers(db);
  await db.query('delete from rate_limits');
  await db.end();
}

/** Twenty purchasers of Northside, cloned from purchaser@demo.test (as bench/checkout.mjs makes them). */
async function addBuyers(db) {
  for (let i = 1; i <= BUYERS; i++) {
    const email = buyerEmail(i);
    if ((await db.query('select 1 from users where email = $1', [email])).rowCount) continue;
    const id = randomUUID();
    const from = "(select id from users where email = 'purchaser@demo.test')";
    await db.query('begin');
    await db.query(
      `create temp table clone_user on commit drop as select * from users where email = 'purchaser@demo.test'`,
    );
    await db.query('update clone_user set id = $1, email = $2, name = $3', [id, email, `Bench Buyer ${i}`]);
    await db.query('insert into users select * from clone_user');
    await db.query(
      `insert into accounts (id, account_id, provider_id, user_id, password, created_at, updated_at)
       select gen_random_uuid()::text, $1, provider_id, $1, password, now(), now() from accounts where user_id = ${from}`,
      [id],
    );
    await db.query(
      `insert into user_types (user_id, type, is_owner) select $1, type, is_owner from user_types where user_id = ${from}`,
      [id],
    );
    await db.query(
      `insert into user_permission_groups (user_id, group_id) select $1, group_id from user_permission_groups where user_id = ${from}`,
      [id],
    );
    await db.query(
      `create temp table clone_installer on commit drop as select * from installers where user_id = ${from}`,
    );
    await db.query('update clone_installer set id = gen_random_uuid(), user_id = $1', [id]);
    await db.query('insert into installers select * from clone_installer');
    await db.query('commit');
  }
}

/**
 * Devices of the generated fleet (the server made it on its first start) installed for Northside, that can take
 * Ultimate for six years: not replaced or retired, not on that plan already, not bought for before.
 */
async function installDevices(count) {
  const db = new pg.Client({ connectionString: URL_ });
  await db.connect();
  try {
    const { rows } = await db.query(
      `select d.device_key from device_sim_devices d
       where d.device_key like '1024%'
         and d.record->'reported'->>'device_state' not in ('replaced', 'retired')
         and not (coalesce(d.record->'reported'->'plan'->>'name', '') = 'Ultimate'
                  and d.record->'reported'->'plan'->>'duration' = '6_year')
         and not exists (select 1 from plan_purchases p where d.device_key = any(p.device_keys))
         and not exists (select 1 from device_installations i where i.device_key = d.device_key
                         and i.business_partner_id <> ${NORTHSIDE})
       order by d.device_key limit $1`,
      [count],
    );
    if (rows.length < count) throw new Error(`only ${rows.length} devices can take a plan; BENCH_RESEED=1`);
    for (const { device_key } of rows)
      await db.query(
        `insert into device_installations (device_key, business_partner_id) values ($1, ${NORTHSIDE})
         on conflict (device_key) do nothing`,
        [device_key],
      );
    return rows.map((r) => r.device_key);
  } finally {
    await db.end();
  }
}

/** A signed-in browser of one account: call(method, url, body, headers) → { status, json, ms }. */
async function browser(base, email) {
  let cookie = '';
  const call = async (method, url, body, headers = {}) => {
    const started = performance.now();
    const response = await fetch(base + url, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie && { cookie }), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    const ms = performance.now() - started;
    const set = response.headers.getSetCookie().map((c) => c.split(';')[0]);
    if (set.length) cookie = set.join('; ');
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON: the status says what happened
    }
    return { status: response.status, json, ms };
  };
  const signedIn = await call('POST', '/api/auth/sign-in', { email, password: 'Portal!2026', rememberMe: false });
  if (signedIn.status !== 200) throw new Error(`${email} could not sign in: ${signedIn.status}`);
  return call;
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

/**
 * What one bare round trip to PostgreSQL costs on this machine (`select $1`, one connection, 2,000 times): a
 * purchase makes about twenty, so on a machine whose system calls are slow this sets the floor of the figures.
 */
async function roundTrip() {
  const db = new pg.Client({ connectionString: URL_ });
  await db.connect();
  try {
    for (let i = 0; i < 200; i++) await db.query('select $1::int', [i]);
    const cpu = process.cpuUsage();
    const started = performance.now();
    const n = 2000;
    for (let i = 0; i < n; i++) await db.query('select $1::int', [i]);
    const used = process.cpuUsage(cpu);
    return { wallUs: ((performance.now() - started) * 1000) / n, cpuUs: (used.user + used.system) / n };
  } finally {
    await db.end();
  }
}

if (!process.env.BENCH_SKIP_BUILD) npm(['run', 'build', '-w', '@portal/server']);
await prepare();
const { child, base } = await startBuiltServer(env);
try {
  const devices = await installDevices(BUYERS * ROUNDS + BUYERS);
  const buyers = await Promise.all(Array.from({ length: BUYERS }, (_, i) => browser(base, buyerEmail(i + 1))));
  const cards = await buyers[0]('GET', '/api/card');
  if (cards.status !== 200) throw new Error(`GET /api/card answered ${cards.status} ${JSON.stringify(cards.json)}`);
  const card = cards.json.find((m) => m.type === 'CARD');
  if (!card) throw new Error('Northside has no saved card');
  const mock = [];
  const bought = [];
  let failures = 0;
  // CPU of the purchases (not the mock runs): the server's, PostgreSQL's and this load generator's.
  const purchaseCpu = { server: 0, postgres: 0, bench: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    const linesOf = (i) => [{ device_key: devices[round * BUYERS + i], plan_id: 'ultimate', newPricingPlan: '6_year' }];
    // All twenty ask for the total at once, then all twenty pay at once.
    const quotes = await Promise.all(
      buyers.map((call, i) => call('POST', '/api/payments', { validate: true, line_items: linesOf(i) })),
    );
    for (const q of quotes) if (q.status === 200) mock.push(q.ms);
    const before = cpuReading(child.pid);
    const paid = await Promise.all(
      buyers.map((call, i) =>
        quotes[i].status === 200
          ? call(
              'POST',
              '/api/payments',
              { line_items: linesOf(i), quote: quotes[i].json.quote, payment_method_id: card.id },
              { 'idempotency-key': randomUUID() },
            )
          : Promise.resolve({ status: quotes[i].status, json: quotes[i].json }),
      ),
    );
    const used = cpuPer(before, cpuReading(child.pid), 1);
    for (const part of Object.keys(purchaseCpu)) purchaseCpu[part] += used[part];
    for (const result of paid) {
      if (result.status === 200 && result.json?.status === 'paid') bought.push(result.ms);
      else {
        failures++;
        if (failures <= 3) console.error(`a purchase answered ${result.status} ${JSON.stringify(result.json)}`);
      }
    }
  }
  // The same work one buyer at a time: what a purchase costs when nothing waits for the machine.
  const alone = { mock: [], bought: [] };
  for (const [i, call] of buyers.entries()) {
    const line_items = [{ device_key: devices[ROUNDS * BUYERS + i], plan_id: 'ultimate', newPricingPlan: '6_year' }];
    const q = await call('POST', '/api/payments', { validate: true, line_items });
    if (q.status !== 200) continue;
    alone.mock.push(q.ms);
    const result = await call(
      'POST',
      '/api/payments',
      { line_items, quote: q.json.quote, payment_method_id: card.id },
      { 'idempotency-key': randomUUID() },
    );
    if (result.status === 200) alone.bought.push(result.ms);
  }
  const trip = await roundTrip();
  console.log(
    `one bare PostgreSQL round trip here: ${trip.wallUs.toFixed(0)} µs, of which ${trip.cpuUs.toFixed(0)} µs ` +
      `of the caller's CPU`,
  );
  console.log(
    `machine: ${os.cpus().length} × ${os.cpus()[0]?.model}; load average ${os.loadavg()[0].toFixed(2)}; ` +
      `${BUYERS} buyers × ${ROUNDS} rounds; no simulated device delay\n`,
  );
  printTable(
    ['call', 'n', 'p50 ms', 'p99 ms', 'failed'],
    [
      [
        'POST /api/payments validate=true (20 at once)',
        mock.length,
        percentile(mock, 50).toFixed(1),
        percentile(mock, 99).toFixed(1),
        BUYERS * ROUNDS - mock.length,
      ],
      [
        'POST /api/payments purchase (20 at once)',
        bought.length,
        percentile(bought, 50).toFixed(1),
        percentile(bought, 99).toFixed(1),
        failures,
      ],
      [
        'POST /api/payments validate=true (one at a time)',
        alone.mock.length,
        percentile(alone.mock, 50).toFixed(1),
        percentile(alone.mock, 99).toFixed(1),
        BUYERS - alone.mock.length,
      ],
      [
        'POST /api/payments purchase (one at a time)',
        alone.bought.length,
        percentile(alone.bought, 50).toFixed(1),
        percentile(alone.bought, 99).toFixed(1),
        alone.mock.length - alone.bought.length,
      ],
    ],
    ['l', 'r', 'r', 'r', 'r'],
  );
  const per = (ms) => (ms / (BUYERS * ROUNDS)).toFixed(1);
  console.log(
    `\nCPU per purchase (20 at once): server ${per(purchaseCpu.server)} ms, PostgreSQL ${per(purchaseCpu.postgres)} ms, ` +
      `load generator ${per(purchaseCpu.bench)} ms (two cores: the twentieth waits for about ten of each)`,
  );
  report({
    figure: 'plan purchase mock run p99 (PostgreSQL, 20 buyers at once)',
    value: Math.round(percentile(mock, 99)),
    unit: 'ms',
  });
  report({
    figure: 'plan purchase p99 (PostgreSQL, 20 buyers at once)',
    value: Math.round(percentile(bought, 99)),
    unit: 'ms',
    budget: PURCHASE_BUDGET_P99_MS,
  });
  if (failures) throw new Error(`${failures} purchases failed`);
} finally {
  child.kill('SIGTERM');
}
