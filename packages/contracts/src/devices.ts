import { z } from 'zod';
import { messages } from './messages.ts';
import { emailField, requiredText } from './validation.ts';

/**
 * The device calls of spec 02 §7 (issue 28 §3): what the activation screens send and get back. Names on
 * the wire are the spec's (snake_case device fields, spec 02 §3). The lists below are the device cloud's
 * (packages/device-sim api.ts) as the browser needs them; the server checks at compile time that both
 * agree (apps/server/src/adapters/devices/types.ts).
 */

/** Texts of the device calls: the spec's two quoted ones, and ours where the spec shows none. */
export const DEVICE_TEXTS = {
  /** spec 02 §8 service-mode error (device check). */
  notInServiceMode: 'This device is not currently in Service Mode. Put the device in Service Mode and try again.',
  /** spec 02 §5, §8. */
  invalidInstallerAccount: 'Invalid Installer Account. Please activate as guest.',
  deviceNotFound: 'Device not found.',
  hardwireMaxOnly: 'The hardwire settings apply to X1MAX-class devices only.',
  jobNotFound: 'Command not found.',
  proofRequired: 'Enter the last four digits of the ICCID printed on the device.',
  proofWrong: 'The ICCID digits do not match this device.',
  proofLimited: 'Too many wrong ICCID digits. Please try again in 15 minutes.',
  commandsLimited: 'Too many commands sent to this device. Please wait a minute and try again.',
  eraseX1Only: 'Reset Device Settings is available on X1-class devices only.',
  exitServiceModeXOnly: 'Only products whose name contains X can be asked to exit service mode.',
  notInstalled: 'This device is not installed for your business yet.',
  notStaff: 'Choose installers of your own business.',
  bitRequired: 'Choose a setting to turn on or off.',
  bitNotAllowed: 'Only set_config_bit takes a bit.',
  bitInvalid: 'Must be one of the controller config bits (2, 4, 8, 16, 128), negative to turn off.',
  valueNotAllowed: 'Only a configuration item with a duration or a runtime takes a value.',
  durationInvalid: 'Must be 1 to 99 seconds, or 101 to 115 for 1 to 15 minutes.',
  runtimeInvalid: 'Must be a runtime of 3, 15, 25 or 45 minutes.',
  sameDevice: 'The new device must differ from the old one.',
  welcomeSent: 'Welcome message sent.',
  deviceOffline: 'The device is not answering. Check its power and cellular signal, then try again.',
  queryRequired: 'The device must be queried before its settings can be read or changed.',
  cloudUnavailable: 'The device service is not answering right now. Please try again in a few minutes.',
} as const;

/** issue 28 §5: wrong ICCID digits allowed per device and per address in a window. */
export const DEVICE_PROOF_LIMITS = { perDevice: 5, perAddress: 20, windowMs: 15 * 60_000 } as const;
/** issue 28 §5: commands a device takes per minute (the default; configurable). */
export const DEVICE_COMMANDS_PER_MINUTE = 30;
/** spec 02 §4: the dash camera query sends five query commands. */
export const DASHCAM_QUERY_COUNT = 5;

