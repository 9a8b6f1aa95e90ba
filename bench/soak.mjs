// Issue 32 §3: a soak. Ten minutes of a busy Monday's mixed traffic against the built server on PostgreSQL
// (database bench_soak, the demo seed): searches, wiring look-ups, carts, checkouts, invoice lists and
// payments, device commands and histories, from the demo roles who make them. Open loop: call i is due at
// start + i / rate whatever the answers before it, and its latency counts from when it was due (a call that
// waits for the machine counts its wait). Prints the rate held, p50/p99 per call, every error, and the server's
// memory (resident set and V8 heap, from /metrics) at the start and the end.
// SOAK_FIND=1 first climbs in 30 s steps (SOAK_RATE, ×1.25 each) until a step has an error or the p99 of any
// one call passes SOAK_P99_MS (1,000), then soaks at the last rate that held.
// Environment: SOAK_SECONDS (600), SOAK_RATE (calls/s, 40), SOAK_FIND, SOAK_P99_MS, SOAK_INVOICES (4,000), SOAK_PURCHASERS (6), BENCH_PG_URL
// (postgres://postgres@127.0.0.1:5432), BENCH_DB (bench_soak), BENCH_RESEED=1, BENCH_SKIP_BUILD=1.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  DEMO_VEHICLE_IDS,
  cpuPer,
  cpuReading,
  ensureDatabase,
  npm,
  printTable,
  report,
  root,
  signedInBrowser,
  startBuiltServer,
} from './lib.mjs';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const START_RATE = Number(process.env.SOAK_RATE ?? 40);
const P99_LIMIT_MS = Number(process.env.SOAK_P99_MS ?? 1000);
const PG_URL = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');
const DB_NAME = process.env.BENCH_DB ?? 'bench_soak';
const INVOICES = Number(process.env.SOAK_INVOICES ?? 4000);
const PURCHASERS = Number(process.env.SOAK_PURCHASERS ?? 6);
const env = {
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATABASE_URL: `${PG_URL}/${DB_NAME}`,
  // A fast device clock: a command's answer comes back in milliseconds of simulated car.
  DEVICE_SIM_SPEED: '1000',
  // One owner sends every command of the mix: the per-device limit (a person's, not a shop's) is not measured.
  DEVICE_COMMANDS_PER_MINUTE: '100000',
};

