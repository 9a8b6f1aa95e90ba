import type { SystemPrincipal } from './principal.ts';

/** What a job does with its data, as the system principal named for it. */
export type JobHandler<Data extends object> = (data: Data, principal: SystemPrincipal) => Promise<void>;

export interface JobOptions {
  /**
   * Run every so many ms, one run at a time across every instance (a sweep: recovery, delivery). Without
   * it, the job runs when sent.
   */
  everyMs?: number;
}

/**
 * Background work (ARCHITECTURE "Jobs"): pg-boss on PostgreSQL, so any instance may run a job and a
 * recurring one runs once across all of them; in-process on the embedded database (one process owns its
 * data folder). Handlers must be safe to run twice: a job that dies halfway is run again.
 */
export interface JobRunner {
  readonly kind: 'in-process' | 'pg-boss';
  define<Data extends object>(name: string, handler: JobHandler<Data>, options?: JobOptions): void;
  /** Queues a run of `name` with `data` (after the runner started). */
  send<Data extends object>(name: string, data: Data): Promise<void>;
  start(): Promise<void>;
  /** Stops taking work and waits for the runs under way. */
  stop(): Promise<void>;
}

export interface JobLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** How many times a job that threw is tried in all before it is given up (and logged). */
export const JOB_TRIES = 3;
