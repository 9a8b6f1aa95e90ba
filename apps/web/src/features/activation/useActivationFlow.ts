import { useCallback, useEffect, useRef, useState } from 'react';
import type { Activation, ActivationStep, ActivationStepState } from '@portal/contracts/activation';
import type { Device } from '@portal/contracts/devices';
import { ApiError } from '../../lib/api.ts';
import { activationCalls, deviceCalls } from './api.ts';
import {
  applyChange,
  nextStepOf,
  previousStepOf,
  readSaved,
  withPending,
  writeSaved,
  type PendingChange,
  type SavedActivation,
} from './flowState.ts';

/**
 * How the server copy stands: in step with this phone, catching up, out of reach for now, or changed on
 * another phone meanwhile (this phone's unsent changes were dropped and the server's state taken).
 */
/**
 * Where the phone's changes stand (issue 31 item 2: offline → syncing → up to date): 'caught-up' is 'synced' after
 * changes that waited for the network have reached the server, said until the next change.
 */
export type SyncState = 'synced' | 'saving' | 'waiting' | 'caught-up' | 'local-only' | 'conflict';

export interface ActivationFlow {
  saved: SavedActivation | null;
  activation: Activation | null;
  sync: SyncState;
  /** Records one step's state (and moves on when `moveTo` is given); shown at once, sent when it can be. */
  record: (change: PendingChange) => Promise<void>;
  /** Back one step; null at the first (the caller goes to the type selection). */
  back: () => ActivationStep | null;
  finishStep: (
    step: ActivationStep,
    outcome: { status: 'done' | 'skipped' | 'failed'; summary: string; data?: Record<string, unknown> },
  ) => Promise<void>;
  saveStep: (step: ActivationStep, data: Record<string, unknown>, summary?: string) => Promise<void>;
  /**
   * complete-activation's one call (the unit activated and installed, the record completed by the server),
   * after every change this phone still has to send; the server's record is taken from its answer.
   */
  complete: (input: CompletionInput) => Promise<void>;
  /** Start over: the device checked again, the steps worked out again, every step's state cleared (the server's). */
  restart: () => Promise<void>;
  setDevice: (device: Device) => void;
  refreshDevice: () => Promise<Device>;
}

export interface CompletionInput {
  exit_service_mode: boolean;
  involved_installers?: string[];
}

/** Completing or starting over waits for the phone's earlier changes: the server must have them first. */
export const UNSENT_CHANGES_TEXT =
  'This phone still has progress the portal has not taken. Check the connection, wait for “Saving…” to end and try again.';

const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;
/** An answer that will not change by asking again (the record is gone, or this phone may not see it). */
const isFinalRefusal = (error: unknown) =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 409 &&
  error.status !== 429;

/**
 * The stepper's state (issue 29 §3): local storage first (a reload shows the same step at once), the server's
 * record next (another phone's progress), and every change sent in order with the record's version. A write
 * wins only when based on the latest state: a 409 (another phone or tab changed it since) drops this
 * phone's unsent changes, takes the server's record and says so (sync 'conflict'); so does a phone that comes
 * back with unsent changes made on a version the server has gone past.
 */