/** spec 02 §3 product (device model names). */
export const DEVICE_PRODUCTS = [
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
export type DeviceProduct = (typeof DEVICE_PRODUCTS)[number];

/** spec 02 §4 device states (the cloud's lifecycle). */
export const DEVICE_STATES = ['new', 'active', 'paused', 'replaced', 'retired'] as const;
/** spec 02 §4 activation types. */
export const ACTIVATION_TYPES = [
  'new-device',
  'replace-device',
  'service-device',
  'verizon-sim',
  'purchase-subscription',
] as const;
export type ActivationType = (typeof ACTIVATION_TYPES)[number];

/**
 * spec 02 §4 device tests (Verify GPS, Arm, Disarm, Panic On/Off, Remote Start/Stop, Trunk, Aux 1/2, and
 * Reset Device Settings, X1-class only), by the command each sends.
 */
export const DEVICE_TEST_COMMAND_NAMES = [
  'locate',
  'arm',
  'disarm',
  'panic_on',
  'panic_off',
  'remote_start',
  'remote_stop',
  'trunk',
  'aux1',
  'aux2',
  'erase_device',
] as const;

/** spec 02 §4 option tables: the remote-start controllers in scope. */
export const OPTION_TABLE_CONTROLLERS: readonly string[] = [
  'FT-7000AS',
  'FT-7200S',
  'CM900AS',
  'CM900S',
  'CM2400',
  'CM2500',
  'CM7300',
  'CMX',
];

/** Commands a device answers (spec 02 §4 device tests and configuration items, and the flow's own). */
export const DEVICE_COMMAND_NAMES = [
  ...DEVICE_TEST_COMMAND_NAMES,
  'query_status',
  'query_keylocker',
  'reset_keylocker_pairing',
  'set_config_bit',
  'update_firmware',
  'dashcam_query',
  'config_direction_change',
  'config_ignition_reporting',
  'config_accelerometer_alerts',
  'config_towing_events',
  'config_security_events',
  'config_engine_monitoring',
  'config_power_settings',
] as const;
export type DeviceCommandName = (typeof DEVICE_COMMAND_NAMES)[number];

/**
 * spec 02 §4 configuration items and what each takes besides the command: a duration (spec 02 §5: seconds
 * 1–99 sent as themselves, minutes 1–15 as 101–115), a remote-start runtime (3, 15, 25 or 45 minutes), or
 * nothing (the item is turned on).
 */
export const CONFIG_COMMAND_SETTINGS = {
  config_direction_change: 'duration',
  config_ignition_reporting: 'duration',
  config_accelerometer_alerts: 'none',
  config_towing_events: 'duration',
  config_security_events: 'none',
  config_engine_monitoring: 'runtime',
  config_power_settings: 'duration',
} as const satisfies Partial<Record<DeviceCommandName, 'duration' | 'runtime' | 'none'>>;
/** spec 02 §5 remote-start runtimes (minutes). */
export const RUNTIME_MINUTES = [3, 15, 25, 45] as const;
/** spec 02 §5: a duration code is 1–99 (seconds) or 101–115 (100 + minutes). */
export const isDurationCode = (value: number) =>
  Number.isInteger(value) && ((value >= 1 && value <= 99) || (value >= 101 && value <= 115));

export const JOB_STATUSES = ['QUEUED', 'IN_PROGRESS', 'SUCCEEDED', 'FAILED', 'TIMED_OUT', 'REJECTED'] as const;
/** spec 02 §3 controller config flags with bit values. */
export const CONFIG_BIT_VALUES = {
  siren: 2,
  shock_sensor: 4,
  turbo_timer: 8,
  passive_arming: 16,
  drive_lock: 128,
} as const;
const CONFIG_BITS = Object.values(CONFIG_BIT_VALUES) as number[];
export const HARDWIRE_OUTPUT_OPTIONS = ['None', 'Starter Kill', 'Unlock', 'Trunk', 'Panic'] as const;
export const HARDWIRE_INPUT_OPTIONS = ['None', 'Low', 'High', 'High/Low'] as const;
export const KEYLOCKER_MODES = ['add-on', 'standalone'] as const;
export const FIRMWARE_TARGETS = ['controller', 'kl1'] as const;

/** spec 02 §4 "Reset Device Settings (erase_device, X1-class devices only)": the FT-X1 family. */
export const isX1Class = (product: string) => product.startsWith('FT-X1');
/** spec 02 §4: exit service mode is requested when the product name contains X. */
export const requestsExitServiceMode = (product: string) => product.includes('X');
/** DEMO-DATA 10230000236: the hardwire step applies to the X1MAX class (the cloud's `hardwire`). */
export const hasHardwire = (product: string) => product.endsWith('MAX');

// ---- Fields -----------------------------------------------------------------------------------------

/** spec 02 §5 device id: alphanumeric, upper-cased (e.g. 10230000234). */
export const deviceKeyField = z
  .string({ error: messages.requiredField })
  .trim()
  .min(1, messages.requiredField)
  .max(32, messages.maxChars(33))
  .regex(/^[A-Za-z0-9]+$/, messages.alphanumericOnly)
  .transform((v) => v.toUpperCase());

/** The last digits of the ICCID printed on the unit: the proof that the caller holds it (issue 28 §5). */
export const iccidLastDigitsField = z
  .string()
  .trim()
  .regex(/^\d{4}$/, 'Enter the last four digits of the ICCID.')
  .optional();

/** A query flag: true/false/1/0 as a query string carries it. */
const queryFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

export const deviceKeyParamsSchema = z.object({ key: deviceKeyField });
/** Proof of possession on reads (GET, DELETE): the ICCID digits ride in the query. */
export const deviceProofQuerySchema = z.object({ iccid_last_digits: iccidLastDigitsField });

// ---- The device (spec 02 §3) --------------------------------------------------------------------------

export const devicePlanSchema = z.object({
  name: z.string(),
  duration: z.string(),
  started_at: z.string(),
  expires_at: z.string().nullable(),
});

/**
 * spec 02 §3 Device, as the device checks answer it (results[0]), plus what the activation screens need
 * to choose an activation type and its steps (ours, docs/decisions.md "Device calls").
 */
export const deviceSchema = z.object({
  device_key: z.string(),
  /** spec 02 §3 product: the model of the unit (FT-X1, DR5400…). */
  product: z.enum(DEVICE_PRODUCTS),
  plan: devicePlanSchema.nullable(),
  device_state: z.enum(DEVICE_STATES),
  service_mode: z.boolean(),
  /** The state when this check was made: the flow keeps the first check's as the device's initial state. */
  initialDeviceState: z.enum(DEVICE_STATES),
  initialServiceMode: z.boolean(),
  /** The remote-start controller wired to the unit ('Controller' until one is detected). */
  controller_model: z.string(),
  controller_version: z.string(),
  /** The controller's option-table schema when it is one of spec 02 §4's, else null. */
  controller: z.string().nullable(),
  is_keylocker_present: z.boolean(),
  keylocker: z.object({ mode: z.enum(KEYLOCKER_MODES) }).nullable(),
  firmware_version: z.string(),
  ble_firmware_version: z.string(),
  /** Whether the firmware was checked (GET check-firmware-update) for this device through the portal. */
  firmwareChecked: z.boolean(),
  /** Whether the controller's last over-the-air update succeeded. */
  firmwareUpdated: z.boolean(),
  /** send-command calls recorded for this device. */
  numberOfCommandsSent: z.number().int(),
  /** This unit took another's place (swap), or was itself replaced. */
  deviceReplaced: z.boolean(),
  /** The replacement was verified (the new unit answered and took over the old one's settings). */
  replacedDeviceVerified: z.boolean(),
  /** The serial this unit replaces, and the one that replaced it. */
  replaces: z.string().nullable(),
  replaced_by: z.string().nullable(),
  activated: z.boolean(),
  /** Installed for a business through the portal (device/install). */
  installed: z.boolean(),
  online: z.boolean(),
  /** spec 02 §6: echoed from the request (Canadian users are flagged in device checks). */
  isCanadianUser: z.boolean(),
  /** spec 02 §4: product name contains X → install asks to exit service mode. */
  requestsExitServiceMode: z.boolean(),
  /** spec 02 §4: paused and in service mode. */
  replaceDeviceOnly: z.boolean(),
  /** Activation types this device allows now (paused + service mode: replace-device only). */
  allowedActivationTypes: z.array(z.enum(ACTIVATION_TYPES)),
  /** The hardwire step (hardwire-x1max) applies. */
  hasHardwire: z.boolean(),
  /** Reset Device Settings (erase_device) is offered: X1-class only. */
  canEraseDevice: z.boolean(),
});
export type Device = z.infer<typeof deviceSchema>;

/** POST /api/iot/device-check and device-purchasing-check. */
export const deviceCheckSchema = z.object({
  device_key: deviceKeyField,
  iccid_last_digits: iccidLastDigitsField,
  isCanadianUser: z.boolean().optional(),
});
export const deviceCheckResponseSchema = z.object({ results: z.array(deviceSchema) });
export type DeviceCheckResponse = z.infer<typeof deviceCheckResponseSchema>;

// ---- Jobs (commands) ---------------------------------------------------------------------------------

export const jobSchema = z.object({
  job_id: z.string(),
  device_key: z.string(),
  /** A command of DEVICE_COMMAND_NAMES, or a job the cloud's own calls queue (set_pin, query_option_tables…). */
  command: z.string(),
  bit: z.number().int().nullable(),
  status: z.enum(JOB_STATUSES),
  reason: z.string().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
  queued_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type DeviceJob = z.infer<typeof jobSchema>;

/** POST /api/iot/send-command (spec 02 §7): device_key, command, optional iccid_last_digits and bit. */
export const sendCommandSchema = z
  .object({
    device_key: deviceKeyField,
    command: z.enum(DEVICE_COMMAND_NAMES),
    iccid_last_digits: iccidLastDigitsField,
    /** set_config_bit: the bit to turn on (2, 4, 8, 16, 128), negative to turn it off. */
    bit: z.number().int().optional(),
    /** A configuration item's duration code or runtime (CONFIG_COMMAND_SETTINGS). */
    value: z.number().int().optional(),
    /** Wait for the device's answer up to this long (ms of the cloud's clock; default 15 s, 0 answers at once). */
    wait_ms: z.number().int().min(0).max(60_000).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.command === 'set_config_bit') {
      if (body.bit === undefined) ctx.addIssue({ code: 'custom', path: ['bit'], message: DEVICE_TEXTS.bitRequired });
      else if (!CONFIG_BITS.includes(Math.abs(body.bit)))
        ctx.addIssue({ code: 'custom', path: ['bit'], message: DEVICE_TEXTS.bitInvalid });
    } else if (body.bit !== undefined)
      ctx.addIssue({ code: 'custom', path: ['bit'], message: DEVICE_TEXTS.bitNotAllowed });
    if (body.value === undefined) return;
    const setting = (CONFIG_COMMAND_SETTINGS as Partial<Record<string, string>>)[body.command] ?? 'none';
    if (setting === 'none') ctx.addIssue({ code: 'custom', path: ['value'], message: DEVICE_TEXTS.valueNotAllowed });
    else if (setting === 'duration' && !isDurationCode(body.value))
      ctx.addIssue({ code: 'custom', path: ['value'], message: DEVICE_TEXTS.durationInvalid });
    else if (setting === 'runtime' && !(RUNTIME_MINUTES as readonly number[]).includes(body.value))
      ctx.addIssue({ code: 'custom', path: ['value'], message: DEVICE_TEXTS.runtimeInvalid });
  });
/** The job the call made; `jobs` lists every job it made (five for the dash camera query, spec 02 §4). */
export const sendCommandResponseSchema = jobSchema.extend({ jobs: z.array(jobSchema) });
export type SendCommandResponse = z.infer<typeof sendCommandResponseSchema>;

export const jobIdParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

// ---- Logs and history ----------------------------------------------------------------------------------

const isoDateOrTime = z
  .string()
  .trim()
  .regex(
    /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/,
    'Use YYYY-MM-DD or YYYY-MM-DDTHH:mm:ss',
  )
  .optional();

/** GET /api/iot/logs: dates in UTC (spec 02 §9: a date is its whole day, start to end). */
export const deviceLogsQuerySchema = z.object({
  device_key: deviceKeyField,
  from: isoDateOrTime,
  to: isoDateOrTime,
  type: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]{1,20}$/, messages.alphanumericOnly)
    .optional(),
  limit: z.coerce.number({ error: messages.mustBeNumber }).int(messages.mustBeWholeNumber).min(1).max(500).default(100),
  iccid_last_digits: iccidLastDigitsField,
});

