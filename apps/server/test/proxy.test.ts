import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Checkout, CompletedCheckout, InvoiceConnection, PaymentCard, Receipt } from '@portal/contracts';
import { DEMO_PASSWORD } from '../src/seed/people.ts';
import { connectRedis } from '../src/adapters/redis.ts';
import { REDIS_RATE_LIMIT_PREFIX } from '../src/modules/auth/rate-limit.ts';
import { withDatabase } from './global-setup.ts';
import { createFromTemplate } from './helpers.ts';
import { browser, exited, startServerProcess, stopProcess, type ServerProcess } from './server-process.ts';

/**
 * Two instances behind a real proxy (issue 32 §2): two server processes on one PostgreSQL database and one
 * Redis, behind HAProxy from Debian, round-robin with no sticky sessions. A sales rep signs in, selects a
 * business, fills a cart, pays invoices, watches a device's events and checks out, each request landing on
 * either instance (HAProxy names the one in X-Served-By). Instance s1 is killed (SIGKILL, by its own fault
 * point) in the middle of an invoice payment, after the charge, while it holds the rep's event stream: the
 * proxy replays the keyed payment on s2, which settles the try and answers the one receipt; the stream
 * resumes on s2 with Last-Event-ID; the cart is still there; nothing acknowledged is lost or doubled.
 * The proxy runs docs/operations.md's configuration. PostgreSQL only: the embedded database is one process's;
 * on PostgreSQL a missing HAProxy fails the test (CI installs it).
 */

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const postgresTemplate = inject('postgresTemplate');
// The Redis of this machine and of CI (as modules/auth/rate-limit.test.ts).
const REDIS_URL = 'redis://127.0.0.1:6379';
const SIGN_IN_LIMIT = 4;
const DEVICE = '10230000240'; // DEMO-DATA: installed for Northside (C100234)
const NORTHSIDE = 'C100234';

/**
 * docs/operations.md's HAProxy configuration ("A proxy that works"), as it stands there, with this test's
 * address on `bind` and its instances in place of the page's `server` lines: the page cannot drift from what runs.
 */
function haproxyConfig(port: number, instances: { name: string; port: number }[]) {
  const page = fs.readFileSync(path.join(repositoryRoot, 'docs/operations.md'), 'utf8');
  const block = /```haproxy\n([\s\S]*?)```/.exec(page)?.[1];
  if (!block) throw new Error('docs/operations.md has no ```haproxy block');
  const lines = block.split('\n').filter((line) => !/^\s*server /.test(line));
  const bind = lines.findIndex((line) => /^\s*bind /.test(line));
  expect(bind, 'a bind line').toBeGreaterThan(0);
  lines[bind] = `  bind 127.0.0.1:${port}`;
  return [...lines, ...instances.map((i) => `  server ${i.name} 127.0.0.1:${i.port}`), ''].join('\n');
}

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function haproxyBinary() {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/bin/haproxy']) if (fs.existsSync(candidate)) return candidate;
  try {
    return execFileSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(
      'HAProxy is not installed: this test needs it on PostgreSQL (apt-get install haproxy; .ci/run installs it).',
    );
  }
}

