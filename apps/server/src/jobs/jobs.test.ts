import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createInProcessRunner } from './in-process.ts';
import { createPgBossRunner } from './pg-boss.ts';
import type { JobRunner } from './runner.ts';
import type { SystemPrincipal } from './principal.ts';
import { createFromTemplate } from '../../test/helpers.ts';
import { withDatabase } from '../../test/global-setup.ts';

const quiet = { info: () => {}, error: () => {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(ms: number, ready: () => boolean) {
  const deadline = Date.now() + ms;
  while (!ready() && Date.now() < deadline) await sleep(50);
}

/** What every runner must do: run what is sent as the job's principal, sweep on a timer, try again after a throw. */
function behavesAsARunner(make: () => Promise<JobRunner[]>) {
  it('runs a sent job once, as the system principal named for it', async () => {
    const [runner] = await make();
    const seen: [object, SystemPrincipal][] = [];
    runner!.define<{ invoice: string }>('mail-reminder', async (data, principal) => void seen.push([data, principal]));
    await runner!.start();
    await runner!.send('mail-reminder', { invoice: 'INV-1' });
    await until(5_000, () => seen.length > 0);
    await sleep(300);
    expect(seen).toEqual([[{ invoice: 'INV-1' }, { kind: 'system', name: 'jobs:mail-reminder' }]]);
    await runner!.stop();
  });

  it('tries a job that threw again', async () => {
    const [runner] = await make();
    let tries = 0;
    runner!.define('flaky', async () => {
      tries++;
      if (tries < 2) throw new Error('not yet');
    });
    await runner!.start();
    await runner!.send('flaky', {});
    await until(10_000, () => tries >= 2);
    expect(tries).toBe(2);
    await runner!.stop();
  });

  it('sweeps on its timer, one run at a time across every instance', async () => {
    const runners = await make();
    let running = 0;
    let most = 0;
    let runs = 0;
    for (const runner of runners)
      runner.define(
        'sweep',
        async () => {
          running++;
          most = Math.max(most, running);
          runs++;
          await sleep(150);
          running--;
        },
        { everyMs: 100 },
      );
    for (const runner of runners) await runner.start();
    await until(10_000, () => runs >= 4);
    for (const runner of runners) await runner.stop();
    expect(runs).toBeGreaterThanOrEqual(4);
    expect(most).toBe(1);
  });
}

describe('the in-process job runner (the embedded database)', () => {
  behavesAsARunner(async () => [createInProcessRunner(quiet)]);
});

describe.runIf(inject('postgresTemplate'))('the pg-boss job runner (PostgreSQL), two instances on one database', () => {
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
  });
  const twoOnAFreshDatabase = async () => {
    const template = inject('postgresTemplate')!;
    const name = `portal_jobs_${randomBytes(6).toString('hex')}`;
    const admin = await createFromTemplate(template, name);
    drops.push(async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    });
    const url = withDatabase(template, name);
    return [createPgBossRunner(url, quiet), createPgBossRunner(url, quiet)];
  };
  behavesAsARunner(twoOnAFreshDatabase);

  // Two instances started together on a database whose queues do not exist yet (a first deploy of two): each
  // creates every queue, and PostgreSQL's locks on pg-boss's partitioned job table deadlocked one start (issue 32 §2).
  it('starts two instances at once on a database without its queues', async () => {
    const runners = await twoOnAFreshDatabase();
    const ran: string[] = [];
    for (const runner of runners)
      for (const queue of ['mail', 'recovery', 'payouts', 'backups', 'relay', 'expiry'])
        runner.define(queue, async () => void ran.push(queue));
    await Promise.all(runners.map((runner) => runner.start()));
    await runners[1]!.send('payouts', {});
    await until(5_000, () => ran.length > 0);
    for (const runner of runners) await runner.stop();
    expect(ran).toEqual(['payouts']);
  });
});