const keylockerStatusSchema = z.object({
  key_present: z.boolean(),
  mode: z.enum(KEYLOCKER_MODES),
  roof_locked: z.boolean(),
  roof_open: z.boolean(),
  version: z.string(),
});

/** spec 02 §3 device log. */
export const deviceLogSchema = z.object({
  id: z.string(),
  device_key: z.string(),
  type: z.string(),
  description: z.string(),
  timestamp: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  cellular_signal_strength: z.number(),
  carrier: z.string(),
  speed: z.number(),
  gps_status: z.string(),
  gps_direction: z.string(),
  gps_degree: z.number(),
  backup_battery_voltage: z.number(),
  controller: z.string(),
  imei: z.string(),
  iccid: z.string(),
  ble_mac_address: z.string(),
  firmware_version: z.string(),
  ble_firmware_version: z.string(),
  controller_model: z.string(),
  controller_version: z.string(),
  obd: z.record(z.string(), z.unknown()).nullable(),
  keylocker: keylockerStatusSchema.nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
});
export const deviceLogsResponseSchema = z.object({ results: z.array(deviceLogSchema) });

export const deviceHistoryQuerySchema = z.object({
  limit: z.coerce.number({ error: messages.mustBeNumber }).int(messages.mustBeWholeNumber).min(1).max(200).default(50),
  iccid_last_digits: iccidLastDigitsField,
});
/** One recorded call on a device (issue 28 §5): who, acting for whom, what, and the answer. */
export const deviceHistoryEntrySchema = z.object({
  id: z.string(),
  device_key: z.string(),
  action: z.string(),
  request: z.record(z.string(), z.unknown()),
  job_id: z.string().nullable(),
  status: z.string(),
  answer: z.record(z.string(), z.unknown()).nullable(),
  /** The person signed in (null for a guest), and the dealer primary a rep acted as. */
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  acting_user: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  business: z.object({ id: z.string(), companyName: z.string() }).nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /**
   * The activation step that sent it (activation.ts ACTIVATION_STEP_HEADER), when an activation's step did:
   * the device's history shows it under that step. Null for a call made outside an activation.
   */
  activation_id: z.string().nullable(),
  activation_step: z.string().nullable(),
});
export type DeviceHistoryEntry = z.infer<typeof deviceHistoryEntrySchema>;
export const deviceHistoryResponseSchema = z.object({ results: z.array(deviceHistoryEntrySchema) });

