import pg from 'pg';
import PgBoss from 'pg-boss';
import { systemPrincipal } from './principal.ts';
import { JOB_TRIES, type JobHandler, type JobLog, type JobOptions, type JobRunner } from './runner.ts';

/**
 * PostgreSQL's runner: pg-boss keeps the queues in the database (schema `pgboss`), so a job sent by one
 * instance may run on another, and a job whose instance died is run again. A recurring job is a 'stately'
 * queue (at most one waiting and one running): every instance offers a run on its timer, and the queue
 * keeps one — the sweep runs once across all instances however many there are.
 */
export function createPgBossRunner(connectionString: string, log: JobLog): JobRunner {
  const definitions = new Map<string, { handler: JobHandler<object>; options: JobOptions }>();
  const timers: NodeJS.Timeout[] = [];
  let boss: PgBoss | null = null;

  return {
    kind: 'pg-boss',
    define(name, handler, options = {}) {
      definitions.set(name, { handler: handler as JobHandler<object>, options });
    },
    async send(name, data) {
      if (!boss) throw new Error(`the job runner is not running (${name})`);
      await boss.send(name, data);
    },
    async start() {
      boss = new PgBoss({ connectionString, schema: 'pgboss', max: 3, application_name: 'portal-jobs' });
      boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
      await boss.start();
      await oneInstanceAtATime(connectionString, async () => {
        for (const [name, { options }] of definitions)
          await boss!.createQueue(name, {
            name,
            policy: options.everyMs ? 'stately' : 'standard',
            retryLimit: JOB_TRIES - 1,
            retryDelay: 1,
            retryBackoff: true,
          });
      });
      for (const [name, { handler, options }] of definitions) {
        await boss.work<object>(name, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
          for (const job of jobs) await handler(job.data ?? {}, systemPrincipal(name));
        });
        const everyMs = options.everyMs;
        if (!everyMs) continue;
        const offer = () =>
          boss?.send(name, {}).catch((error: unknown) => log.error({ err: error }, `offering ${name}`));
        const timer = setInterval(() => void offer(), everyMs);
        timer.unref();
        timers.push(timer);
      }
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await boss?.stop({ graceful: true, wait: true, timeout: 5_000 });
      boss = null;
    },
  };
}

/** The advisory lock that queue creation takes: any number, the same on every instance. */
const QUEUE_CREATION_LOCK = 3_202_002;

/**
 * Runs `work` while no other instance runs its own (a session advisory lock on a connection of its own). Two
 * instances creating the same queues at once deadlock on pg-boss's partitioned job table (each queue is a
 * partition attached to it) and one start fails (issue 32 §2); one after the other, the second finds every
 * queue made (pg-boss's create_queue does nothing for a queue that exists).
 */
async function oneInstanceAtATime(connectionString: string, work: () => Promise<void>) {
  const client = new pg.Client({ connectionString, application_name: 'portal-jobs' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [QUEUE_CREATION_LOCK]);
    await work();
  } finally {
    // The lock goes with the connection, even when the unlock is never reached.
    await client.end();
  }
}
