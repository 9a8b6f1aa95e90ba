import { useCallback, useEffect, useRef, useState } from 'react';
import { queryOptions } from '@tanstack/react-query';
import { routes } from '@portal/contracts/endpoints/routes';
import type {
  DeviceCommandName,
  DeviceJob,
  FeatureSettings,
  HARDWIRE_INPUT_OPTIONS,
  HARDWIRE_OUTPUT_OPTIONS,
  OptionTables,
} from '@portal/contracts/devices';
import { call } from '../../../../lib/api.ts';
import { alertLinesFor } from '../../../../lib/errors.ts';

/**
 * The device calls of the settings steps (spec 02 §7), over the contracts' typed routes. Every call carries
 * the ICCID digits the installer proved the unit with (`proof`, null once the unit is installed for the
 * caller's business).
 */

const proofOf = (proof: string | null) => proof ?? undefined;

// ---- What each action shows: loading, sent, success or failed (spec 02 §4) ------------------------------

/** loading: the portal is asking; sent: the device has the command and has not answered yet. */
export type ActionPhase = 'idle' | 'loading' | 'sent' | 'success' | 'failed';
export interface ActionState {
  phase: ActionPhase;
  /** The server's or the device's words on a failure. */
  message: string | null;
  /** When the action started (ms), while it runs: the status counts the seconds so it never looks frozen. */
  since?: number;
}
export const IDLE: ActionState = { phase: 'idle', message: null };

/** The words to show for a failure: the server's own (detail or field errors), else the generic message. */
export const failureText = (error: unknown) => alertLinesFor(error).join(' ');

/**
 * One state per action key (a PIN, a feature, a configuration item). `run(key, work)` goes loading → (sent)
 * → success or failed and answers the work's result, or undefined when it failed.
 */
export function useActions<K extends string>() {
  const [states, setStates] = useState<Partial<Record<K, ActionState>>>({});
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  const set = useCallback((key: K, state: ActionState) => {
    if (alive.current) setStates((current) => ({ ...current, [key]: state }));
  }, []);
  const run = useCallback(
    async <T>(key: K, work: (sent: () => void) => Promise<T>): Promise<T | undefined> => {
      const since = Date.now();
      set(key, { phase: 'loading', message: null, since });
      try {
        const result = await work(() => set(key, { phase: 'sent', message: null, since }));
        set(key, { phase: 'success', message: null });
        return result;
      } catch (error) {
        set(key, { phase: 'failed', message: failureText(error) });
        return undefined;
      }
    },
    [set],
  );
  const stateOf = useCallback((key: K): ActionState => states[key] ?? IDLE, [states]);
  return { stateOf, run };
}

// ---- Jobs: a command the device answers later ------------------------------------------------------------

/** A job that ended without success: its reason is the device's word on it. */
export class JobFailed extends Error {
  constructor(readonly job: DeviceJob) {
    super(job.reason ?? `The device answered ${job.status.toLowerCase().replace('_', ' ')}.`);
    this.name = 'JobFailed';
  }
}

const isRunning = (job: Pick<DeviceJob, 'status'>) => job.status === 'QUEUED' || job.status === 'IN_PROGRESS';
/** How often and how long a job still running is looked at again (the server already waited for it). */
const JOB_POLL_MS = 2_000;
const JOB_POLL_LIMIT_MS = 90_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A job to its end: `sent` is told while the device has it and has not answered; the job comes back when it
 * succeeded, and a failure (FAILED, TIMED_OUT, REJECTED, or no end in time) is thrown with the device's words.
 */
export async function settleJob(job: DeviceJob, proof: string | null, sent: () => void): Promise<DeviceJob> {
  let current = job;
  const deadline = Date.now() + JOB_POLL_LIMIT_MS;
  while (isRunning(current)) {
    sent();
    if (Date.now() > deadline) throw new JobFailed({ ...current, reason: 'The device has not answered yet.' });
    await pause(JOB_POLL_MS);
    current = await call(routes.devices.job, {
      params: { id: current.job_id },
      query: { iccid_last_digits: proofOf(proof) },
    });
  }
  if (current.status !== 'SUCCEEDED') throw new JobFailed(current);
  return current;
}

export interface DeviceRef {
  deviceKey: string;
  proof: string | null;
}

/** POST iot/send-command, to the device's answer. `bit` for set_config_bit (negative turns it off). */
export async function sendCommand(
  { deviceKey, proof }: DeviceRef,
  command: DeviceCommandName,
  sent: () => void,
  bit?: number,
  value?: number,
) {
  const answer = await call(routes.devices.sendCommand, {
    body: {
      device_key: deviceKey,
      command,
      iccid_last_digits: proofOf(proof),
      ...(bit !== undefined && { bit }),
      ...(value !== undefined && { value }),
    },
  });
  return settleJob(answer, proof, sent);
}

/**
 * The dash camera query (spec 02 §4): one call sends five queries; each is followed to its end and the
 * count of those that answered comes back. Any that failed fails the whole with its words.
 */
export async function sendDashcamQuery(ref: DeviceRef, sent: () => void) {
  const answer = await call(routes.devices.sendCommand, {
    body: { device_key: ref.deviceKey, command: 'dashcam_query', iccid_last_digits: proofOf(ref.proof) },
  });
  const jobs = answer.jobs.length > 0 ? answer.jobs : [answer];
  const ended = await Promise.all(jobs.map((job) => settleJob(job, ref.proof, sent)));
  return ended.length;
}

export async function setPin(
  { deviceKey, proof }: DeviceRef,
  pin: string,
  isSecondary: boolean,
  sent: () => void,
): Promise<DeviceJob> {
  const job = await call(routes.devices.setPin, {
    params: { key: deviceKey },
    body: { pin, is_secondary_pin: isSecondary, iccid_last_digits: proofOf(proof) },
  });
  return settleJob(job, proof, sent);
}