// ---- Lifecycle: swap, activate, install, welcome, link an installer -----------------------------------

/** PATCH /api/device/swap (spec 02 §7): the proof of each unit that is not yet installed for the caller. */
export const swapSchema = z.object({
  old_device_key: deviceKeyField,
  new_device_key: deviceKeyField,
  old_iccid_last_digits: iccidLastDigitsField,
  new_iccid_last_digits: iccidLastDigitsField,
});
export const swapResponseSchema = z.object({ old: deviceSchema, new: deviceSchema });

/** PATCH /api/device/activate (spec: payload not shown): a replacement is verified first. */
export const activateSchema = z.object({ device_key: deviceKeyField, iccid_last_digits: iccidLastDigitsField });

/**
 * What a verified replacement holds of the unit it replaced (issue 29 replace-device: option tables, PINs,
 * feature settings and the plan), as the device cloud has both units after the verification.
 */
export const takenOverSchema = z.object({
  replaces: z.string(),
  /** The option tables whose values are the old unit's, by schema ('CM900AS', 'keylocker-add-on', 'poc'…). */
  option_tables: z.array(z.string()),
  /** The feature settings (spec 02 §3) are the old unit's. */
  feature_settings: z.boolean(),
  /** The KeyLocker's PINs and mode are the old unit's; null when either unit has no KeyLocker. */
  keylocker: z.object({ mode: z.enum(KEYLOCKER_MODES), pins_enabled: z.number().int() }).nullable(),
  /** The plan the new unit carries now (the old unit's, which it no longer has). */
  plan: devicePlanSchema.nullable(),
});
export type TakenOver = z.infer<typeof takenOverSchema>;
/** PATCH /api/device/activate: the device, and for a verified replacement what it took over (else null). */
export const activateResponseSchema = deviceSchema.extend({ taken_over: takenOverSchema.nullable() });
export type ActivateResponse = z.infer<typeof activateResponseSchema>;

