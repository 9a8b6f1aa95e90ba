import {
  ACTIVATION_STEP_TITLES,
  ACTIVATION_TYPE_TEXTS,
  type Activation,
  type ActivationStepStatus,
} from '@portal/contracts/activation';
import type { DeviceHistoryEntry } from '@portal/contracts/devices';

/**
 * The device's history as one timeline (issue 29 §5): its activations (each step's status and summary) and
 * the calls recorded on it (device_commands), oldest first, so a warranty claim reads as it happened. Every
 * code is turned into words here: the page only lays them out.
 */

export interface TimelineStep {
  step: string;
  title: string;
  status: string;
  /** failed | done | skipped | pending | in_progress: the page's colour, never its only sign. */
  tone: ActivationStepStatus;
  summary: string | null;
  /** The calls this step made (X-Activation-Step), oldest first. */
  commands: CommandEntry[];
}

export interface ActivationEntry {
  kind: 'activation';
  id: string;
  at: string;
  title: string;
  outcome: string;
  who: string;
  forWhom: string | null;
  completedAt: string | null;
  steps: TimelineStep[];
}

export interface CommandEntry {
  kind: 'command';
  id: string;
  at: string;
  title: string;
  outcome: string;
  /** Whether it went as asked: a failure reads as one on paper too ('Failed: …'). */
  ok: boolean | null;
  /** What was asked and what came back, as lines of words. */
  details: string[];
  who: string;
  /** The dealer primary a rep acted as. */
  actingAs: string | null;
  forWhom: string | null;
  finishedAt: string | null;
}

export type TimelineEntry = ActivationEntry | CommandEntry;

/** spec 02 §4 device tests and the flow's other commands, as the installer knows them. */
const COMMAND_WORDS: Record<string, string> = {
  locate: 'Verify GPS',
  arm: 'Arm',
  disarm: 'Disarm',
  panic_on: 'Panic on',
  panic_off: 'Panic off',
  remote_start: 'Remote start',
  remote_stop: 'Remote stop',
  trunk: 'Trunk',
  aux1: 'Aux 1',
  aux2: 'Aux 2',
  erase_device: 'Reset device settings',
  query_status: 'Status query',
  query_keylocker: 'KeyLocker query',
  reset_keylocker_pairing: 'KeyLocker pairing reset',
  set_config_bit: 'Controller setting',
  update_firmware: 'Firmware update',
  dashcam_query: 'Dash camera query',
  config_direction_change: 'Direction change reporting',
  config_ignition_reporting: 'Ignition reporting',
  config_accelerometer_alerts: 'Accelerometer alerts',
  config_towing_events: 'Towing events',
  config_security_events: 'Security events',
  config_engine_monitoring: 'Engine monitoring',
  config_power_settings: 'Power settings',
};

/** The recorded calls that are not commands (modules/devices/service.ts's action names). */
const ACTION_WORDS: Record<string, string> = {
  'check-firmware-update': 'Firmware check',
  'firmware-update:controller': 'Firmware update (device)',
  'firmware-update:kl1': 'Firmware update (KeyLocker)',
  pin: 'KeyLocker PIN set',
  'clear-pin': 'KeyLocker secondary PIN cleared',
  'keylocker-mode': 'KeyLocker mode',
  'option-tables:query': 'Option tables read',
  'option-tables:update': 'Option tables changed',
  'features:query': 'Feature settings read',
  'features:update': 'Feature settings changed',
  'hardwired-mode': 'Hardwire settings',
  swap: 'Device swapped',
  activate: 'Activated',
  install: 'Installed',
  welcome: 'Welcome message sent',
  'link-installer': 'Installer linked',
};

