/**
 * The device cloud as the portal sees it: one interface, implemented by the simulated fleet in this
 * package (in-process, `createSimulatedCloud`) and by the HTTP client of the same fleet run as its own
 * service (`createHttpCloud`). A real device cloud plugs in by implementing this interface.
 *
 * Modelled on real clouds (docs/decisions.md "The device cloud"):
 * - a device's state is a **shadow** (AWS IoT Device Shadow): `reported` state with a `version` and a
 *   timestamp per top-level field; a write that names a stale version is refused (VERSION_CONFLICT);
 * - a command is a **job** (AWS IoT Jobs): QUEUED → IN_PROGRESS → SUCCEEDED | FAILED | TIMED_OUT |
 *   REJECTED, answered after a delay on the cloud's clock;
 * - firmware over the air follows **LwM2M's firmware object** (Idle → Downloading → Downloaded →
 *   Updating → result) for the controller and the extension device (KeyLocker `kl1`), writing the log
 *   entries C42 'FOTA Download to Device' and R42 'FOTA Result';
 * - named, seeded **fault scenarios** make any failure replay exactly.
 *
 * Everything here is plain data (JSON-safe), so the same values cross the HTTP service unchanged.
 * Names on the wire follow the spec (snake_case device fields, spec 02 §3).
 */

/** spec 02 §3 device model names (the product the unit is). */
export const DEVICE_MODELS = [
  'FT-XC',
  'FT-X1',
  'FT-X1S',
  'FT-X1MAX',
  'FT-X1R',
  'FT-X2',
  'FT-X2I',
  'FT-X2MAX',
  'DR6400',
  'DR5400',
  'DR3400',
  'DR3300',
  'DR3100',
  'DR3100R',
] as const;
export type DeviceModel = (typeof DEVICE_MODELS)[number];

/** spec 02 §4 option tables: the remote-start controllers in scope. */
export const OPTION_TABLE_CONTROLLERS = [
  'FT-7000AS',
  'FT-7200S',
  'CM900AS',
  'CM900S',
  'CM2400',
  'CM2500',
  'CM7300',
  'CMX',
] as const;

/** A device's lifecycle state (spec 02 §4 device states; `replaced` once swapped out, `retired` after). */
export type DeviceState = 'new' | 'active' | 'paused' | 'replaced' | 'retired';

export type PlanDuration = 'month_to_month' | '1_year' | '2_year' | '3_year' | '4_year' | '5_year' | '6_year';
export interface DevicePlan {
  name: string; // Basic | Premium | Premium Plus | Ultimate (issue 30 owns the catalogue)
  duration: PlanDuration;
  started_at: string; // ISO
  expires_at: string | null; // ISO; null for month_to_month (renews)
}

/** LwM2M firmware object (/5): state and update result. */
export type FirmwareState = 'idle' | 'downloading' | 'downloaded' | 'updating';
export type FirmwareResult = 'initial' | 'success' | 'failed';
export type FirmwareTarget = 'controller' | 'kl1';
export interface FirmwareObject {
  state: FirmwareState;
  result: FirmwareResult;
  current_version: string;
  /** The version the cloud offers, when newer than current; null when current. */
  available_version: string | null;
  /** Download progress 0–100 while downloading. */
  progress: number;
}

export type KeylockerMode = 'add-on' | 'standalone';
export interface KeylockerPin {
  value: string; // four digits
  enabled: boolean;
}
/** spec 02 §3 keylocker status, plus pairing and its firmware. */
export interface KeylockerState {
  paired: boolean;
  mode: KeylockerMode;
  key_present: boolean;
  roof_locked: boolean;
  roof_open: boolean;
  version: string;
  pins: { master: KeylockerPin; secondary: KeylockerPin };
}

/** One option: a value from a list (numbers are the controller's codes; labels say them to people). */
export interface OptionDefinition {
  id: string;
  label: string;
  /** Allowed values with their labels; the table's value is one of them. */
  choices: { value: number; label: string }[];
  default: number;
  /** Which of the spec's sections shows it ('1_2' or '3_4' for controllers, null for keylocker options). */
  section: '1_2' | '3_4' | null;
}
export interface OptionTable {
  /** The schema (definitions) the values follow: controller name, 'keylocker-standalone', 'keylocker-add-on', 'poc', 'pic'. */
  schema: string;
  values: Record<string, number>;
  /** When the device last answered a query of this table (ISO); null if never queried. */
  queried_at: string | null;
}