/** PATCH /api/device/install (spec 02 §7). involved_installers: user ids of the business's staff. */
export const installSchema = z.object({
  device_key: deviceKeyField,
  exit_service_mode: z.boolean(),
  involved_installers: z.array(z.string().trim().min(1).max(64)).max(20).optional(),
  iccid_last_digits: iccidLastDigitsField,
  /** The car it went into (the activation's set-vehicle-details step): the device's history and a search by VIN. */
  vehicle: z
    .object({
      vin: z
        .string()
        .trim()
        .regex(/^[A-HJ-NPR-Za-hj-npr-z0-9]{17}$/, 'A VIN has 17 letters and digits (no I, O or Q).')
        .transform((v) => v.toUpperCase())
        .optional(),
      year: z.number().int().min(1980).max(2100).optional(),
      make: z.string().trim().max(60).optional(),
      model: z.string().trim().max(60).optional(),
    })
    .optional(),
});

/** POST /api/device/welcome (no auth; payload ours): the e-mail is lowercased before sending (spec 02 §5). */
export const welcomeSchema = z.object({
  device_key: deviceKeyField,
  email: emailField(),
  name: requiredText(100),
  iccid_last_digits: iccidLastDigitsField,
});
export const welcomeResponseSchema = z.object({ device_key: z.string(), email: z.string(), detail: z.string() });