async function prepare() {
  await ensureDatabase(PG_URL, DB_NAME);
  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  if ((await db.query("select to_regclass('public.orders') as t")).rows[0].t === null) {
    const seeded = spawnSync(process.execPath, [path.join(root, 'apps/server/dist/seed.js')], {
      cwd: root,
      env: { ...env, SEED: 'demo' },
      stdio: 'inherit',
    });
    if (seeded.status !== 0) throw new Error('seeding failed');
  }
  // An earlier run's sign-ins and limit counts must not refuse this one's.
  await db.query('delete from rate_limits');
  // The accountant pays an invoice in full about 0.8 times a second at 40 calls/s: the demo's three open ones last
  // seconds. Northside gets open invoices as its ERP would send them (no portal order behind them, as the seed's
  // history), topped up to SOAK_INVOICES, enough for the climb and ten minutes at 250 calls/s.
  const { rows } = await db.query(
    `with partner as (select id from business_partners where sap_bp_code = 'C100234'),
     added as (
       insert into invoices (business_partner_id, create_date, due_date, total_cents, discount_days, discount_bp,
                             partial_payment_allowed)
       select partner.id, current_date - (n % 20)::int, current_date - (n % 20)::int + 30, 12000 + (n * 7919) % 85000, 10, 200,
              true
       from partner, generate_series(1, greatest(0, $1::int - (
         select count(*) from invoices where business_partner_id = (select id from partner)
           and paid_cents + discount_taken_cents < total_cents))) as n
       returning 1)
     select count(*)::int as added from added`,
    [INVOICES],
  );
  console.log(`open invoices topped up to ${INVOICES} (${rows[0].added} added)`);
  // One person works one cart at a time (one open cart each), so one purchaser caps the carts a second the mix
  // can ask for (about 8 a second here) and its queue, not the server, sets their latency. A busy Monday has many
  // shops' purchasers: the bench's own database gets SOAK_PURCHASERS copies of the demo purchaser (same business,
  // rights and password; e-mail purchaser+N@bench.test), made once.
  for (let n = 1; n < PURCHASERS; n++) {
    const email = `purchaser+${n}@bench.test`;
    await db.query(
      `with source as (select * from users where email = 'purchaser@demo.test'),
       added as (
         insert into users (id, name, email, email_verified, created_at, updated_at, first_name, last_name,
                            access_type, is_retired, phone_number, business_partner_id, mfa_type,
                            two_factor_enabled, role, sign_in_epoch)
         select gen_random_uuid()::text, name, $1, email_verified, now(), now(), first_name, last_name || ' ' || $2,
                access_type, is_retired, phone_number, business_partner_id, mfa_type, two_factor_enabled, role,
                sign_in_epoch
         from source where not exists (select 1 from users where email = $1)
         returning id),
       credential as (
         insert into accounts (id, account_id, provider_id, user_id, password, created_at, updated_at)
         select gen_random_uuid()::text, added.id, 'credential', added.id, a.password, now(), now()
         from added, accounts a, source where a.user_id = source.id and a.provider_id = 'credential'),
       types as (
         insert into user_types (user_id, type, is_owner)
         select added.id, t.type, t.is_owner from added, user_types t, source where t.user_id = source.id),
       groups as (
         insert into user_permission_groups (user_id, group_id)
         select added.id, g.group_id from added, user_permission_groups g, source where g.user_id = source.id)
       insert into installers (user_id, dealer_id, is_owner, is_retired, is_purchaser)
       select added.id, i.dealer_id, i.is_owner, i.is_retired, i.is_purchaser
       from added, installers i, source where i.user_id = source.id`,
      [email, String(n)],
    );
  }
  await db.end();
}

const TERMS = ['remote start', 'starter', 'antenna', 'harness', 'bypass', 'module', 'security', 'gps', 'relay'];
const TYPOS = ['remot start', 'atenna', 'harnes', 'bypas', 'secruity'];
const SORTS = ['price-desc', 'price-asc', 'name-asc', 'name-desc'];
const VEHICLES = DEMO_VEHICLE_IDS.slice(0, 5);
const DEVICE = '10230000240'; // Northside's device on a plan (DEMO-DATA.md)
const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** The mix: name, weight, and the call (answers the status; 2xx is success). */
function mixOf(people, catalog, card) {
  const { installer, purchaser, accountant, owner } = people;
  // A person does one thing at a time where it matters: a purchaser works one cart (one open cart each), the
  // accountant one payment (two at once would pick the same invoice). Their calls wait for each other; carts and
  // checkouts go to one of the purchasers at random.
  const oneAtATime = () => {
    let busy = Promise.resolve();
    return (work) => {
      const turn = busy.then(work, work);
      busy = turn.catch(() => undefined);
      return turn;
    };
  };
  const buyers = people.purchasers.map((call) => ({ call, inTurn: oneAtATime() }));
  const accountantInTurn = oneAtATime();
  const lines = () => [{ variantId: pick(catalog), quantity: 1 + Math.floor(Math.random() * 3) }];
  return [
    [
      'search',
      30,
      () =>
        purchaser('POST', '/api/search-products', {
          filters: { sort: pick(SORTS), search: pick(Math.random() < 0.8 ? TERMS : TYPOS) },
        }),
    ],
    [
      'search (filters, page 2)',
      8,
      () =>
        installer('POST', '/api/search-products', {
          limit: 20,
          filters: { sort: pick(SORTS), categories: [], brands: [] },
        }),
    ],
    ['year-make-model', 8, () => installer('POST', '/api/year-make-model', { year: pick(VEHICLES)[0] })],
    [
      'vehicle-info',
      10,
      () => {
        const [year, makeId, modelId] = pick(VEHICLES);
        return installer('POST', '/api/vehicle-info', { year, makeId, modelId });
      },
    ],
    ['session', 10, () => pick([installer, purchaser, accountant, owner])('GET', '/api/session')],
    [
      'cart (create)',
      8,
      () => {
        const buyer = pick(buyers);
        return buyer.inTurn(() => buyer.call('POST', '/api/products-checkout/create-b2b', { lines: lines() }));
      },
    ],
    [
      'checkout (cart + complete, COD)',
      4,
      () => {
        const buyer = pick(buyers);
        return buyer.inTurn(async () => {
          const cart = await buyer.call('POST', '/api/products-checkout/create-b2b', { lines: lines() });
          if (cart.status >= 300) return cart;
          return buyer.call(
            'POST',
            `/api/products-checkout/${cart.json.token}/complete-b2b-checkout`,
            { selectedPayment: 'COD' },
            { 'idempotency-key': randomUUID() },
          );
        });
      },
    ],
    ['invoices (open)', 6, () => accountant('POST', '/api/invoices', { status: 'open' })],
    [
      'pay-invoice (in full, by card)',
      2,
      () =>
        accountantInTurn(async () => {
          const open = await accountant('POST', '/api/invoices', { status: 'open' });
          const invoice = open.json?.edges?.find(({ node }) => node.payoffAmount.amount > 0)?.node;
          if (!invoice) return { status: 599, json: { detail: 'no open invoice left to pay' } };
          return accountant(
            'POST',
            '/api/pay-invoice',
            { invoices: [{ id: invoice.id, paymentAmount: invoice.payoffAmount.amount }], paymentMethodId: card },
            { 'idempotency-key': randomUUID() },
          );
        }),
    ],
    [
      'send-command',
      6,
      () => owner('POST', '/api/iot/send-command', { device_key: DEVICE, command: 'query_status', wait_ms: 0 }),
    ],
    ['device history', 8, () => owner('GET', `/api/device/${DEVICE}/history`)],
  ];
}