/** spec 02 §3 feature settings. */
export interface FeatureSettings {
  siren_enabled: boolean;
  valet_mode_enabled: boolean;
  shock_sensor_enabled: boolean;
  drive_lock_enabled: boolean;
  passive_arming_enabled: boolean;
  timer_start_enabled: boolean;
  turbo_timer_start_enabled: boolean;
  auto_door_lock_enabled: boolean;
}
/** spec 02 §3 controller config flags with bit values. */
export const CONFIG_BITS = { siren: 2, shock_sensor: 4, turbo_timer: 8, passive_arming: 16, drive_lock: 128 } as const;

export const HARDWIRE_OUTPUTS = ['None', 'Starter Kill', 'Unlock', 'Trunk', 'Panic'] as const;
export const HARDWIRE_INPUTS = ['None', 'Low', 'High', 'High/Low'] as const;
export type HardwireOutput = (typeof HARDWIRE_OUTPUTS)[number];
export type HardwireInput = (typeof HARDWIRE_INPUTS)[number];

/** Everything a device reports (the shadow's `reported` document). */
export interface ReportedState {
  product: DeviceModel;
  /** The remote-start controller wired to it ('Controller' until one is detected, spec 02 §3 default). */
  controller_model: string;
  controller_version: string;
  service_mode: boolean;
  device_state: DeviceState;
  activated: boolean;
  installed: boolean;
  plan: DevicePlan | null;
  firmware: Record<FirmwareTarget, FirmwareObject | null>; // kl1 null without a KeyLocker
  ble_firmware_version: string;
  /** The extension device ('kl1' = KeyLocker) when one is attached. */
  extension_device: 'kl1' | null;
  keylocker: KeylockerState | null;
  /** Option tables by schema name (controller name, keylocker-standalone, keylocker-add-on, poc, pic). */
  option_tables: Record<string, OptionTable>;
  features: FeatureSettings;
  /** The config flags as the controller stores them (sum of CONFIG_BITS). */
  config_bits: number;
  /** The configuration items sent (config_* commands) and the value each took (1 when it takes none). */
  configuration?: Partial<Record<string, number>>;
  hardwire: { input: HardwireInput; output: HardwireOutput } | null; // X1MAX class only
  replacement: { replaces: string | null; replaced_by: string | null; verified: boolean };
  iccid: string;
  imei: string;
  ble_mac_address: string;
  carrier: string;
  /** Received signal strength, dBm (−50 excellent … −113 none). */
  cellular_signal_strength: number;
  online: boolean;
  gps: {
    fix: boolean;
    latitude: number | null;
    longitude: number | null;
    speed: number;
    direction: string;
    degree: number;
  };
  backup_battery_voltage: number;
  ignition: boolean;
}

export interface Shadow {
  device_key: string;
  version: number;
  reported: ReportedState;
  /** When each top-level field of `reported` last changed (ISO). */
  metadata: Record<keyof ReportedState, { timestamp: string }>;
  /** Fault scenarios in force on this device. */
  scenarios: ScenarioName[];
}

/** Named fault scenarios (deterministic: the same scenario on the same device fails the same way). */
export const SCENARIOS = [
  'weak-signal',
  'no-gps-fix',
  'gps-antenna-open',
  'firmware-download-stalls',
  'r42-failure',
  'keylocker-unpaired',
  'device-offline',
  'command-timeout',
] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

/** Commands a device answers (spec 02 §4 device tests and configuration, plus the flow's own). */
export const DEVICE_COMMANDS = [
  'locate', // Verify GPS
  'arm',
  'disarm',
  'panic_on',
  'panic_off',
  'remote_start',
  'remote_stop',
  'trunk',
  'aux1',
  'aux2',
  'erase_device', // Reset Device Settings: X1-class only
  'query_status', // the device answers with its reported state (signal, GPS, ignition, battery)
  'query_keylocker',
  'reset_keylocker_pairing',
  'set_config_bit', // with `bit` (CONFIG_BITS) to turn on, negative bit to turn off
  'update_firmware',
  'dashcam_query', // one of the five dash camera queries
  'config_direction_change',
  'config_ignition_reporting',
  'config_accelerometer_alerts',
  'config_towing_events',
  'config_security_events',
  'config_engine_monitoring',
  'config_power_settings',
] as const;
export type DeviceCommand = (typeof DEVICE_COMMANDS)[number];
/**
 * Jobs the cloud's own calls queue on a device (PINs, KeyLocker mode, option tables, features,
 * hardwire, a replacement's verification; startFirmwareUpdate's job is an update_firmware job naming
 * its target). They are jobs like any command
 * (same states, same delays) but are not sendable through send-command.
 */