const words = (code: string) => code.replace(/[_:-]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

/** A recorded action in words ('send-command:remote_start' → 'Remote start'). */
export function actionWords(action: string): string {
  if (action.startsWith('send-command:')) {
    const command = action.slice('send-command:'.length);
    return COMMAND_WORDS[command] ?? words(command);
  }
  return ACTION_WORDS[action] ?? words(action);
}

/** The cloud's job statuses and the portal's own outcomes, as words; `ok` is whether it went as asked. */
const STATUS_WORDS: Record<string, { text: string; ok: boolean | null }> = {
  ok: { text: 'Done', ok: true },
  QUEUED: { text: 'Waiting for the device', ok: null },
  IN_PROGRESS: { text: 'In progress', ok: null },
  SUCCEEDED: { text: 'Succeeded', ok: true },
  FAILED: { text: 'Failed', ok: false },
  TIMED_OUT: { text: 'Failed: the device did not answer in time', ok: false },
  REJECTED: { text: 'Refused by the device', ok: false },
  DEVICE_OFFLINE: { text: 'Failed: the device was not answering', ok: false },
  DEVICE_CLOUD_UNAVAILABLE: { text: 'Failed: the device service was not answering', ok: false },
  DEVICE_NOT_SUPPORTED: { text: 'Refused: not supported on this device', ok: false },
  DEVICE_CONFLICT: { text: 'Refused: the device was busy', ok: false },
  DEVICE_VERSION_CONFLICT: { text: 'Refused: the device changed meanwhile', ok: false },
  DEVICE_QUERY_REQUIRED: { text: 'Refused: the device had to be queried first', ok: false },
  DEVICE_INVALID: { text: 'Refused: a value the device does not take', ok: false },
  DEVICE_COMMANDS_LIMITED: { text: 'Refused: too many commands in a minute', ok: false },
  DEVICE_PROOF_REQUIRED: { text: 'Refused: the ICCID digits were missing', ok: false },
  DEVICE_PROOF_WRONG: { text: 'Refused: wrong ICCID digits', ok: false },
  DEVICE_PROOF_LIMITED: { text: 'Refused: too many wrong ICCID digits', ok: false },
};

export function statusWords(status: string): { text: string; ok: boolean | null } {
  return STATUS_WORDS[status] ?? { text: `Refused (${status.replace(/[_:-]+/g, ' ').toLowerCase()})`, ok: false };
}

const STEP_STATUS_WORDS: Record<ActivationStepStatus, string> = {
  pending: 'Not done',
  in_progress: 'Started',
  done: 'Done',
  skipped: 'Skipped',
  failed: 'Failed',
};
const ACTIVATION_STATUS_WORDS: Record<Activation['status'], string> = {
  in_progress: 'Not finished',
  completed: 'Completed',
  abandoned: 'Abandoned',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as a line reads it: booleans as On/Off, lists joined, objects left out (they are raw data). */
function valueWords(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  if (Array.isArray(value)) {
    const parts = value.map(valueWords).filter((v): v is string => v !== null);
    return parts.length ? parts.join(', ') : null;
  }
  return null;
}

/** The firmware check's answer in words: for the device and its KeyLocker, whether an update was offered. */
function firmwareCheckLines(answer: Record<string, unknown>): string[] {
  const lines: string[] = [];
  const offered = (flag: unknown) => (flag ? 'an update was available' : 'up to date');
  if (typeof answer.is_firmware_available === 'boolean')
    lines.push(`Device firmware: ${offered(answer.is_firmware_available)}`);
  if (typeof answer.is_ext_device_firmware_available === 'boolean')
    lines.push(`KeyLocker firmware: ${offered(answer.is_ext_device_firmware_available)}`);
  return lines;
}
const FIRMWARE_CHECK_KEYS = ['is_firmware_available', 'is_ext_device_firmware_available'];

/** What a call asked and what came back, as lines ('Asked: mode standalone', 'Answer: …'). */
function detailLines(entry: DeviceHistoryEntry): string[] {
  const lines: string[] = [];
  // The serial is the page's; a command's name is its title.
  const asked = Object.entries(entry.request)
    .filter(([key]) => key !== 'device_key' && key !== 'command')
    .map(([key, value]) => {
      const text = valueWords(value);
      return text === null ? null : `${words(key).toLowerCase()} ${text}`;
    })
    .filter((v): v is string => v !== null);
  if (asked.length) lines.push(`Asked: ${asked.join('; ')}`);
  const answer = entry.answer;
  if (!answer) return lines;
  if (entry.action === 'check-firmware-update') lines.push(...firmwareCheckLines(answer));
  const reason = valueWords(answer.reason);
  if (reason) lines.push(`Device said: ${reason}`);
  const result = answer.result;
  if (isRecord(result)) {
    const said = Object.entries(result)
      .map(([key, value]) => {
        const text = valueWords(value);
        return text === null ? null : `${words(key).toLowerCase()} ${text}`;
      })
      .filter((v): v is string => v !== null);
    if (said.length) lines.push(`Result: ${said.join('; ')}`);
  } else if (valueWords(result)) lines.push(`Result: ${valueWords(result)}`);
  const other = Object.entries(answer)
    .filter(([key]) => key !== 'reason' && key !== 'result' && !FIRMWARE_CHECK_KEYS.includes(key))
    .map(([key, value]) => {
      const text = valueWords(value);
      return text === null ? null : `${words(key).toLowerCase()} ${text}`;
    })
    .filter((v): v is string => v !== null);
  if (other.length) lines.push(`Answer: ${other.join('; ')}`);
  return lines;
}

const GUEST = 'A guest (not signed in)';

export function commandEntry(entry: DeviceHistoryEntry): CommandEntry {
  const status = statusWords(entry.status);
  return {
    kind: 'command',
    id: entry.id,
    at: entry.created_at,
    title: actionWords(entry.action),
    outcome: status.text,
    ok: status.ok,
    details: detailLines(entry),
    who: entry.user?.name || entry.user?.email || GUEST,
    actingAs:
      entry.acting_user && entry.acting_user.id !== entry.user?.id
        ? entry.acting_user.name || entry.acting_user.email
        : null,
    forWhom: entry.business?.companyName ?? null,
    finishedAt: entry.finished_at,
  };
}

/**
 * The calls of an activation's steps, by step: a call names the step that made it; it is shown there when
 * that activation is of this device, the step is one of its steps, and the same person made both (a guest's
 * with a guest's): a call can not put itself under someone else's work.
 */
function commandsByStep(activation: Activation, history: readonly DeviceHistoryEntry[]) {
  const byStep = new Map<string, DeviceHistoryEntry[]>();
  for (const entry of history) {
    if (!isOfActivation(entry, activation)) continue;
    byStep.set(entry.activation_step!, [...(byStep.get(entry.activation_step!) ?? []), entry]);
  }
  return byStep;
}

const isOfActivation = (entry: DeviceHistoryEntry, activation: Activation) =>
  entry.activation_id === activation.id &&
  entry.device_key === activation.device_key &&
  (activation.steps as readonly string[]).includes(entry.activation_step ?? '') &&
  (entry.user?.id ?? null) === (activation.user?.id ?? null);

const oldestFirst = (a: { at: string; id: string }, b: { at: string; id: string }) => {
  const byTime = Date.parse(a.at) - Date.parse(b.at);
  return byTime !== 0 ? byTime : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

export function activationEntry(activation: Activation, history: readonly DeviceHistoryEntry[] = []): ActivationEntry {
  const byStep = commandsByStep(activation, history);
  return {
    kind: 'activation',
    id: activation.id,
    at: activation.started_at,
    title: `${ACTIVATION_TYPE_TEXTS[activation.activation_type]?.title ?? words(activation.activation_type)} activation`,
    outcome: ACTIVATION_STATUS_WORDS[activation.status] ?? words(activation.status),
    who: activation.user?.name || GUEST,
    forWhom: activation.business?.companyName ?? null,
    completedAt: activation.completed_at,
    steps: activation.steps.map((step) => {
      const state = activation.step_states[step];
      const tone = state?.status ?? 'pending';
      return {
        step,
        title: ACTIVATION_STEP_TITLES[step] ?? words(step),
        status: STEP_STATUS_WORDS[tone],
        tone,
        summary: state?.summary ?? null,
        commands: (byStep.get(step) ?? []).map(commandEntry).sort(oldestFirst),
      };
    }),
  };
}

/**
 * The activations and the recorded calls, merged oldest first (ties: an activation before its calls); a call
 * an activation's step made is shown under that step, not again on its own.
 */
export function deviceTimeline(
  activations: readonly Activation[],
  history: readonly DeviceHistoryEntry[],
): TimelineEntry[] {
  const underSteps = new Set(
    history.filter((entry) => activations.some((a) => isOfActivation(entry, a))).map((entry) => entry.id),
  );
  const entries: TimelineEntry[] = [
    ...activations.map((activation) => activationEntry(activation, history)),
    ...history.filter((entry) => !underSteps.has(entry.id)).map(commandEntry),
  ];
  return entries.sort((a, b) => {
    const byTime = Date.parse(a.at) - Date.parse(b.at);
    if (byTime !== 0) return byTime;
    if (a.kind !== b.kind) return a.kind === 'activation' ? -1 : 1;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}