/** A made-up client address (the proxy's X-Forwarded-For is believed from loopback): each run counts alone. */
const clientAddress = () => `10.32.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;

interface StreamEvent {
  id: number;
  event: string;
  data: Record<string, unknown>;
}

/** A device event stream as an EventSource reads it: the events so far, until one matches, and its end. */
function readEvents(response: Response) {
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  const wake = () => waiters.forEach((waiter) => waiter());
  const done = (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const id = /^id: (\d+)$/m.exec(block)?.[1];
          if (!id) continue; // the retry hint and heartbeats
          events.push({
            id: Number(id),
            event: /^event: (.*)$/m.exec(block)![1]!,
            data: JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as Record<string, unknown>,
          });
          wake();
        }
      }
    } catch {
      // The connection died with the instance: the stream ended.
    } finally {
      ended = true;
      wake();
    }
  })();
  return {
    events,
    /** Resolves once the stream ended (the instance serving it went away, or it was cancelled). */
    done,
    cancel: () => response.body!.cancel().catch(() => undefined),
    until(match: (event: StreamEvent) => boolean, ms = 15_000) {
      return new Promise<StreamEvent>((resolve, reject) => {
        const timer = setTimeout(() => finish(new Error(`no such event within ${ms} ms`)), ms);
        const finish = (error?: Error, event?: StreamEvent) => {
          clearTimeout(timer);
          waiters.delete(check);
          if (error) reject(error);
          else resolve(event!);
        };
        const check = () => {
          const found = events.find(match);
          if (found) finish(undefined, found);
          else if (ended) finish(new Error('the stream ended'));
        };
        waiters.add(check);
        check();
      });
    },
  };
}

if (!postgresTemplate)
  console.info(
    'proxy.test.ts skipped: two instances behind HAProxy need PostgreSQL (DATABASE_URL=postgres://…); the embedded database is one process’s.',
  );

describe.runIf(postgresTemplate)('two instances behind HAProxy (PostgreSQL only: one database for both)', () => {
  let workDir: string;
  let databaseUrl: string;
  let dropDatabase = async () => {};
  let haproxy: ChildProcess | undefined;
  let haproxyOutput = '';
  let instances: ServerProcess[] = [];
  let origin: string;

  beforeAll(async () => {
    const binary = haproxyBinary();
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-proxy-'));
    const name = `portal_proxy_${randomBytes(6).toString('hex')}`;
    const admin = await createFromTemplate(postgresTemplate, name);
    databaseUrl = withDatabase(postgresTemplate, name);
    dropDatabase = async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
    // What must match on every instance (docs/operations.md); s1 alone ends itself after an invoice payment's charge.
    const shared = {
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      AUTH_SECRET: randomBytes(32).toString('base64'),
      JOBS_RUNNER: 'pg-boss',
      SIGN_IN_LIMIT_PER_ADDRESS: String(SIGN_IN_LIMIT),
      // A try pending this long is one a crash left: the replay on the survivor settles it (production: 30 s).
      CHECKOUT_RECOVERY_AFTER_MS: '1000',
      DEVICE_SIM_SPEED: '20',
    };
    instances = await Promise.all([
      startServerProcess({ ...shared, FAULT_INJECTION: 'invoice-payment/after:charge' }, workDir),
      startServerProcess(shared, workDir),
    ]);
    const port = await freePort();
    const config = path.join(workDir, 'haproxy.cfg');
    fs.writeFileSync(
      config,
      haproxyConfig(
        port,
        instances.map((instance, i) => ({ name: `s${i + 1}`, port: instance.port })),
      ),
    );
    haproxy = spawn(binary, ['-f', config, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
    haproxy.stdout!.on('data', (chunk: Buffer) => (haproxyOutput += chunk.toString()));
    haproxy.stderr!.on('data', (chunk: Buffer) => (haproxyOutput += chunk.toString()));
    origin = `http://127.0.0.1:${port}`;
    // Ready when both instances answered through it (their health checks passed).
    const seen = new Set<string>();
    for (let i = 0; seen.size < 2; i++) {
      if (i > 100 || haproxy.exitCode !== null) throw new Error(`HAProxy did not come up:\n${haproxyOutput}`);
      const answer = await fetch(`${origin}/readyz`).catch(() => null);
      const server = answer?.headers.get('x-served-by');
      if (answer?.status === 200 && server) seen.add(server);
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 90_000);

  afterAll(async () => {
    await stopProcess(haproxy);
    for (const instance of instances) await stopProcess(instance.child);
    await dropDatabase();
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  /** Every answer through the proxy: which instance served it, and with what status. */
  const served: { server: string; status: number; url: string }[] = [];
  function client(address = clientAddress()) {
    const call = browser(origin, { 'x-forwarded-for': address });
    const tracked = async (...args: Parameters<typeof call>) => {
      const response = await call(...args);
      served.push({ server: response.headers.get('x-served-by') ?? '?', status: response.status, url: args[1] });
      return response;
    };
    return Object.assign(tracked, { cookies: call.cookies });
  }
  type Client = ReturnType<typeof client>;
  const by = (response: Response) => response.headers.get('x-served-by');
  const json = async <T>(response: Response) => (await response.json()) as T;

  /** Sends harmless reads until one is served by `server`: round-robin sends the next request to the other. */
  async function nextGoesAfter(call: Client, server: string) {
    for (let i = 0; i < 6; i++) if (by(await call('GET', '/api/session')) === server) return;
    throw new Error(`no answer from ${server}`);
  }

  it('counts one sign-in limit across both instances (Redis)', async () => {
    const address = clientAddress();
    const call = client(address);
    const tries: Response[] = [];
    for (let i = 0; i <= SIGN_IN_LIMIT; i++)
      tries.push(
        await call('POST', '/api/auth/sign-in', {
          email: `nobody-${randomUUID()}@demo.test`,
          password: 'not the password',
          rememberMe: false,
        }),
      );
    // Each instance counting alone would let 2 × SIGN_IN_LIMIT through.
    expect(tries.slice(0, SIGN_IN_LIMIT).map((r) => r.status)).not.toContain(429);
    expect(tries[SIGN_IN_LIMIT]!.status).toBe(429);
    expect(new Set(tries.map(by))).toEqual(new Set(['s1', 's2']));
    const redis = await connectRedis(REDIS_URL);
    const key = `${REDIS_RATE_LIMIT_PREFIX}sign-in:ip:${address}`;
    try {
      expect(Number(await redis.client.get(key))).toBe(SIGN_IN_LIMIT + 1);
    } finally {
      await redis.client.del(key);
      await redis.close();
    }
  });

  it('serves one journey from either instance, and loses nothing when one is killed in the middle', async () => {
    const rep = client();
    // Signed in on one instance, known on the other.
    const signIn = await rep('POST', '/api/auth/sign-in', {
      email: 'insiderep@demo.test',
      password: DEMO_PASSWORD,
      rememberMe: false,
    });
    expect(signIn.status).toBe(200);
    const session = await rep('GET', '/api/session');
    expect(by(session)).not.toBe(by(signIn));
    expect((await json<{ user: { email: string } | null }>(session)).user?.email).toBe('insiderep@demo.test');

    // Selecting a business rotates the session token: the one held before is dead on both instances.
    const before = rep.cookies();
    const selected = await rep('POST', '/api/select-business', { sapBpCode: NORTHSIDE });
    expect(selected.status).toBe(200);
    const stale = browser(origin);
    const staleAnswers = [];
    for (let i = 0; i < 2; i++) staleAnswers.push(await stale('GET', '/api/session', undefined, { cookie: before }));
    expect(new Set(staleAnswers.map(by))).toEqual(new Set(['s1', 's2']));
    for (const answer of staleAnswers) expect((await json<{ user: unknown }>(answer)).user).toBeNull();

    // A cart filled on both instances.
    const products = await json<{ results: { id: string; price: { cents: number } | null }[] }>(
      await rep('POST', '/api/search-products', { limit: 8 }),
    );
    const [first, second] = products.results.filter((p) => p.price);
    const created = await rep('POST', '/api/products-checkout/create-b2b', {
      lines: [{ variantId: first!.id, quantity: 2 }],
    });
    expect(created.status).toBeLessThan(300);
    const { token } = await json<{ token: string }>(created);
    const added = await rep('POST', `/api/products-checkout/${token}/add-lines`, {
      lines: [{ variantId: second!.id, quantity: 1 }],
    });
    expect(added.status, await added.clone().text()).toBeLessThan(300);
    expect(by(added)).not.toBe(by(created));
    const cartLines = async () =>
      (await json<Checkout>(await rep('GET', `/api/products-checkout/${token}`))).lines.map((line) => ({
        id: line.product.id,
        quantity: line.quantity,
      }));
    const cart = await cartLines();
    expect(cart).toEqual(
      expect.arrayContaining([
        { id: first!.id, quantity: 2 },
        { id: second!.id, quantity: 1 },
      ]),
    );

    // The device's events, watched on s1 (the instance to be killed).
    let stream: ReturnType<typeof readEvents> | undefined;
    for (let i = 0; i < 4 && !stream; i++) {
      const opened = await rep('GET', `/api/device/${DEVICE}/events`);
      expect(opened.status).toBe(200);
      if (by(opened) === 's1') stream = readEvents(opened);
      else await opened.body!.cancel();
    }
    expect(stream, 'no stream landed on s1').toBeDefined();
    const sendLocate = async () => {
      const sent = await rep('POST', '/api/iot/send-command', { device_key: DEVICE, command: 'locate' });
      expect(sent.status, await sent.clone().text()).toBe(200);
      return (await json<{ job_id: string }>(sent)).job_id;
    };
    const located = (stream: ReturnType<typeof readEvents>, jobId: string) =>
      stream.until((e) => e.event === 'test' && e.data.job_id === jobId && e.data.status === 'SUCCEEDED');
    const firstJob = await sendLocate();
    await located(stream!, firstJob);

    // Invoice payments: one on s2 replayed on s1 (one try whichever instance hears the key).
    const card = (await json<PaymentCard[]>(await rep('GET', '/api/card'))).find(
      (m) => m.type === 'CARD' && m.is_main,
    )!;
    const invoices = (
      await json<InvoiceConnection>(
        await rep('POST', '/api/invoices', { first: 100, unpaid: true, sort: 'due_date', direction: 'asc' }),
      )
    ).edges
      .map((e) => e.node)
      .filter((i) => i.payoffAmount.amount > 0);
    expect(invoices.length).toBeGreaterThanOrEqual(3);
    const receipts = new Map<string, Receipt>();
    const pay = async (invoice: (typeof invoices)[number], key: string) => {
      const answer = await rep(
        'POST',
        '/api/pay-invoice',
        { invoices: [{ id: invoice.id, paymentAmount: invoice.payoffAmount.amount }], paymentMethodId: card.id },
        { 'idempotency-key': key },
      );
      expect(answer.status, await answer.clone().text()).toBeLessThan(300);
      const receipt = await json<Receipt>(answer);
      if (receipts.has(key)) expect(receipt.id).toBe(receipts.get(key)!.id);
      receipts.set(key, receipt);
      return answer;
    };
    const [k1, k2, k3] = [randomUUID(), randomUUID(), randomUUID()];
    await nextGoesAfter(rep, 's1');
    const paid = await pay(invoices[0]!, k1);
    expect([by(paid), paid.status]).toEqual(['s2', 201]);
    const replayed = await pay(invoices[0]!, k1);
    expect([by(replayed), replayed.status]).toEqual(['s1', 200]);

    // The kill: s1 ends itself after charging the next payment. The proxy sends the keyed request again to s2,
    // which finds the try, settles it from the processor's record and answers its receipt.
    await nextGoesAfter(rep, 's2');
    const killedAt = served.length;
    const interrupted = await pay(invoices[1]!, k2);
    expect(await exited(instances[0]!.child)).toBe('SIGKILL');
    expect(by(interrupted)).toBe('s2');
    expect(receipts.get(k2)!.invoices).toEqual([
      expect.objectContaining({ id: invoices[1]!.id, paid: { amount: invoices[1]!.payoffAmount.amount } }),
    ]);
    expect((await pay(invoices[1]!, k2)).status).toBe(200); // the buyer's own retry: the same receipt

    // The stream on s1 ended with it; resumed from the last event seen, it goes on on s2.
    await stream!.done;
    const lastSeen = stream!.events.at(-1)!.id;
    const resumedAnswer = await rep('GET', `/api/device/${DEVICE}/events`, undefined, {
      'last-event-id': String(lastSeen),
    });
    expect([by(resumedAnswer), resumedAnswer.status]).toEqual(['s2', 200]);
    const resumed = readEvents(resumedAnswer);
    const secondJob = await sendLocate();
    await located(resumed, secondJob);
    await resumed.cancel();
    const ids = [...stream!.events, ...resumed.events].map((e) => e.id);
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b)); // in order, none twice
    expect(resumed.events[0]!.id).toBeGreaterThan(lastSeen);

    // The cart is as it was; the order and a last payment go through on the survivor.
    expect(await cartLines()).toEqual(cart);
    const orderKey = randomUUID();
    const complete = () =>
      rep(
        'POST',
        `/api/products-checkout/${token}/complete-b2b-checkout`,
        { selectedPayment: card.id },
        { 'idempotency-key': orderKey },
      );
    const ordered = await complete();
    expect(ordered.status, await ordered.clone().text()).toBe(201);
    const { order } = await json<CompletedCheckout>(ordered);
    const reordered = await complete();
    expect(reordered.status).toBe(200);
    expect((await json<CompletedCheckout>(reordered)).order.id).toBe(order.id);
    await pay(invoices[2]!, k3);

    // Counted in the database: each acknowledged payment once, with one charge; the order once.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const payments = await db.query<{ key: string; id: string; status: string; charges: number }>(
        `select p.idempotency_key as key, p.id::text as id, p.status,
           (select count(*)::int from processor_charges c where c.idempotency_key = p.id::text) as charges
         from invoice_payments p where p.idempotency_key = any($1) order by p.idempotency_key`,
        [[k1, k2, k3]],
      );
      expect(payments.rows).toEqual(
        [k1, k2, k3]
          .map((key) => ({ key, id: receipts.get(key)!.id, status: 'succeeded', charges: 1 }))
          .sort((a, b) => a.key.localeCompare(b.key)),
      );
      const orders = await db.query<{ n: number }>(
        'select count(*)::int as n from orders o join checkouts c on c.id = o.checkout_id where c.token = $1',
        [token],
      );
      expect(orders.rows[0]!.n).toBe(1);
      const mismatches = await db.query<{ n: number }>(
        `select count(*)::int as n from invoices i where i.paid_cents <>
           (select coalesce(sum(a.cash_cents + a.credit_cents), 0) from payment_applications a where a.invoice_id = i.id)`,
      );
      expect(mismatches.rows[0]!.n).toBe(0);
    } finally {
      await db.end();
    }

    // Both instances served the journey until the kill, the survivor everything after; nobody saw a 5xx.
    expect(new Set(served.slice(0, killedAt).map((s) => s.server))).toEqual(new Set(['s1', 's2']));
    expect(new Set(served.slice(killedAt).map((s) => s.server))).toEqual(new Set(['s2']));
    expect(served.filter((s) => s.status >= 500)).toEqual([]);
  }, 60_000);
});
