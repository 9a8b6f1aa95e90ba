/**
 * Option tables (spec 02 §4): the definitions of each remote-start controller in scope, of the
 * KeyLocker in its two modes and of its programmable outputs (POC) and inputs (PIC). Values are the
 * controller's codes; spec 02 §5 says how durations are coded (seconds 1–99, minutes 1–15 as
 * 101–115) and which runtimes exist (3, 15, 25, 45 minutes).
 */
import type { OptionDefinition, OptionTablesQuery, ReportedState } from './api.ts';
import { DeviceCloudError, OPTION_TABLE_CONTROLLERS } from './api.ts';

const onOff = [
  { value: 0, label: 'Off' },
  { value: 1, label: 'On' },
];

/** spec 02 §5 duration codes: 1–99 are seconds, 101–115 are 1–15 minutes. */
const seconds = (value: number) => ({ value, label: `${value} s` });
const minutes = (count: number) => ({ value: 100 + count, label: count === 1 ? '1 min' : `${count} min` });

const option = (
  id: string,
  label: string,
  section: OptionDefinition['section'],
  choices: OptionDefinition['choices'],
  defaultValue: number,
): OptionDefinition => ({ id, label, section, choices, default: defaultValue });

// Sections 1_2 (locks, runtime, ignition) and 3_4 (engine and security), as the spec's screens split them.
const doorLockPulse = option(
  'door_lock_pulse',
  'Door lock pulse',
  '1_2',
  [
    { value: 1, label: '0.8 s' },
    { value: 2, label: '3.5 s' },
    { value: 3, label: 'Double unlock pulse' },
    { value: 4, label: 'Double lock pulse' },
  ],
  1,
);
/** spec 02 §5: runtime values 3, 15, 25, 45 minutes. */
const runtime = option(
  'runtime',
  'Remote start runtime',
  '1_2',
  [3, 15, 25, 45].map((count) => ({ value: count, label: `${count} min` })),
  15,
);
const ignitionControlledLocks = option('ignition_controlled_locks', 'Ignition-controlled door locks', '1_2', onOff, 0);
const unlockPriority = option(
  'unlock_priority',
  'Unlock priority',
  '1_2',
  [
    { value: 1, label: 'Driver door first' },
    { value: 2, label: 'All doors' },
  ],
  2,
);
const parkingLightFlash = option('parking_light_flash', 'Parking lights flash on start', '1_2', onOff, 1);
const tachMode = option(
  'tach_mode',
  'Engine sensing',
  '3_4',
  [
    { value: 0, label: 'Virtual tach' },
    { value: 1, label: 'Hardwired tach' },
    { value: 2, label: 'Tachless (voltage)' },
  ],
  0,
);
const engineType = option(
  'engine_type',
  'Engine type',
  '3_4',
  [
    { value: 0, label: 'Gasoline' },
    { value: 1, label: 'Diesel' },
    { value: 2, label: 'Hybrid' },
  ],
  0,
);
const dieselGlowWait = option(
  'diesel_glow_wait',
  'Diesel glow-plug wait',
  '3_4',
  [15, 30, 45].map(seconds).concat([minutes(1)]),
  15,
);
const crankTime = option('crank_time', 'Crank time', '3_4', [seconds(1), seconds(2), seconds(3), seconds(4)], 2);
const turboTimer = option(
  'turbo_timer',
  'Turbo timer duration',
  '3_4',
  [seconds(30), seconds(60), minutes(2), minutes(3)],
  seconds(60).value,
);
const shockSensitivity = option(
  'shock_sensor_sensitivity',
  'Shock sensor sensitivity',
  '3_4',
  [
    { value: 1, label: 'Low' },
    { value: 2, label: 'Medium' },
    { value: 3, label: 'High' },
  ],
  2,
);
const startOnAlarm = option('start_on_alarm_trigger', 'Start when the alarm triggers', '3_4', onOff, 0);