export function useActivationFlow(online: boolean): ActivationFlow {
  const [saved, setSaved] = useState<SavedActivation | null>(() => readSaved());
  const latest = useRef(saved);
  const [sync, setSync] = useState<SyncState>('synced');
  /** Changes waited for the network since the last time everything was sent. */
  const waitedForNetwork = useRef(false);
  // The flush under way: a second caller waits for it instead of starting another.
  const flushing = useRef<Promise<void> | null>(null);

  const commit = useCallback((next: SavedActivation) => {
    latest.current = next;
    writeSaved(next);
    setSaved(next);
  }, []);

  /** The server's record taken as the truth, with what it has not seen yet laid over it. */
  const adopt = useCallback(
    (server: Activation, pending: PendingChange[]) => {
      const current = latest.current;
      if (!current) return;
      commit({ ...current, activation: withPending(server, pending), pending });
    },
    [commit],
  );

  const sendPending = useCallback(async () => {
    const waitedAndSent = () => {
      const waited = waitedForNetwork.current;
      waitedForNetwork.current = false;
      return waited ? 'caught-up' : 'synced';
    };
    const waiting = () => {
      waitedForNetwork.current = true;
      setSync('waiting');
    };
    try {
      for (;;) {
        const current = latest.current;
        const activation = current?.activation;
        if (!current || !activation || current.pending.length === 0) break;
        if (typeof navigator !== 'undefined' && navigator.onLine === false) return waiting();
        setSync('saving');
        const [change, ...rest] = current.pending as [PendingChange, ...PendingChange[]];
        try {
          const server = await activationCalls.update(activation.id, current.guest_token, {
            version: activation.version,
            ...change,
          });
          adopt(server, latest.current?.pending.slice(1) ?? rest);
        } catch (error) {
          if (isConflict(error)) {
            // Another phone (or tab) changed it since this phone's state: its write stands, this phone's
            // unsent changes go, and the installer is told and sees where it stands now.
            const server = await activationCalls.get(activation.id, current.guest_token);
            adopt(server, []);
            // Completed or abandoned elsewhere: the stepper says so itself.
            setSync(server.status === 'in_progress' ? 'conflict' : 'synced');
            return;
          }
          if (isFinalRefusal(error)) setSync('local-only');
          else waiting();
          return;
        }
      }
      if (latest.current?.pending.length) waiting();
      else setSync(waitedAndSent());
    } catch {
      waiting();
    }
  }, [adopt]);

  const flush = useCallback(
    () => (flushing.current ??= sendPending().finally(() => (flushing.current = null))),
    [sendPending],
  );

  // On arrival: the server's record (another phone may have gone further), then what waits to be sent.
  useEffect(() => {
    const current = latest.current;
    const id = current?.activation?.id;
    if (!current || !id) return;
    const controller = new AbortController();
    activationCalls
      .get(id, current.guest_token, controller.signal)
      .then((server) => {
        const now = latest.current;
        if (!now) return;
        // A record closed elsewhere (completed, or abandoned by Start over) takes nothing more. Unsent
        // changes made on the version the server still has go on top of it; made on one it has gone past
        // (another phone wrote meanwhile), they are stale: dropped, and the installer told.
        const stale = now.pending.length > 0 && server.version !== now.activation?.version;
        if (server.status !== 'in_progress' || stale) {
          adopt(server, []);
          if (stale && server.status === 'in_progress') setSync('conflict');
          return;
        }
        adopt(server, now.pending);
        void flush();
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setSync(isFinalRefusal(error) ? 'local-only' : 'waiting');
      });
    return () => controller.abort();
  }, [adopt, flush]);

  // Back online: send what waited.
  useEffect(() => {
    if (online) void flush();
  }, [online, flush]);

  const record = useCallback(
    async (change: PendingChange) => {
      const current = latest.current;
      if (!current?.activation) return;
      commit({
        ...current,
        activation: applyChange(current.activation, change),
        pending: [...current.pending, change],
      });
      await flush();
    },
    [commit, flush],
  );

  const activation = saved?.activation ?? null;

  const back = useCallback(() => {
    const current = latest.current?.activation;
    if (!current) return null;
    const previous = previousStepOf(current.steps, current.current_step);
    if (previous) void record({ current_step: previous });
    return previous;
  }, [record]);

  const finishStep: ActivationFlow['finishStep'] = useCallback(
    async (step, outcome) => {
      const current = latest.current?.activation;
      if (!current) return;
      const before = current.step_states[step];
      const state: ActivationStepState = {
        status: outcome.status,
        summary: outcome.summary,
        data: { ...(before?.data ?? {}), ...(outcome.data ?? {}) },
      };
      const next = nextStepOf(current.steps, step);
      await record({ step, step_state: state, ...(next && { current_step: next }) });
    },
    [record],
  );

  const saveStep: ActivationFlow['saveStep'] = useCallback(
    async (step, data, summary) => {
      const current = latest.current?.activation;
      if (!current) return;
      const before = current.step_states[step];
      await record({
        step,
        step_state: {
          status: before?.status === 'done' ? 'done' : 'in_progress',
          summary: summary ?? before?.summary ?? null,
          data: { ...(before?.data ?? {}), ...data },
        },
      });
    },
    [record],
  );

  const setDevice = useCallback(
    (device: Device) => {
      const current = latest.current;
      if (current) commit({ ...current, device });
    },
    [commit],
  );

  const refreshDevice = useCallback(async () => {
    const current = latest.current;
    if (!current) throw new Error('No activation in progress');
    const answer = await deviceCalls.facts(current.device_key, current.proof);
    const device = answer.results[0];
    if (!device) throw new Error('The device check answered no device');
    setDevice(device);
    return device;
  }, [setDevice]);

  /**
   * A call the server answers with the whole record (complete, restart): after what waits on this phone, on
   * the version it made; the answer is taken as it is. A 409 (changed elsewhere, or closed) shows the
   * server's record and says so, and is thrown for the screen to say too.
   */
  const replaceOnServer = useCallback(
    async (send: (activation: Activation, current: SavedActivation) => Promise<Activation>) => {
      await flush();
      const current = latest.current;
      const activation = current?.activation;
      if (!current || !activation) return;
      if (current.pending.length > 0) throw new Error(UNSENT_CHANGES_TEXT);
      try {
        adopt(await send(activation, current), []);
        setSync('synced');
      } catch (error) {
        if (isConflict(error)) {
          const server = await activationCalls.get(activation.id, current.guest_token);
          adopt(server, []);
          setSync(server.status === 'in_progress' ? 'conflict' : 'synced');
        }
        throw error;
      }
      // The unit as the device cloud has it now (activated, installed, a KeyLocker fitted since…).
      await refreshDevice().catch(() => undefined);
    },
    [adopt, flush, refreshDevice],
  );

  const complete = useCallback(
    (input: CompletionInput) =>
      replaceOnServer((activation, current) =>
        activationCalls.complete(activation.id, current.guest_token, {
          version: activation.version,
          proof: current.proof,
          ...input,
        }),
      ),
    [replaceOnServer],
  );

  const restart = useCallback(
    () =>
      replaceOnServer((activation, current) =>
        activationCalls.restart(activation.id, current.guest_token, {
          version: activation.version,
          proof: current.proof,
          advanced: activation.advanced,
        }),
      ),
    [replaceOnServer],
  );

  return { saved, activation, sync, record, back, finishStep, saveStep, complete, restart, setDevice, refreshDevice };
}
