import { createHash } from 'node:crypto';
import { REFUSAL_CODES } from '@portal/contracts';
import type { Db, Tx } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { Refusal, kindOfStatus, refuse } from '../refusal.ts';
import { transact } from './transact.ts';
import type { StoredFailure } from './failure.ts';
import type { SystemPrincipal } from '../jobs/principal.ts';

export type { StoredFailure };

/**
 * The attempt machine (issue 26; CONVENTIONS "One attempt machine"): the one place where the portal acts
 * on the outside world — charges a card today, commands a device and puts a plan on it next. Every kind
 * runs the same course:
 *
 *   decide   one transaction (the kind's rules) that ends with a try row holding its snapshot
 *   steps    named outside actions, each idempotent by the try's id, each with its compensation
 *   write    one transaction that claims the try and writes what the steps made real
 *   replay   a retry under the same Idempotency-Key answers the first answer (waiting while it runs)
 *   settle   a try left pending (a crash, a lost connection) is finished from what the outside world
 *            says happened under its id, never by acting again
 *
 * ONE policy for a write that fails after an outside action (docs/decisions.md "The attempt machine"):
 * roll forward while the write can still succeed (a conflict is retried here; anything else leaves the try
 * pending for the recovery job, which writes it within seconds), and compensate (void) only when the write
 * is refused by a rule, which no retry can change.
 */

/** What the machine needs to know of a try row, whatever table the kind keeps it in. */
export interface TryView<S> {
  id: string;
  requestHash: string;
  state: 'pending' | 'done' | 'failed';
  snapshot: S;
  failure: StoredFailure | null;
  createdAt: Date;
}

/**
 * The view of a try row as both kinds keep it: 'charging' while pending, `doneStatus` once written
 * ('completed', 'succeeded'), else failed.
 */
export function tryViewOf<S>(
  row: {
    id: string;
    requestHash: string;
    status: string;
    snapshot: unknown;
    failure: StoredFailure | null;
    createdAt: Date;
  },
  doneStatus: string,
): TryView<S> {
  return {
    id: row.id,
    requestHash: row.requestHash,
    state: row.status === 'charging' ? 'pending' : row.status === doneStatus ? 'done' : 'failed',
    snapshot: row.snapshot as S,
    failure: row.failure ?? null,
    createdAt: row.createdAt,
  };
}

/** Where a kind keeps its tries (its own table: the try is also a domain record, as a receipt is). */
export interface AttemptStore<S, Row> {
  /** The unique index on (owner, idempotency key): two requests with one key at once collide on it. */
  keyConstraint: string;
  byKey(db: Db | Tx, owner: string, key: string): Promise<Row | null>;
  byId(db: Db | Tx, id: string): Promise<Row | null>;
  /** Tries still pending that began before `before`. */
  pendingBefore(db: Db, before: Date): Promise<Row[]>;
  view(row: Row): TryView<S>;
  /** Ends a pending try as failed and lets go of what it held; false when it had already ended. */
  fail(tx: Tx, row: Row, failure: StoredFailure): Promise<boolean>;
}

/** One outside action of a try (Medusa v2's createStep(invoke, compensate), plus `find` for recovery). */
export interface Step<S, Out> {
  /** Named for the fault points (`after:<name>`) and the logs. */
  name: string;
  /** Whether this try needs the step (credit that covers a payment charges nothing). */
  needed(snapshot: S): boolean;
  /** Acts, idempotent by the try's id; a Refusal (a decline) ends the try with it. */
  invoke(tryId: string, snapshot: S): Promise<Out>;
  /** After a crash: what was done under the try's id — its output, the refusal it met, or nothing. */
  find(tryId: string, snapshot: S): Promise<{ done: Out } | { refused: Refusal } | null>;
  /** Undoes what `invoke` did (a void); safe to call twice. */
  compensate(output: Out): Promise<void>;
}

export type Outputs = Record<string, unknown>;

