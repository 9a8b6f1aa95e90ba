import type { Config } from '../config.ts';
import { createInProcessRunner } from './in-process.ts';
import { createPgBossRunner } from './pg-boss.ts';
import type { JobLog, JobRunner } from './runner.ts';

export type { JobRunner, JobHandler, JobOptions } from './runner.ts';
export { systemPrincipal, isSystemPrincipal, type SystemPrincipal } from './principal.ts';

/** The runner a configuration asks for: pg-boss on PostgreSQL, in-process on the embedded database. */
export function createJobRunner(config: Config, log: JobLog): JobRunner {
  const usePgBoss =
    config.JOBS_RUNNER === 'pg-boss' || (config.JOBS_RUNNER === 'auto' && config.DATABASE_URL !== undefined);
  if (usePgBoss) {
    if (!config.DATABASE_URL) throw new Error('JOBS_RUNNER=pg-boss needs DATABASE_URL (PostgreSQL)');
    return createPgBossRunner(config.DATABASE_URL, log);
  }
  return createInProcessRunner(log);
}
