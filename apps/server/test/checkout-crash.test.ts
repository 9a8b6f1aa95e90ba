import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CompletedCheckout, LastCheckout, PaymentCard } from '@portal/contracts';
import { DEMO_PASSWORD } from '../src/seed/people.ts';
import { openPglite } from '../src/db/client.ts';
import { withDatabase } from './global-setup.ts';
import { createFromTemplate } from './helpers.ts';

/**
 * Issue 18's fault test: the server process is killed (SIGKILL, as a crash or an OOM kill would) between
 * a checkout's charge and its order. After a restart there is exactly one order and one charge. A real
 * child process on its own copy of the test database (a PGlite data folder, or a PostgreSQL clone).
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let workDir: string;
let env: Record<string, string>;
let dropDatabase = async () => {};

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-crash-'));
  const postgresTemplate = inject('postgresTemplate');
  if (postgresTemplate) {
    const name = `portal_crash_${randomBytes(6).toString('hex')}`;
    const admin = await createFromTemplate(postgresTemplate, name);
    env = { DATABASE_URL: withDatabase(postgresTemplate, name) };
    dropDatabase = async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  } else {
    // The template's data folder, written where the child's server opens it (DATA_DIR/pglite).
    const client = openPglite({
      dataDir: path.join(workDir, 'pglite'),
      loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]),
    });
    await client.waitReady;
    await client.close();
    env = { DATA_DIR: workDir };
  }
});
afterAll(async () => {
  await dropDatabase();
  fs.rmSync(workDir, { recursive: true, force: true });
});

/** Starts the server from source in a child process; resolves with it and its origin once ready. */
async function startServer(extra: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'src/main.ts')], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED: 'never',
      HOST: '127.0.0.1',
      PORT: '0',
      WEB_DIST: path.join(workDir, 'no-web'),
      VPIC_UNAVAILABLE: '1',
      CHECKOUT_RECOVERY_AFTER_MS: '0',
      ...env,
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 60_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output += `${line}\n`;
      const match = /ready on http:\/\/localhost:(\d+)/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    });
    child.once('exit', (code, signal) => reject(new Error(`the server exited (${code ?? signal}):\n${output}`)));
  });
  return { child, origin, output: () => output };
}

const exited = (child: ChildProcess) =>
  new Promise<NodeJS.Signals | number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.signalCode ?? child.exitCode);
    else child.once('exit', (code, signal) => resolve(signal ?? code));
  });

/** A browser of one origin: keeps the session cookie. */
function browser(origin: string) {
  let cookie = '';
  return async (method: string, url: string, body?: object, headers: Record<string, string> = {}) => {
    const response = await fetch(origin + url, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), cookie, ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    // Each Set-Cookie replaces the cookie of its name.
    const jar = new Map(
      cookie
        .split('; ')
        .filter(Boolean)
        .map((c) => [c.split('=')[0]!, c]),
    );
    for (const set of response.headers.getSetCookie()) {
      const pair = set.split(';')[0]!;
      jar.set(pair.split('=')[0]!, pair);
    }
    cookie = [...jar.values()].join('; ');
    return response;
  };
}

describe('a crash between the charge and the order (issue 18)', () => {
  it('kill -9 after the card is charged: after a restart, one order and one charge', async () => {
    const first = await startServer({ FAULT_INJECTION: 'after:charge' });
    const call = browser(first.origin);
    expect(
      (
        await call('POST', '/api/auth/sign-in', {
          email: 'owner@demo.test',
          password: DEMO_PASSWORD,
          rememberMe: false,
        })
      ).status,
    ).toBe(200);
    const card = ((await (await call('GET', '/api/card')).json()) as PaymentCard[]).find(
      (m) => m.type === 'CARD' && m.is_main,
    )!;
    const products = (await (await call('POST', '/api/search-products', { limit: 8 })).json()) as {
      results: { id: string; price: { cents: number } | null }[];
    };
    const product = products.results.find((p) => p.price)!;
    const cart = (await (
      await call('POST', '/api/products-checkout/create-b2b', { lines: [{ variantId: product.id, quantity: 2 }] })
    ).json()) as LastCheckout['checkout'] & { token: string };
    const key = `crash-${Date.now()}`;
    const placing = call(
      'POST',
      `/api/products-checkout/${cart.token}/complete-b2b-checkout`,
      { selectedPayment: card.id },
      { 'idempotency-key': key },
    );
    await expect(placing).rejects.toThrow(); // the connection dies with the process
    expect(await exited(first.child)).toBe('SIGKILL');

    // The restart settles the interrupted completion; the buyer's retry (same key) answers its order.
    const second = await startServer();
    try {
      const again = browser(second.origin);
      await again('POST', '/api/auth/sign-in', {
        email: 'owner@demo.test',
        password: DEMO_PASSWORD,
        rememberMe: false,
      });
      const retried = await again(
        'POST',
        `/api/products-checkout/${cart.token}/complete-b2b-checkout`,
        { selectedPayment: card.id },
        { 'idempotency-key': key },
      );
      expect(retried.status).toBe(200);
      const { order } = (await retried.json()) as CompletedCheckout;
      expect(order.payment).toMatchObject({ kind: 'CARD' });
      expect(order.total.cents).toBe(cart.totalPrice.cents);
      expect(second.output()).toContain('settled 1 checkout completion');
    } finally {
      second.child.kill('SIGTERM');
      await exited(second.child);
    }

    // Counted in the database itself: one order for the cart, one charge under the try's key.
    const counts = await countsFor(cart.token);
    expect(counts).toEqual({ orders: 1, charges: 1, succeeded: 1 });
  }, 120_000);
});

async function countsFor(token: string) {
  const sqlText = `select
      (select count(*)::int from orders o join checkouts c on c.id = o.checkout_id where c.token = $1) as orders,
      (select count(*)::int from processor_charges p join checkout_attempts a on a.id::text = p.idempotency_key join checkouts c on c.id = a.checkout_id where c.token = $1) as charges,
      (select count(*)::int from processor_charges p join checkout_attempts a on a.id::text = p.idempotency_key join checkouts c on c.id = a.checkout_id where c.token = $1 and p.status = 'succeeded') as succeeded`;
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query(sqlText, [token])).rows[0];
    } finally {
      await client.end();
    }
  }
  const client = openPglite({ dataDir: path.join(workDir, 'pglite') });
  await client.waitReady;
  try {
    return (await client.query(sqlText, [token])).rows[0];
  } finally {
    await client.close();
  }
}