export async function clearSecondaryPin({ deviceKey, proof }: DeviceRef, masterPin: string, sent: () => void) {
  const job = await call(routes.devices.clearPin, {
    params: { key: deviceKey },
    query: { master_pin: masterPin, iccid_last_digits: proofOf(proof) },
  });
  return settleJob(job, proof, sent);
}

export async function setKeylockerMode(
  { deviceKey, proof }: DeviceRef,
  mode: 'add-on' | 'standalone',
  sent: () => void,
) {
  const job = await call(routes.devices.keylockerMode, {
    params: { key: deviceKey },
    body: { mode, iccid_last_digits: proofOf(proof) },
  });
  return settleJob(job, proof, sent);
}

export type HardwireInput = (typeof HARDWIRE_INPUT_OPTIONS)[number];
export type HardwireOutput = (typeof HARDWIRE_OUTPUT_OPTIONS)[number];

export async function setHardwiredMode(
  { deviceKey, proof }: DeviceRef,
  input: { hardwired_input: HardwireInput; hardwired_output: HardwireOutput },
  sent: () => void,
) {
  const job = await call(routes.devices.hardwiredMode, {
    body: {
      device_key: deviceKey,
      ...input,
      iccid_last_digits: proofOf(proof),
    },
  });
  return settleJob(job, proof, sent);
}

// ---- Option tables (spec 02 §4) --------------------------------------------------------------------------

/** Which table: the controller's (by its schema name), the KeyLocker's for its mode, or its POC or PIC. */
export type OptionTableKind =
  { kind: 'controller'; schema: string } | { kind: 'keylocker' } | { kind: 'special'; schema: 'poc' | 'pic' };

const kindKey = (table: OptionTableKind) => (table.kind === 'keylocker' ? 'keylocker' : table.schema);

/**
 * spec 02 §4, §9: a read or a write asks without querying the device first (skip_query); when the device says
 * the query is required, the server asks again with the query forced (its OPTION_TABLE_REQUERY_LIMIT, 2) and
 * answers how many times in `requeries`. The portal makes one call (docs/decisions.md).
 */
function readTable({ deviceKey, proof }: DeviceRef, table: OptionTableKind) {
  const iccid_last_digits = proofOf(proof);
  if (table.kind === 'special')
    return call(routes.devices.specialOptionTables, {
      params: { key: deviceKey },
      query: { schema: table.schema, skip_query: 'true', iccid_last_digits },
    });
  return call(routes.devices.optionTables, {
    params: { key: deviceKey },
    query: {
      ...(table.kind === 'keylocker' ? { keylocker: 'true' as const } : { schema: table.schema }),
      skip_query: 'true',
      iccid_last_digits,
    },
  });
}

function writeTable({ deviceKey, proof }: DeviceRef, table: OptionTableKind, values: Record<string, number>) {
  const iccid_last_digits = proofOf(proof);
  if (table.kind === 'special')
    return call(routes.devices.updateSpecialOptionTables, {
      params: { key: deviceKey },
      body: { values, schema: table.schema, skip_query: true, iccid_last_digits },
    });
  return call(routes.devices.updateOptionTables, {
    params: { key: deviceKey },
    body: {
      values,
      ...(table.kind === 'keylocker' ? { keylocker: true } : { schema: table.schema }),
      skip_query: true,
      iccid_last_digits,
    },
  });
}

/** A table as the server answered it (`tables.requeries`: the times it had to query the device first). */
export interface TableAnswer {
  tables: OptionTables;
}

export const optionTablesQuery = (ref: DeviceRef, table: OptionTableKind) =>
  queryOptions({
    queryKey: ['devices', ref.deviceKey, 'option-tables', kindKey(table)],
    queryFn: async (): Promise<TableAnswer> => ({ tables: await readTable(ref, table) }),
    staleTime: Infinity,
    retry: false,
  });

export async function updateOptionTable(
  ref: DeviceRef,
  table: OptionTableKind,
  values: Record<string, number>,
): Promise<TableAnswer> {
  return { tables: await writeTable(ref, table, values) };
}

export const optionTablesKey = (ref: DeviceRef, table: OptionTableKind) => optionTablesQuery(ref, table).queryKey;

// ---- Feature settings (spec 02 §3) -----------------------------------------------------------------------

/** The feature settings as the device reports them (query_device: the unit is asked, not a stored copy). */
export const featuresQuery = ({ deviceKey, proof }: DeviceRef) =>
  queryOptions({
    queryKey: ['devices', deviceKey, 'features'],
    queryFn: () =>
      call(routes.devices.features, {
        params: { key: deviceKey },
        query: { query_device: 'true', iccid_last_digits: proofOf(proof) },
      }),
    staleTime: Infinity,
    retry: false,
  });

export function updateFeatures({ deviceKey, proof }: DeviceRef, patch: Partial<FeatureSettings>) {
  return call(routes.devices.updateFeatures, {
    params: { key: deviceKey },
    body: { ...patch, iccid_last_digits: proofOf(proof) },
  });
}

// ---- Welcome and the vehicle -----------------------------------------------------------------------------

export function sendWelcome({ deviceKey, proof }: DeviceRef, name: string, email: string) {
  return call(routes.devices.welcome, {
    body: { device_key: deviceKey, name, email, iccid_last_digits: proofOf(proof) },
  });
}

/** The wiring area's vehicle lookups (spec 01 §7 cascade, VIN decoder): one cache for both areas. */
export { vinQuery, yearMakeModelQuery } from '../../../wiring/index.ts';