export const CLOUD_JOB_COMMANDS = [
  'set_pin',
  'clear_pin',
  'set_keylocker_mode',
  'query_option_tables',
  'update_option_tables',
  'query_features',
  'update_features',
  'set_hardwire',
  'verify_replacement',
] as const;
export type JobCommand = DeviceCommand | (typeof CLOUD_JOB_COMMANDS)[number];

export type JobStatus = 'QUEUED' | 'IN_PROGRESS' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'REJECTED';
export const TERMINAL_JOB_STATUSES: readonly JobStatus[] = ['SUCCEEDED', 'FAILED', 'TIMED_OUT', 'REJECTED'];
export interface Job {
  job_id: string;
  device_key: string;
  command: JobCommand;
  bit: number | null;
  status: JobStatus;
  /** Why it failed, timed out or was rejected, in words a person can read; null otherwise. */
  reason: string | null;
  /** What the device answered (e.g. locate: the fix), when it succeeded. */
  result: Record<string, unknown> | null;
  queued_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** spec 02 §3 device log. `type` is the log command: 'C42', 'R42', 'GPS', 'CMD', 'KL', 'STATUS'. */
export interface DeviceLog {
  id: string;
  device_key: string;
  type: string;
  /** A person's name for the type ('FOTA Download to Device', 'FOTA Result', …). */
  description: string;
  timestamp: string;
  latitude: number | null;
  longitude: number | null;
  cellular_signal_strength: number;
  carrier: string;
  speed: number;
  gps_status: 'fix' | 'no-fix' | 'antenna-open';
  gps_direction: string;
  gps_degree: number;
  backup_battery_voltage: number;
  controller: string;
  imei: string;
  iccid: string;
  ble_mac_address: string;
  firmware_version: string;
  ble_firmware_version: string;
  controller_model: string;
  controller_version: string;
  obd: Record<string, unknown> | null;
  keylocker: Pick<KeylockerState, 'key_present' | 'mode' | 'roof_locked' | 'roof_open' | 'version'> | null;
  /** FOTA result and command outcome details ({ target, success, job_id, command, … }). */
  data: Record<string, unknown> | null;
}

/** What the cloud tells watchers, in order (ids increase across the whole cloud). */
export type CloudEventType = 'job' | 'firmware' | 'log' | 'shadow';
export interface CloudEvent {
  id: number;
  device_key: string;
  type: CloudEventType;
  at: string;
  /** job: the Job; firmware: { target, state, result, progress, step }; log: the DeviceLog; shadow: { version, fields }. */
  data: Record<string, unknown>;
}

/** Refusals of the cloud, by code; the portal maps each to its own refusal. */
export type CloudErrorCode =
  | 'NOT_FOUND'
  | 'VERSION_CONFLICT'
  | 'QUERY_REQUIRED' // skip_query asked but the tables are not known fresh: query the device
  | 'DEVICE_OFFLINE'
  | 'NOT_SUPPORTED' // the command or setting does not apply to this model
  | 'INVALID' // a value out of range, a wrong PIN, …
  | 'CONFLICT'; // the device's state does not allow it (swapping a replaced device, …)
export class DeviceCloudError extends Error {
  constructor(
    readonly code: CloudErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DeviceCloudError';
  }
}

export interface OptionTablesQuery {
  /** Which table: the controller's schema name, 'keylocker', 'poc' or 'pic'. Default: the controller's. */
  schema?: string;
  show_1_2?: boolean;
  show_3_4?: boolean;
  /** The keylocker's tables (in its current mode) instead of the controller's. */
  keylocker?: boolean;
  /** Answer from the last query without asking the device; refused with QUERY_REQUIRED if not fresh. */
  skip_query?: boolean;
}
export interface OptionTablesView {
  schema: string;
  definitions: OptionDefinition[];
  values: Record<string, number>;
  queried_at: string | null;
}

export interface CloudOptions {
  /** Wait up to this long (ms of the cloud's clock) for a job to end before answering it as it stands. */
  waitMs?: number;
}

export interface DeviceCloud {
  readonly kind: 'simulated' | 'http' | 'real';
  /** The shadow of a device, or null when the cloud has no such device. */
  shadow(deviceKey: string): Promise<Shadow | null>;
  /**
   * Writes reported fields; `expectedVersion` (when given) must be the current version or the write is
   * refused with VERSION_CONFLICT. Answers the new shadow.
   */
  updateShadow(deviceKey: string, patch: Partial<ReportedState>, expectedVersion?: number): Promise<Shadow>;