export type Decision<Row, Result> = { replay: Row } | { tried: Row; result?: Result };

export interface AttemptKind<Actor, Input, S, Row, Result> {
  /** 'checkout', 'invoice-payment': names the fault points of one kind. */
  name: string;
  /** What a try is called in the logs: 'checkout completion'. */
  label: string;
  texts: {
    keyRequired: string;
    keyReused: string;
    inProgress: string;
    notFound: string;
    /** Why a try whose outside action never happened ended (recovery found nothing under its id). */
    notCompleted: string;
  };
  store: AttemptStore<S, Row>;
  /** Whose keys these are: a key is one person's. */
  ownerOf(actor: Actor): string;
  /** What identifies the request: the same key with another of these is refused. */
  requestOf(actor: Actor, input: Input): unknown;
  /**
   * The deciding transaction: the kind's rules, ending with a new try row — or, when the key was used
   * before (`earlier()` read after the kind's own locks), the earlier try to replay. With nothing to do
   * outside (COD, credit only), the kind may write everything here and answer `result` at once.
   */
  decide(
    tx: Tx,
    actor: Actor,
    input: Input,
    at: { key: string; requestHash: string; earlier: () => Promise<Row | null> },
  ): Promise<Decision<Row, Result>>;
  steps: readonly Step<S, unknown>[];
  /**
   * The write after the steps, in one transaction: claims the try (null when another run ended it first)
   * and writes what the steps made real. A Refusal thrown here is a rule's no: the steps are compensated.
   */
  write(tx: Tx, row: Row, outputs: Outputs): Promise<Result | null>;
  /** A database error of the write that is a rule's no (a CHECK constraint), as the refusal to answer. */
  refusalOfWriteError?(error: unknown): Refusal | null;
  /** What a try that ended well answers to a retry. */
  resultOf(db: Db, row: Row): Promise<Result>;
}

export interface AttemptMachineDeps {
  db: Db;
  /** A pending try older than this is taken for one a crash left (CHECKOUT_RECOVERY_AFTER_MS). */
  recoveryAfterMs: number;
  /** FAULT_INJECTION: a point at which the process ends with SIGKILL (tests of crash safety). */
  faultPoint?: string;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
}

export interface AttemptRunner<Actor, Input, Result> {
  name: string;
  label: string;
  run(actor: Actor, input: Input, key: string | undefined): Promise<{ replayed: boolean; body: Result }>;
  /** Settles every try pending for longer than the recovery delay, as `by` (a job); answers how many. */
  recover(by: SystemPrincipal): Promise<number>;
  /** How many of its tries are pending since before `before`. */
  pendingCount(before: Date): Promise<number>;
}

/** What an Idempotency-Key may be (any idempotent write of the portal takes the same). */
export const KEY_PATTERN = /^[\w-]{8,100}$/;
/** How long a retry waits for the try it repeats to finish before answering "in progress". */
const REPLAY_WAIT_MS = 10_000;

export const refusalOfFailure = (failure: StoredFailure) =>
  new Refusal(failure.kind ?? kindOfStatus(failure.status ?? 400), failure.detail, { code: failure.code });

const failureOf = (refusal: Refusal): StoredFailure => ({
  kind: refusal.kind,
  detail: refusal.detail,
  ...(refusal.code && { code: refusal.code }),
});