/** The server's memory now, from its /metrics: resident set and V8 heap in use, in MB. */
async function memoryOf(base) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const value = (name) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return {
    rss: Math.round(value('process_resident_memory_bytes') / 1e6),
    heap: Math.round(value('nodejs_heap_size_used_bytes') / 1e6),
    // The event loop's longest delay since the last scrape (prom-client resets it at each collection).
    lag: Math.round(value('nodejs_eventloop_lag_max_seconds') * 1000),
  };
}

/**
 * What the database's sessions wait on during a run: every 100 ms, each busy client backend of the bench's database
 * by wait event (CPU when it waits on nothing), and the longest transactions seen with what they ran. A per-business
 * row lock shows as Lock:transactionid or Lock:tuple, the WAL's flush at commit as IO:WALSync / LWLock:WALWrite, a
 * transaction left open across an await as "idle in transaction".
 */
function sampleWaits(url) {
  const db = new pg.Client({ connectionString: url });
  const waits = new Map();
  const longest = new Map();
  let samples = 0;
  let stopped = false;
  const done = (async () => {
    await db.connect();
    while (!stopped) {
      const { rows } = await db.query(
        `select case when state = 'idle in transaction' then 'idle in transaction'
                     else coalesce(wait_event_type, 'CPU') || ':' || coalesce(wait_event, 'running') end as wait,
                extract(epoch from now() - xact_start) * 1000 as xact_ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as query
         from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
           and state <> 'idle'`,
      );
      samples++;
      for (const { wait, xact_ms, query } of rows) {
        waits.set(wait, (waits.get(wait) ?? 0) + 1);
        if (xact_ms > (longest.get(query) ?? 0)) longest.set(query, xact_ms);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await db.end();
  })();
  return async () => {
    stopped = true;
    await done;
    return {
      samples,
      waits: [...waits].sort((a, b) => b[1] - a[1]),
      longest: [...longest].sort((a, b) => b[1] - a[1]).slice(0, 8),
    };
  };
}

/** Runs the mix at `rate` calls a second for `seconds`; answers per-call latencies, errors, and the rate held. */
async function run(mix, rate, seconds) {
  const total = mix.reduce((sum, [, weight]) => sum + weight, 0);
  const choose = () => {
    let roll = Math.random() * total;
    for (const entry of mix) if ((roll -= entry[1]) < 0) return entry;
    return mix[0];
  };
  const byCall = new Map(mix.map(([name]) => [name, []]));
  const errors = new Map();
  const slow = [];
  const started = performance.now();
  const count = Math.round(rate * seconds);
  const inFlight = new Set();
  for (let i = 0; i < count; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const [name, , send] = choose();
    const call = send()
      .catch((error) => ({ status: 0, json: { detail: error.message } }))
      .then((answer) => {
        const took = performance.now() - due;
        if (took > 1000) slow.push([Math.round((due - started) / 1000), name, Math.round(took)]);
        if (answer.status >= 200 && answer.status < 300) byCall.get(name).push(took);
        else {
          const key = `${name}: ${answer.status} ${answer.json?.detail ?? ''}`.trim();
          errors.set(key, (errors.get(key) ?? 0) + 1);
        }
        inFlight.delete(call);
      });
    inFlight.add(call);
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  const all = [...byCall.values()].flat();
  // A rate holds when every kind of call holds: the writes are a seventh of the mix, so their tail can hide in
  // the p99 of all calls together.
  const worst = [...byCall]
    .map(([name, latencies]) => [name, percentile(latencies, 0.99)])
    .sort((a, b) => b[1] - a[1])[0];
  return { byCall, errors, slow, held: Math.round(count / elapsed), count, p99: percentile(all, 0.99), worst };
}

function percentile(values, q) {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

if (!process.env.BENCH_SKIP_BUILD) npm(['run', 'build', '-w', '@portal/server']);
await prepare();
const { child, base } = await startBuiltServer(env);
try {
  const people = Object.fromEntries(
    await Promise.all(
      ['installer', 'purchaser', 'accountant', 'owner'].map(async (role) => [
        role,
        await signedInBrowser(base, `${role}@demo.test`),
      ]),
    ),
  );
  people.purchasers = [people.purchaser];
  for (let n = 1; n < PURCHASERS; n++) people.purchasers.push(await signedInBrowser(base, `purchaser+${n}@bench.test`));
  const catalog = (await people.purchaser('POST', '/api/search-products', { limit: 100 })).json.results
    .filter((product) => product.price && product.isAvailable)
    .map((product) => product.id);
  const buyable = [];
  for (const id of catalog) {
    const probe = await people.purchaser('POST', '/api/products-checkout/create-b2b', {
      lines: [{ variantId: id, quantity: 1 }],
    });
    if (probe.status < 300) buyable.push(id);
  }
  catalog.splice(0, catalog.length, ...buyable);
  const cards = (await people.accountant('GET', '/api/card')).json;
  const card = cards.find((method) => method.type === 'CARD')?.id;
  if (!catalog.length || !card) throw new Error('the demo seed has no products to buy or no card to pay with');
  const mix = mixOf(people, catalog, card);
  console.log(
    `machine: ${os.cpus().length} × ${os.cpus()[0]?.model}; load average ${os.loadavg()[0].toFixed(2)}; ` +
      `${mix.length} calls in the mix\n`,
  );

  let rate = START_RATE;
  if (process.env.SOAK_FIND === '1') {
    for (let step = rate; ; step = Math.round(step * 1.25)) {
      const trial = await run(mix, step, 30);
      const held = trial.errors.size === 0 && trial.worst[1] <= P99_LIMIT_MS && trial.held >= step * 0.95;
      console.log(
        `  ${step} calls/s for 30 s: held ${trial.held}/s, p99 ${Math.round(trial.p99)} ms ` +
          `(worst ${trial.worst[0]}: ${Math.round(trial.worst[1])} ms), ` +
          `${[...trial.errors.values()].reduce((a, b) => a + b, 0)} errors${held ? '' : '  <<< does not hold'}`,
      );
      if (!held) break;
      rate = step;
    }
    console.log(`soaking at ${rate} calls/s\n`);
  }

  const memoryBefore = await memoryOf(base);
  const cpuBefore = cpuReading(child.pid);
  // The memory every minute: a warm-up (caches filling) levels off, a leak keeps climbing.
  const memorySeries = [];
  const sampler = setInterval(() => {
    memoryOf(base).then(
      (memory) => memorySeries.push({ ...memory, load: os.loadavg()[0] }),
      () => undefined,
    );
  }, 60_000);
  const soakStarted = new Date();
  const stopSampling = sampleWaits(env.DATABASE_URL);
  const soak = await run(mix, rate, SECONDS);
  const database = await stopSampling();
  clearInterval(sampler);
  const cpuAfter = cpuReading(child.pid);
  const memoryAfter = await memoryOf(base);
  const rows = [...soak.byCall].map(([name, latencies]) => [
    name,
    latencies.length,
    Math.round(percentile(latencies, 0.5)),
    Math.round(percentile(latencies, 0.99)),
  ]);
  printTable(['call', 'n', 'p50 ms', 'p99 ms'], rows, ['l', 'r', 'r', 'r']);
  const cpu = cpuPer(cpuBefore, cpuAfter, soak.count);
  console.log(
    `\n${soak.count} calls in ${SECONDS} s at ${rate}/s asked, ${soak.held}/s held; CPU per call: server ` +
      `${cpu.server.toFixed(1)} ms, PostgreSQL ${cpu.postgres.toFixed(1)} ms, this script ${cpu.bench.toFixed(1)} ms`,
  );
  console.log(
    `server memory: resident ${memoryBefore.rss} → ${memoryAfter.rss} MB, V8 heap in use ` +
      `${memoryBefore.heap} → ${memoryAfter.heap} MB`,
  );
  if (memorySeries.length)
    console.log(
      `  each minute (resident / heap MB, event loop's longest delay ms, load average): ` +
        memorySeries.map(({ rss, heap, lag, load }) => `${rss}/${heap} ${lag} ${load.toFixed(1)}`).join(', '),
    );
  for (const [error, times] of soak.errors) console.log(`  error ×${times}: ${error}`);
  // Slow calls come in episodes: runs of seconds (gaps under 5 s) that had a call over a second, with the calls
  // that waited then; the clock says when, to set beside what else the machine was doing.
  const episodes = [];
  for (const [second, name, took] of [...soak.slow].sort((a, b) => a[0] - b[0])) {
    let episode = episodes.at(-1);
    if (!episode || second - episode.to >= 5)
      episodes.push((episode = { from: second, to: second, calls: new Map(), worst: 0 }));
    episode.to = second;
    episode.calls.set(name, (episode.calls.get(name) ?? 0) + 1);
    episode.worst = Math.max(episode.worst, took);
  }
  console.log(
    `\ncalls over 1 s: ${soak.slow.length}, in ${episodes.length} episodes (clock from ${soakStarted.toISOString()})`,
  );
  for (const { from, to, calls, worst } of episodes)
    console.log(`  +${from}–${to} s: worst ${worst} ms; ${[...calls].map(([name, n]) => `${name} ×${n}`).join(', ')}`);
  const busy = database.waits.reduce((sum, [, n]) => sum + n, 0);
  console.log(
    `\ndatabase, ${database.samples} samples every 100 ms: ${(busy / Math.max(database.samples, 1)).toFixed(2)} busy sessions on average`,
  );
  for (const [wait, n] of database.waits.slice(0, 12))
    console.log(`  ${wait}: ${((100 * n) / busy).toFixed(1)} % of busy session-samples`);
  console.log('longest transactions seen:');
  for (const [query, ms] of database.longest) console.log(`  ${Math.round(ms)} ms: ${query}`);
  report({ figure: 'soak rate held (mixed traffic, PostgreSQL)', value: soak.held, unit: 'calls/s' });
  report({
    figure: 'soak errors',
    value: [...soak.errors.values()].reduce((a, b) => a + b, 0),
    unit: 'calls',
    budget: 0,
  });
  report({ figure: 'soak server resident memory growth', value: memoryAfter.rss - memoryBefore.rss, unit: 'MB' });
} finally {
  child.kill('SIGTERM');
}