/** POST /api/device/link-installer/{key} (payload ours): a staff member of the business it is installed for. */
export const linkInstallerSchema = z.object({ user_id: z.string().trim().min(1).max(64) });
export const linkInstallerResponseSchema = z.object({
  device_key: z.string(),
  involved_installers: z.array(z.string()),
});

// ---- Settings -------------------------------------------------------------------------------------------

/** PATCH /api/device/hardwired-mode (spec 02 §7). */
export const hardwiredModeSchema = z.object({
  device_key: deviceKeyField,
  hardwired_input: z.enum(HARDWIRE_INPUT_OPTIONS),
  hardwired_output: z.enum(HARDWIRE_OUTPUT_OPTIONS),
  iccid_last_digits: iccidLastDigitsField,
});

const firmwareObjectSchema = z.object({
  state: z.enum(['idle', 'downloading', 'downloaded', 'updating']),
  result: z.enum(['initial', 'success', 'failed']),
  current_version: z.string(),
  available_version: z.string().nullable(),
  progress: z.number(),
});
/** GET /api/device/{key}/check-firmware-update: spec 02 §3 firmware details, for the controller and the KeyLocker. */
export const firmwareCheckSchema = z.object({
  device_key: z.string(),
  is_firmware_available: z.boolean(),
  firmware_details: firmwareObjectSchema,
  is_ext_device_firmware_available: z.boolean(),
  /** The extension device's (device 'kl1', shown as KeyLocker). */
  ext_device_firmware_details: firmwareObjectSchema.extend({ device: z.literal('kl1'), name: z.string() }).nullable(),
  timestamp: z.string(),
});
/** POST /api/device/{key}/firmware-update (ours): starts an over-the-air update; progress arrives as events. */
export const firmwareUpdateSchema = z.object({
  target: z.enum(FIRMWARE_TARGETS),
  iccid_last_digits: iccidLastDigitsField,
});

/** PATCH /api/device/{key}/pin (spec 02 §7): a four-digit keylocker PIN. */
export const setPinSchema = z.object({
  pin: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'Enter four digits.'),
  is_secondary_pin: z.boolean(),
  iccid_last_digits: iccidLastDigitsField,
});
/** DELETE /api/device/{key}/pin?master_pin= (spec 02 §7): clears the secondary PIN. */
export const clearPinQuerySchema = z.object({
  master_pin: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'Enter four digits.'),
  iccid_last_digits: iccidLastDigitsField,
});

/** PATCH /api/device/{key}/keylocker-mode: add-on or standalone (spec 02 §4). */
export const keylockerModeSchema = z.object({
  mode: z.enum(KEYLOCKER_MODES),
  iccid_last_digits: iccidLastDigitsField,
});

const optionTableSchemaName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,40}$/, messages.alphanumericOnly);
/** GET option-tables (spec 02 §7 parameters schema, show_1_2, show_3_4, keylocker, skip_query). */
export const optionTablesQuerySchema = z.object({
  schema: optionTableSchemaName.optional(),
  show_1_2: queryFlag,
  show_3_4: queryFlag,
  keylocker: queryFlag,
  skip_query: queryFlag,
  iccid_last_digits: iccidLastDigitsField,
});
/** special-option-tables: the KeyLocker's POC and PIC options (spec 02 §4); schema 'poc' (default) or 'pic'. */
export const specialOptionTablesQuerySchema = z.object({
  schema: z.enum(['poc', 'pic']).optional(),
  skip_query: queryFlag,
  iccid_last_digits: iccidLastDigitsField,
});
const optionValues = z.record(z.string().regex(/^[A-Za-z0-9_.-]{1,60}$/), z.number().int());
export const optionTablesUpdateSchema = z.object({
  values: optionValues,
  schema: optionTableSchemaName.optional(),
  show_1_2: z.boolean().optional(),
  show_3_4: z.boolean().optional(),
  keylocker: z.boolean().optional(),
  skip_query: z.boolean().optional(),
  iccid_last_digits: iccidLastDigitsField,
});
export const specialOptionTablesUpdateSchema = z.object({
  values: optionValues,
  schema: z.enum(['poc', 'pic']).optional(),
  skip_query: z.boolean().optional(),
  iccid_last_digits: iccidLastDigitsField,
});
export const optionTablesSchema = z.object({
  schema: z.string(),
  definitions: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      choices: z.array(z.object({ value: z.number(), label: z.string() })),
      default: z.number(),
      section: z.enum(['1_2', '3_4']).nullable(),
    }),
  ),
  values: z.record(z.string(), z.number()),
  queried_at: z.string().nullable(),
  /** How many times the call asked again with the query forced (spec 02 §9 requery limit 2). */
  requeries: z.number().int(),
});
export type OptionTables = z.infer<typeof optionTablesSchema>;