type ControllerName = (typeof OPTION_TABLE_CONTROLLERS)[number];

/** Each controller in scope: the full range (FT-7x00, CM7300, CMX) or a smaller one (CM900, CM2x00). */
const CONTROLLER_DEFINITIONS: Record<ControllerName, OptionDefinition[]> = {
  'FT-7000AS': [
    doorLockPulse,
    runtime,
    ignitionControlledLocks,
    unlockPriority,
    parkingLightFlash,
    tachMode,
    engineType,
    dieselGlowWait,
    crankTime,
    turboTimer,
    shockSensitivity,
    startOnAlarm,
  ],
  'FT-7200S': [
    doorLockPulse,
    runtime,
    ignitionControlledLocks,
    unlockPriority,
    parkingLightFlash,
    tachMode,
    engineType,
    dieselGlowWait,
    crankTime,
    turboTimer,
  ],
  CM900AS: [doorLockPulse, runtime, ignitionControlledLocks, parkingLightFlash, tachMode, crankTime, shockSensitivity],
  CM900S: [doorLockPulse, runtime, ignitionControlledLocks, parkingLightFlash, tachMode, crankTime],
  CM2400: [doorLockPulse, runtime, unlockPriority, tachMode, engineType, crankTime],
  CM2500: [doorLockPulse, runtime, unlockPriority, ignitionControlledLocks, tachMode, engineType, dieselGlowWait],
  CM7300: [
    doorLockPulse,
    runtime,
    ignitionControlledLocks,
    unlockPriority,
    parkingLightFlash,
    tachMode,
    engineType,
    dieselGlowWait,
    crankTime,
    turboTimer,
  ],
  CMX: [
    doorLockPulse,
    runtime,
    ignitionControlledLocks,
    unlockPriority,
    parkingLightFlash,
    tachMode,
    engineType,
    dieselGlowWait,
    crankTime,
    turboTimer,
    shockSensitivity,
    startOnAlarm,
  ],
};

// spec 02 §4 keylocker defaults: 0.8 s lock pulse, 10 min passive arming, 30 s horn duration.
const keylockerLockPulse = option(
  'lock_pulse',
  'Lock pulse',
  null,
  [
    { value: 8, label: '0.8 s' },
    { value: 35, label: '3.5 s' },
  ],
  8,
);
const passiveArming = option(
  'passive_arming_delay',
  'Passive arming delay',
  null,
  [minutes(1), minutes(5), minutes(10), minutes(15)],
  minutes(10).value,
);
const hornDuration = option('horn_duration', 'Horn duration', null, [10, 20, 30, 60].map(seconds), 30);
/** spec 02 §4 keylocker PIN durations and their codes. */
const pinDuration = option(
  'pin_duration',
  'PIN code valid for',
  null,
  [
    { value: 1, label: '1 Minute' },
    { value: 2, label: '5 Minutes' },
    { value: 30, label: '30 Minutes' },
    { value: 60, label: '1 Hour' },
    { value: 120, label: '2 Hours' },
    { value: 240, label: '4 Hours' },
    { value: 480, label: '8 Hours' },
  ],
  30,
);
const releaseKeyOnRemoteStart = option('release_key_on_remote_start', 'Release key on remote start', null, onOff, 1);
const roofAlarm = option('roof_open_alarm', 'Alarm when the roof box is opened', null, onOff, 1);

const outputFunctions = [
  { value: 0, label: 'None' },
  { value: 1, label: 'Lock' },
  { value: 2, label: 'Unlock' },
  { value: 3, label: 'Horn' },
  { value: 4, label: 'Parking lights' },
];
const inputFunctions = [
  { value: 0, label: 'None' },
  { value: 1, label: 'Door trigger' },
  { value: 2, label: 'Hood pin' },
  { value: 3, label: 'Trunk pin' },
];

