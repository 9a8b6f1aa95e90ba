import { systemPrincipal } from './principal.ts';
import { JOB_TRIES, type JobHandler, type JobLog, type JobOptions, type JobRunner } from './runner.ts';

interface Definition {
  handler: JobHandler<object>;
  options: JobOptions;
  running: boolean;
}

/**
 * The embedded database's runner: jobs run in this process, a recurring one on a timer that never
 * overlaps itself; a run that throws is tried again after a growing wait.
 */
export function createInProcessRunner(log: JobLog): JobRunner {
  const definitions = new Map<string, Definition>();
  const timers: NodeJS.Timeout[] = [];
  const underWay = new Set<Promise<void>>();
  let started = false;
  let stopped = false;

  async function runOnce(name: string, definition: Definition, data: object) {
    for (let attempt = 1; ; attempt++) {
      try {
        await definition.handler(data, systemPrincipal(name));
        return;
      } catch (error) {
        if (attempt >= JOB_TRIES || stopped) {
          log.error({ err: error, job: name }, `job ${name} failed`);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  }

  function track(work: Promise<void>) {
    underWay.add(work);
    void work.finally(() => underWay.delete(work));
  }

  return {
    kind: 'in-process',
    define(name, handler, options = {}) {
      definitions.set(name, { handler: handler as JobHandler<object>, options, running: false });
    },
    async send(name, data) {
      const definition = definitions.get(name);
      if (!definition) throw new Error(`no job named ${name}`);
      if (!started || stopped) throw new Error(`the job runner is not running (${name})`);
      track(runOnce(name, definition, data));
    },
    async start() {
      started = true;
      for (const [name, definition] of definitions) {
        const everyMs = definition.options.everyMs;
        if (!everyMs) continue;
        const timer = setInterval(() => {
          if (definition.running || stopped) return;
          definition.running = true;
          track(runOnce(name, definition, {}).finally(() => (definition.running = false)));
        }, everyMs);
        timer.unref();
        timers.push(timer);
      }
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...underWay]);
    },
  };
}