  /** Queues a command; answers the job as it stands after `waitMs` (default 0: QUEUED). */
  /** `value`: a configuration item's duration code or runtime (config_* commands), kept in its params. */
  sendCommand(
    deviceKey: string,
    command: DeviceCommand,
    options?: CloudOptions & { bit?: number; value?: number },
  ): Promise<Job>;
  job(jobId: string): Promise<Job | null>;
  jobs(deviceKey: string, limit?: number): Promise<Job[]>;
  logs(deviceKey: string, query?: { from?: string; to?: string; type?: string; limit?: number }): Promise<DeviceLog[]>;

  /** The firmware offered for the controller and the KeyLocker (spec 02 §3 firmware details). */
  checkFirmwareUpdate(deviceKey: string): Promise<Record<FirmwareTarget, FirmwareObject | null>>;
  /** Starts an over-the-air update of one target; progress arrives as events and logs (C42, R42). */
  startFirmwareUpdate(deviceKey: string, target: FirmwareTarget): Promise<Job>;

  /** Sets the master or secondary KeyLocker PIN (four digits). */
  setPin(deviceKey: string, pin: string, secondary: boolean, options?: CloudOptions): Promise<Job>;
  /** Clears the secondary PIN; the master PIN must be given. */
  clearPin(deviceKey: string, masterPin: string, options?: CloudOptions): Promise<Job>;
  setKeylockerMode(deviceKey: string, mode: KeylockerMode, options?: CloudOptions): Promise<Job>;

  optionTables(deviceKey: string, query?: OptionTablesQuery, options?: CloudOptions): Promise<OptionTablesView>;
  updateOptionTables(
    deviceKey: string,
    values: Record<string, number>,
    query?: OptionTablesQuery,
    options?: CloudOptions,
  ): Promise<OptionTablesView>;

  /** Feature settings; `query_device` asks the device first (a job), else the shadow answers. */
  features(deviceKey: string, queryDevice?: boolean, options?: CloudOptions): Promise<FeatureSettings>;
  updateFeatures(deviceKey: string, patch: Partial<FeatureSettings>, options?: CloudOptions): Promise<FeatureSettings>;
  setHardwire(deviceKey: string, input: HardwireInput, output: HardwireOutput, options?: CloudOptions): Promise<Job>;

  /** Marks the old device replaced by the new one; the new one must then be verified. */
  swap(oldDeviceKey: string, newDeviceKey: string): Promise<{ old: Shadow; new: Shadow }>;
  /** Verifies a replacement: the new unit answers and takes over the old one's settings and plan. */
  verifyReplacement(newDeviceKey: string, options?: CloudOptions): Promise<Shadow>;
  activate(deviceKey: string): Promise<Shadow>;
  install(deviceKey: string, exitServiceMode: boolean): Promise<Shadow>;
  /** Puts a plan on a device (the subscriptions issue). */
  setPlan(deviceKey: string, plan: DevicePlan | null): Promise<Shadow>;

  /** Fault scenarios on a device (tests, demos and support replaying a failure). */
  setScenarios(deviceKey: string, scenarios: ScenarioName[]): Promise<Shadow>;

  /** Events after `afterId` (0 for all kept), oldest first, at most `limit`. */
  eventsAfter(afterId: number, limit?: number): Promise<CloudEvent[]>;
  /** Calls `listener` with each new event as it happens (in this process, or over the HTTP service's stream). */
  subscribe(listener: (event: CloudEvent) => void): () => void;

  /** Stops timers and connections. */
  close(): Promise<void>;
}