/** spec 02 §3 feature settings. */
export const featureSettingsSchema = z.object({
  siren_enabled: z.boolean(),
  valet_mode_enabled: z.boolean(),
  shock_sensor_enabled: z.boolean(),
  drive_lock_enabled: z.boolean(),
  passive_arming_enabled: z.boolean(),
  timer_start_enabled: z.boolean(),
  turbo_timer_start_enabled: z.boolean(),
  auto_door_lock_enabled: z.boolean(),
});
export type FeatureSettings = z.infer<typeof featureSettingsSchema>;
/** GET features (spec 02 §7 query_device, iccid_last_digits). */
export const featuresQuerySchema = z.object({ query_device: queryFlag, iccid_last_digits: iccidLastDigitsField });
export const featuresUpdateSchema = featureSettingsSchema.partial().extend({
  query_device: z.boolean().optional(),
  iccid_last_digits: iccidLastDigitsField,
});

// ---- The devices of a business (issue 29 §5: the device list and the device's history) -----------------

/** Texts of the device list (ours: the spec shows none). */
export const DEVICE_LIST_TEXTS = {
  /** A sales rep (or an admin) without a business selected. */
  selectBusiness: 'Select the business you act for to see its devices.',
  /** An installer account that can not act for a dealer (retired, or without a business). */
  noBusiness: 'Only the people of a business see the devices installed for it.',
  queryInvalid: 'Enter a serial number (digits) or a VIN (its last 6 or more characters, or all 17).',
} as const;

/**
 * GET /api/devices: `q` is a serial's first digits or a VIN (all 17 characters, or its last 6 or more);
 * letters and digits only, so it never carries a LIKE wildcard.
 */
export const deviceListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(17, DEVICE_LIST_TEXTS.queryInvalid)
    .regex(/^[A-Za-z0-9]*$/, DEVICE_LIST_TEXTS.queryInvalid)
    .transform((v) => v.toUpperCase())
    .optional(),
  limit: z.coerce.number({ error: messages.mustBeNumber }).int(messages.mustBeWholeNumber).min(1).max(100).default(20),
  offset: z.coerce.number({ error: messages.mustBeNumber }).int(messages.mustBeWholeNumber).min(0).default(0),
});

/** The car a device went into (the install's `vehicle`), each part as it was given. */
export const deviceVehicleSchema = z.object({
  vin: z.string().nullable(),
  year: z.number().int().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
});
export type DeviceVehicle = z.infer<typeof deviceVehicleSchema>;

/** One device installed for the caller's business: the portal's record and the cloud's state now. */
export const installedDeviceSchema = z.object({
  device_key: z.string(),
  /** From the device cloud; null when the cloud does not know the unit (any more). */
  product: z.enum(DEVICE_PRODUCTS).nullable(),
  plan: devicePlanSchema.nullable(),
  device_state: z.enum(DEVICE_STATES).nullable(),
  service_mode: z.boolean().nullable(),
  installed_at: z.string(),
  installed_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  business: z.object({ id: z.string(), companyName: z.string() }),
  /** Null when the install said nothing of the car. */
  vehicle: deviceVehicleSchema.nullable(),
});
export type InstalledDevice = z.infer<typeof installedDeviceSchema>;
export const deviceListResponseSchema = z.object({
  results: z.array(installedDeviceSchema),
  /** All the devices that match, for paging. */
  count: z.number().int(),
});
export type DeviceListResponse = z.infer<typeof deviceListResponseSchema>;