export function createAttemptMachine(deps: AttemptMachineDeps) {
  const runners: AttemptRunner<never, never, unknown>[] = [];

  /** Ends the process at a named point, as a crash would (never in production: config refuses it). */
  function faultAt(kind: string, point: string) {
    if (deps.faultPoint && (deps.faultPoint === point || deps.faultPoint === `${kind}/${point}`))
      process.kill(process.pid, 'SIGKILL');
  }

  function define<Actor, Input, S, Row, Result>(
    kind: AttemptKind<Actor, Input, S, Row, Result>,
  ): AttemptRunner<Actor, Input, Result> {
    const { store } = kind;

    async function run(actor: Actor, input: Input, key: string | undefined) {
      // Who it is first (a caller who may not act at all is told so whatever key was sent), then the key.
      const owner = kind.ownerOf(actor);
      if (!key || !KEY_PATTERN.test(key))
        throw refuse.invalid(kind.texts.keyRequired, REFUSAL_CODES.IDEMPOTENCY_KEY_REQUIRED);
      const requestHash = createHash('sha256')
        .update(JSON.stringify(kind.requestOf(actor, input)))
        .digest('hex');
      let decided: Decision<Row, Result>;
      try {
        decided = await transact(deps.db, (tx) =>
          kind.decide(tx, actor, input, { key, requestHash, earlier: () => store.byKey(tx, owner, key) }),
        );
      } catch (error) {
        // The same key sent twice at once: the other request decided first; answer what it answers.
        if (!isUniqueViolation(error, store.keyConstraint)) throw error;
        const other = await store.byKey(deps.db, owner, key);
        if (!other) throw error;
        return replay(other, requestHash);
      }
      if ('replay' in decided) return replay(decided.replay, requestHash);
      if (decided.result !== undefined) return { replayed: false, body: decided.result };
      faultAt(kind.name, 'after:decide');
      return { replayed: false, body: await carryOut(decided.tried, {}) };
    }

    /** Runs the steps a try still needs (`found`: what recovery learnt was done), then writes. */
    async function carryOut(row: Row, found: Outputs): Promise<Result> {
      const tried = store.view(row);
      const outputs: Outputs = { ...found };
      const done: [Step<S, unknown>, unknown][] = [];
      for (const step of kind.steps) {
        if (!step.needed(tried.snapshot)) continue;
        if (!(step.name in outputs)) {
          try {
            outputs[step.name] = await step.invoke(tried.id, tried.snapshot);
          } catch (error) {
            if (!(error instanceof Refusal)) throw error;
            await compensate(done);
            return end(row, error);
          }
          faultAt(kind.name, `after:${step.name}`);
        }
        done.push([step, outputs[step.name]]);
      }

      let result: Result | null;
      try {
        result = await transact(deps.db, (tx) => kind.write(tx, row, outputs));
      } catch (error) {
        const refusal = error instanceof Refusal ? error : (kind.refusalOfWriteError?.(error) ?? null);
        if (!refusal) {
          // Not a rule's no: the try stays pending and the recovery job writes it (roll forward).
          deps.log.error({ err: error, attempt: tried.id }, `${kind.name}: the write after its steps failed`);
          throw refuse.conflict(kind.texts.inProgress, REFUSAL_CODES.IN_PROGRESS);
        }
        await compensate(done);
        return end(row, refusal);
      }
      faultAt(kind.name, 'after:write');
      if (result !== null) return result;
      // Another run ended the try first. Had it failed (recovery found no charge yet), what this run did
      // outside is in no record: undo it.
      const ended = (await store.byId(deps.db, tried.id))!;
      if (store.view(ended).state === 'failed') await compensate(done);
      return answerOf(ended);
    }

    /** Undoes the steps that were done, the last first. A compensation that fails is logged, not thrown. */
    async function compensate(done: [Step<S, unknown>, unknown][]) {
      for (const [step, output] of [...done].reverse())
        await step.compensate(output).catch((error: unknown) => {
          deps.log.error({ err: error, step: step.name }, `${kind.name}: compensation failed`);
        });
    }

    /** Ends a pending try as failed and answers its refusal, or what the try ended with if another run ended it. */
    async function end(row: Row, refusal: Refusal): Promise<Result> {
      const ended = await transact(deps.db, (tx) => store.fail(tx, row, failureOf(refusal)));
      if (!ended) return answerOf((await store.byId(deps.db, store.view(row).id))!);
      throw refusal;
    }

    /** The answer of a try that ended: its result, or its refusal. */
    async function answerOf(row: Row): Promise<Result> {
      const view = store.view(row);
      if (view.state === 'failed') throw refusalOfFailure(view.failure!);
      return kind.resultOf(deps.db, row);
    }

    /** A retry: the first answer once it is known; another body under the key is refused. */
    async function replay(row: Row, requestHash: string): Promise<{ replayed: boolean; body: Result }> {
      const first = store.view(row);
      if (first.requestHash !== requestHash)
        throw refuse.unprocessable(kind.texts.keyReused, REFUSAL_CODES.IDEMPOTENCY_KEY_REUSED);
      const deadline = Date.now() + REPLAY_WAIT_MS;
      let current: Row | null = row;
      while (current && store.view(current).state === 'pending') {
        if (Date.now() - store.view(current).createdAt.getTime() >= deps.recoveryAfterMs) {
          await settle(current).catch(() => undefined);
        } else if (Date.now() > deadline) {
          throw refuse.conflict(kind.texts.inProgress, REFUSAL_CODES.IN_PROGRESS);
        } else {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        current = await store.byId(deps.db, first.id);
      }
      if (!current) throw refuse.notFound(kind.texts.notFound);
      return { replayed: true, body: await answerOf(current) };
    }

    /**
     * Finishes a try left pending from what the outside world says happened under its id: every step
     * found done, it is written; a step that never happened (or was refused) ends it failed, undoing the
     * steps before it. Nothing is done here that was not done.
     */
    async function settle(row: Row): Promise<Result> {
      const tried = store.view(row);
      const found: Outputs = {};
      const done: [Step<S, unknown>, unknown][] = [];
      for (const step of kind.steps) {
        if (!step.needed(tried.snapshot)) continue;
        const outcome = await step.find(tried.id, tried.snapshot);
        if (!outcome || 'refused' in outcome) {
          await compensate(done);
          return end(row, outcome?.refused ?? refuse.declined(kind.texts.notCompleted, REFUSAL_CODES.PAYMENT_ERROR));
        }
        found[step.name] = outcome.done;
        done.push([step, outcome.done]);
      }
      return carryOut(row, found);
    }

    async function recover(by: SystemPrincipal) {
      const stale = await store.pendingBefore(deps.db, new Date(Date.now() - deps.recoveryAfterMs));
      for (const row of stale) {
        const id = store.view(row).id;
        const outcome = await settle(row).then(
          () => 'written',
          (error: unknown) => {
            if (error instanceof Refusal) return `ended: ${error.code ?? error.kind}`;
            deps.log.error({ err: error, attempt: id, by: by.name }, `${kind.name}: settling failed`);
            return 'left pending';
          },
        );
        // Who settled what, and how: a try finished by no request is still done by someone with a name.
        deps.log.warn({ attempt: id, by: by.name, outcome }, `${kind.name}: settled a try a crash interrupted`);
      }
      return stale.length;
    }

    const pendingCount = async (before: Date) => (await store.pendingBefore(deps.db, before)).length;
    const runner = { name: kind.name, label: kind.label, run, recover, pendingCount };
    runners.push(runner as unknown as AttemptRunner<never, never, unknown>);
    return runner;
  }

  /** Every kind's pending tries older than the recovery delay, settled by `by` (the recovery job; at start). */
  async function recoverAll(by: SystemPrincipal) {
    const settled: { name: string; label: string; count: number }[] = [];
    for (const runner of runners)
      settled.push({ name: runner.name, label: runner.label, count: await runner.recover(by) });
    return settled;
  }

  /** How many tries of each kind are pending since before `before` (a metric: a try stuck past its recovery). */
  async function pendingSince(before: Date) {
    const counts: { name: string; count: number }[] = [];
    for (const runner of runners) counts.push({ name: runner.name, count: await runner.pendingCount(before) });
    return counts;
  }

  return { define, recoverAll, pendingSince };
}

export type AttemptMachine = ReturnType<typeof createAttemptMachine>;