const OTHER_DEFINITIONS: Record<string, OptionDefinition[]> = {
  'keylocker-standalone': [keylockerLockPulse, passiveArming, hornDuration, pinDuration, roofAlarm],
  'keylocker-add-on': [keylockerLockPulse, passiveArming, hornDuration, pinDuration, releaseKeyOnRemoteStart],
  poc: [
    option('poc_1', 'Programmable output 1', null, outputFunctions, 0),
    option('poc_2', 'Programmable output 2', null, outputFunctions, 0),
  ],
  pic: [
    option('pic_1', 'Programmable input 1', null, inputFunctions, 0),
    option('pic_2', 'Programmable input 2', null, inputFunctions, 0),
  ],
};

export const OPTION_TABLE_DEFINITIONS: Readonly<Record<string, readonly OptionDefinition[]>> = {
  ...CONTROLLER_DEFINITIONS,
  ...OTHER_DEFINITIONS,
};

export const isControllerInScope = (controller: string): controller is ControllerName =>
  (OPTION_TABLE_CONTROLLERS as readonly string[]).includes(controller);

export function definitionsOf(schema: string): readonly OptionDefinition[] {
  const definitions = OPTION_TABLE_DEFINITIONS[schema];
  if (!definitions) throw new DeviceCloudError('NOT_SUPPORTED', `No option table '${schema}'`);
  return definitions;
}

export function defaultValues(schema: string): Record<string, number> {
  return Object.fromEntries(definitionsOf(schema).map((definition) => [definition.id, definition.default]));
}

/** Which table a query names on this device; NOT_SUPPORTED when the device has no such table. */
export function schemaOfQuery(reported: ReportedState, query: OptionTablesQuery = {}): string {
  const wantsKeylocker =
    query.keylocker === true || query.schema === 'keylocker' || query.schema?.startsWith('keylocker');
  if (wantsKeylocker || query.schema === 'poc' || query.schema === 'pic') {
    if (!reported.keylocker) throw new DeviceCloudError('NOT_SUPPORTED', 'This device has no KeyLocker');
    if (query.schema === 'poc' || query.schema === 'pic') return query.schema;
    // spec 02 §4: add-on only when the KeyLocker is in add-on mode, otherwise standalone.
    return reported.keylocker.mode === 'add-on' ? 'keylocker-add-on' : 'keylocker-standalone';
  }
  const controller = reported.controller_model;
  if (!isControllerInScope(controller)) {
    throw new DeviceCloudError('NOT_SUPPORTED', `Option tables are not available for controller '${controller}'`);
  }
  if (query.schema !== undefined && query.schema !== controller) {
    throw new DeviceCloudError('NOT_SUPPORTED', `This device's controller is ${controller}, not ${query.schema}`);
  }
  return controller;
}

/** The definitions a query shows: controller tables by section (show_1_2, show_3_4; both when neither is said). */
export function visibleDefinitions(schema: string, query: OptionTablesQuery = {}): OptionDefinition[] {
  const definitions = definitionsOf(schema);
  if (query.show_1_2 === undefined && query.show_3_4 === undefined) return [...definitions];
  return definitions.filter(
    (definition) =>
      definition.section === null ||
      (definition.section === '1_2' && query.show_1_2 === true) ||
      (definition.section === '3_4' && query.show_3_4 === true),
  );
}

/** Refuses (INVALID) an option the table does not have or a value not among its choices. */
export function validateOptionValues(schema: string, values: Record<string, number>): void {
  const definitions = definitionsOf(schema);
  for (const [id, value] of Object.entries(values)) {
    const definition = definitions.find((candidate) => candidate.id === id);
    if (!definition) throw new DeviceCloudError('INVALID', `Option table '${schema}' has no option '${id}'`);
    if (!definition.choices.some((choice) => choice.value === value)) {
      throw new DeviceCloudError('INVALID', `${definition.label}: ${String(value)} is not one of its choices`);
    }
  }
}
