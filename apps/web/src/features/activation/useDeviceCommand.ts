import { useCallback, useEffect, useRef, useState } from 'react';
import type { DeviceCommandName, DeviceJob } from '@portal/contracts/devices';
import { routes } from '@portal/contracts/endpoints/routes';
import { call } from '../../lib/api.ts';
import { alertLinesFor } from '../../lib/errors.ts';
import { useDeviceEvents } from './deviceEvents.tsx';

/** spec 02 §4: each command tracks loading (sending), sent (the device has it) and success or failure. */
export type CommandPhase = 'idle' | 'loading' | 'sent' | 'success' | 'failed';

export interface CommandState {
  phase: CommandPhase;
  job: DeviceJob | null;
  /** Why it failed, in words (the device's reason or the refusal). */
  problem: string | null;
  /** When the command was sent (ms since epoch), for the elapsed time while waiting. */
  sentAt: number | null;
}

const TERMINAL = new Set(['SUCCEEDED', 'FAILED', 'TIMED_OUT', 'REJECTED']);
export const isTerminalJob = (job: Pick<DeviceJob, 'status'>) => TERMINAL.has(job.status);
/** How often a job is asked for while no event arrived (the event stream is the fast path). */
const POLL_MS = 2_000;

export const phaseOfJob = (job: DeviceJob): CommandPhase =>
  job.status === 'SUCCEEDED' ? 'success' : isTerminalJob(job) ? 'failed' : 'sent';

export const reasonOfJob = (job: DeviceJob) =>
  job.status === 'TIMED_OUT'
    ? (job.reason ?? 'The device did not answer in time.')
    : job.status === 'REJECTED'
      ? (job.reason ?? 'The device refused the command.')
      : (job.reason ?? 'The device reported a failure.');

const idle: CommandState = { phase: 'idle', job: null, problem: null, sentAt: null };

/**
 * One command to a device (POST send-command, answered at once with its job), followed live by the device's
 * events and, between them, by asking for the job. `resume(jobId)` follows a job sent before a reload without
 * sending anything again (issue 29 §3: never replay a command by itself).
 */
export function useDeviceCommand(deviceKey: string, proof: string | null, onSettled?: (state: CommandState) => void) {
  const [state, setState] = useState<CommandState>(idle);
  const stateRef = useRef(state);
  const settled = useRef(onSettled);
  settled.current = onSettled;

  const update = useCallback((next: CommandState) => {
    const was = stateRef.current.phase;
    stateRef.current = next;
    setState(next);
    if ((next.phase === 'success' || next.phase === 'failed') && was !== next.phase) settled.current?.(next);
  }, []);

  const takeJob = useCallback(
    (job: DeviceJob) => {
      const phase = phaseOfJob(job);
      update({
        ...stateRef.current,
        phase,
        job,
        problem: phase === 'failed' ? reasonOfJob(job) : null,
      });
    },
    [update],
  );

  useDeviceEvents((event) => {
    const job = stateRef.current.job;
    if ((event.type !== 'job' && event.type !== 'test') || !job) return;
    if (event.data.job_id !== job.job_id || isTerminalJob(job)) return;
    takeJob({ ...job, ...(event.data as Partial<DeviceJob>) } as DeviceJob);
  });

  // Between events, ask for the job: a lost stream never leaves a command looking stuck.
  const jobId = state.job?.job_id;
  const waiting = state.phase === 'sent';
  useEffect(() => {
    if (!waiting || !jobId) return;
    let stopped = false;
    const timer = setInterval(() => {
      call(routes.devices.job, { params: { id: jobId }, query: proof ? { iccid_last_digits: proof } : {} })
        .then((job) => {
          if (!stopped && stateRef.current.job?.job_id === job.job_id && !isTerminalJob(stateRef.current.job))
            takeJob(job);
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [waiting, jobId, proof, takeJob]);

  const send = useCallback(
    async (command: DeviceCommandName): Promise<DeviceJob | null> => {
      update({ phase: 'loading', job: null, problem: null, sentAt: Date.now() });
      try {
        const job = await call(routes.devices.sendCommand, {
          body: { device_key: deviceKey, command, wait_ms: 0, ...(proof ? { iccid_last_digits: proof } : {}) },
        });
        takeJob(job);
        return job;
      } catch (error) {
        update({ ...stateRef.current, phase: 'failed', problem: alertLinesFor(error).join(' ') });
        return null;
      }
    },
    [deviceKey, proof, takeJob, update],
  );

  /** Follows a job sent earlier (a reload): its state now, then live. */
  const resume = useCallback(
    async (id: string, sentAt: number | null) => {
      update({ phase: 'sent', job: null, problem: null, sentAt });
      try {
        const job = await call(routes.devices.job, {
          params: { id },
          query: proof ? { iccid_last_digits: proof } : {},
        });
        update({ ...stateRef.current, job });
        takeJob(job);
      } catch (error) {
        update({ ...stateRef.current, phase: 'failed', problem: alertLinesFor(error).join(' ') });
      }
    },
    [proof, takeJob, update],
  );

  const reset = useCallback(() => update(idle), [update]);

  return { state, send, resume, reset };
}

/** Seconds since `since`, ticking each second while `running` (progress that never looks frozen). */
export function useElapsed(since: number | null, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [running]);
  return since === null ? 0 : Math.max(0, Math.round((now - since) / 1_000));
}
