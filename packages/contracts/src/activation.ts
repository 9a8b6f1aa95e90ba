import { z } from 'zod';
import {
  ACTIVATION_TYPES,
  type ActivationType,
  type Device,
  deviceKeyField,
  iccidLastDigitsField,
  installSchema,
} from './devices.ts';
import { isWellFormedVin } from './vin.ts';

/**
 * Issue 29: which activation steps apply to which activation type and device. Spec 02 §4 gives the step
 * catalogue and its order and says "which steps apply to which type: not shown"; this is our table, kept in
 * this ONE place (the stepper, the server's activation record and the tests read it), and explained in
 * docs/decisions.md "Activation steps".
 */

/** spec 02 §4 activation steps, catalogue order. */
export const ACTIVATION_STEPS = [
  'replace-device',
  'power-on-device',
  'set-vehicle-details',
  'verify-connection',
  'check-firmware',
  'reset-keylocker-pairing',
  'controller-option-tables',
  'keylocker-mode',
  'keylocker-option-tables',
  'keylocker-poc-pic',
  'keylocker-pin-codes',
  'system-settings',
  'device-configuration',
  'hardwire-x1max',
  'device-testing',
  'purchase-plan',
  'device-rewards',
  'send-welcome',
  'complete-activation',
] as const;
export type ActivationStep = (typeof ACTIVATION_STEPS)[number];

/** What of a device decides its steps: the device check's answer (spec 02 §3 Device) carries each. */
export type ActivationFacts = Pick<Device, 'is_keylocker_present' | 'controller' | 'hasHardwire' | 'plan'>;

/** Which facts a step needs: a step with none applies to every device of its type. */
type StepCondition = 'keylocker' | 'optionTableController' | 'hardwire';

const needs: Partial<Record<ActivationStep, StepCondition>> = {
  'reset-keylocker-pairing': 'keylocker',
  'keylocker-mode': 'keylocker',
  'keylocker-option-tables': 'keylocker',
  'keylocker-poc-pic': 'keylocker',
  'keylocker-pin-codes': 'keylocker',
  'controller-option-tables': 'optionTableController',
  'hardwire-x1max': 'hardwire',
};

const holds = (condition: StepCondition, facts: ActivationFacts): boolean =>
  condition === 'keylocker'
    ? facts.is_keylocker_present
    : condition === 'optionTableController'
      ? facts.controller !== null
      : facts.hasHardwire;

/**
 * The steps each type offers (catalogue order), before the device's facts remove the ones that do not apply.
 * - new-device: the whole install: power on, the car, the connection, firmware, every setting the unit has,
 *   the tests, a plan, the installer's reward, the owner's welcome, completion.
 * - replace-device: swap first (the new unit takes over the old one's settings and plan, so no settings,
 *   plan, reward or welcome steps), then prove the new unit works in the same car.
 * - service-device: an installed unit back in the bay: connection, firmware, every setting, the tests.
 * - verizon-sim: a unit getting its cellular SIM (re)activated: power, the connection, the tests, a plan.
 * - purchase-subscription: a plan for a unit already in service.
 */
const STEPS_OF_TYPE: Record<ActivationType, readonly ActivationStep[]> = {
  'new-device': ACTIVATION_STEPS.filter((step) => step !== 'replace-device'),
  'replace-device': [
    'replace-device',
    'power-on-device',
    'verify-connection',
    'check-firmware',
    'reset-keylocker-pairing',
    'hardwire-x1max',
    'device-testing',
    'complete-activation',
  ],
  'service-device': [
    'power-on-device',
    'verify-connection',
    'check-firmware',
    'reset-keylocker-pairing',
    'controller-option-tables',
    'keylocker-mode',
    'keylocker-option-tables',
    'keylocker-poc-pic',
    'keylocker-pin-codes',
    'system-settings',
    'device-configuration',
    'hardwire-x1max',
    'device-testing',
    'complete-activation',
  ],
  'verizon-sim': ['power-on-device', 'verify-connection', 'device-testing', 'purchase-plan', 'complete-activation'],
  'purchase-subscription': ['purchase-plan', 'complete-activation'],
};

/**
 * Steps of the advanced flow (spec 01 §9's "advanced activation flow" key): the expert settings an installer
 * may leave at their defaults. With the advanced flow off they are skipped; the defaults stay on the unit.
 */
export const ADVANCED_ACTIVATION_STEPS: readonly ActivationStep[] = [
  'controller-option-tables',
  'keylocker-option-tables',
  'keylocker-poc-pic',
  'device-configuration',
];

/** The steps of an activation of `type` for a device with `facts`, in catalogue order. */
export function activationSteps(
  type: ActivationType,
  facts: ActivationFacts,
  options: { advanced?: boolean } = {},
): ActivationStep[] {
  const advanced = options.advanced ?? true;
  return STEPS_OF_TYPE[type].filter((step) => {
    const condition = needs[step];
    if (condition && !holds(condition, facts)) return false;
    return advanced || !ADVANCED_ACTIVATION_STEPS.includes(step);
  });
}

/**
 * The step a flow starts at and is reset to (spec 02 §2: power-on-device; a replacement starts with the
 * swap, a plan purchase with the plan).
 */
export const firstActivationStep = (steps: readonly ActivationStep[]): ActivationStep => steps[0]!;

/** purchase-plan may be skipped when the device already has a plan (issue 29). */
export const planStepSkippable = (facts: Pick<ActivationFacts, 'plan'>) => facts.plan !== null;

/** One line per type saying when to choose it (the type selection screen). */
export const ACTIVATION_TYPE_TEXTS: Record<ActivationType, { title: string; when: string }> = {
  'new-device': { title: 'New device', when: 'A unit that has never been activated, installed in a car now.' },
  'replace-device': {
    title: 'Replace device',
    when: 'A unit replacing a faulty one: it takes over the old unit’s settings and plan.',
  },
  'service-device': {
    title: 'Service device',
    when: 'An installed unit back in the bay: check firmware, change settings and test it again.',
  },
  'verizon-sim': { title: 'Verizon SIM', when: 'A unit whose cellular SIM needs activating on the Verizon network.' },
  'purchase-subscription': {
    title: 'Purchase subscription',
    when: 'A unit already in service that needs a new or longer plan.',
  },
};

/** Step titles as the stepper shows them. */
export const ACTIVATION_STEP_TITLES: Record<ActivationStep, string> = {
  'replace-device': 'Replace device',
  'power-on-device': 'Power on the device',
  'set-vehicle-details': 'Vehicle details',
  'verify-connection': 'Verify connection',
  'check-firmware': 'Firmware',
  'reset-keylocker-pairing': 'Reset KeyLocker pairing',
  'controller-option-tables': 'Controller option tables',
  'keylocker-mode': 'KeyLocker mode',
  'keylocker-option-tables': 'KeyLocker option tables',
  'keylocker-poc-pic': 'KeyLocker POC and PIC',
  'keylocker-pin-codes': 'KeyLocker PIN codes',
  'system-settings': 'System settings',
  'device-configuration': 'Device configuration',
  'hardwire-x1max': 'Hardwire (X1MAX)',
  'device-testing': 'Device testing',
  'purchase-plan': 'Plan',
  'device-rewards': 'Rewards',
  'send-welcome': 'Welcome message',
  'complete-activation': 'Complete activation',
};

export { ACTIVATION_TYPES };

/** What the activation record's refusals say (the web branches on their REFUSAL_CODES, never on these words). */
export const ACTIVATION_TEXTS = {
  notFound: 'Activation not found.',
  typeNotAllowed: (type: ActivationType, allowed: readonly ActivationType[]) =>
    `This device can not be activated as “${ACTIVATION_TYPE_TEXTS[type].title}” now. ` +
    (allowed.length === 0
      ? 'It allows no activation type.'
      : `It allows: ${allowed.map((t) => ACTIVATION_TYPE_TEXTS[t].title).join(', ')}.`),
  versionConflict:
    'This activation was changed on another device or tab since you loaded it. Reload it to continue from where it stands now.',
  completed: 'This activation is complete and can no longer be changed.',
  abandoned: 'This activation was abandoned and can no longer be changed. Start a new one.',
  stepNotInFlow: (step: ActivationStep) => `The step “${ACTIVATION_STEP_TITLES[step]}” is not part of this activation.`,
  abandonedDone: 'Activation abandoned.',
  completeByCall:
    'An activation is completed with “Complete activation”, which activates and installs the unit; it can not be marked done on its own.',
};

// ---- The activation record (issue 29 §3): the installer's place, kept on the server beside local storage ----

export const ACTIVATION_STEP_STATUSES = ['pending', 'in_progress', 'done', 'skipped', 'failed'] as const;
export type ActivationStepStatus = (typeof ACTIVATION_STEP_STATUSES)[number];
export const ACTIVATION_STATUSES = ['in_progress', 'completed', 'abandoned'] as const;
/** A guest's activation is theirs by this header (the token the start answered once). */
export const ACTIVATION_TOKEN_HEADER = 'x-activation-token';
/**
 * The step on screen names the device calls it makes (issue 29 §5: each command under the step that sent
 * it in the device's history): `{activation id}:{step}` on every call the step makes.
 */
export const ACTIVATION_STEP_HEADER = 'x-activation-step';
export interface ActivationStepLink {
  activation_id: string;
  step: ActivationStep;
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const activationStepHeaderOf = (link: ActivationStepLink) => `${link.activation_id}:${link.step}`;
/** The header's link, or null when it is absent or not an activation id and a step of the catalogue. */
export function activationStepLinkOf(header: string | string[] | undefined): ActivationStepLink | null {
  if (typeof header !== 'string') return null;
  const [id, step, ...rest] = header.trim().split(':');
  if (rest.length > 0 || !id || !UUID.test(id) || !(ACTIVATION_STEPS as readonly string[]).includes(step ?? ''))
    return null;
  return { activation_id: id.toLowerCase(), step: step as ActivationStep };
}

/** What one step did: its status, a line for the summary and the device's history, and its own saved data. */
export const activationStepStateSchema = z.object({
  status: z.enum(ACTIVATION_STEP_STATUSES),
  /** Readable words for the completion summary and the device's history ('Firmware updated to 2.4.1'). */
  summary: z.string().trim().max(500).nullable().default(null),
  /** The step's choices and job ids, so a reload or another phone resumes it where it was. */
  data: z.record(z.string(), z.unknown()).default({}),
});
export type ActivationStepState = z.infer<typeof activationStepStateSchema>;

const personSchema = z.object({ id: z.string(), name: z.string() });

export const activationSchema = z.object({
  id: z.string(),
  device_key: z.string(),
  activation_type: z.enum(ACTIVATION_TYPES),
  /** The steps that apply (activationSteps at the start or the last restart), catalogue order. */
  steps: z.array(z.enum(ACTIVATION_STEPS)),
  current_step: z.enum(ACTIVATION_STEPS),
  /** By step name; a step not listed is pending. */
  step_states: z.record(z.string(), activationStepStateSchema.extend({ updated_at: z.string() })),
  advanced: z.boolean(),
  status: z.enum(ACTIVATION_STATUSES),
  /** Optimistic concurrency: a write naming an older version is refused (two phones, one activation). */
  version: z.number().int(),
  /** Who started it (null for a guest) and the business it was for (the acting business, if any). */
  user: personSchema.nullable(),
  business: z.object({ id: z.string(), companyName: z.string() }).nullable(),
  started_at: z.string(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
});
export type Activation = z.infer<typeof activationSchema>;

/** POST /api/activations: start (or, for the same person and device, resume the open one). */
export const startActivationSchema = z.object({
  device_key: deviceKeyField,
  activation_type: z.enum(ACTIVATION_TYPES),
  iccid_last_digits: iccidLastDigitsField,
  advanced: z.boolean().optional(),
});
/** A guest gets the token of their activation once, here; signed-in callers get null. */
export const startActivationResponseSchema = z.object({
  activation: activationSchema,
  guest_token: z.string().nullable(),
});

export const activationIdParamsSchema = z.object({ id: z.string().trim().min(1).max(64) });
/** GET /api/activations: the caller's own (a guest: the one their token names), newest first. */
export const activationListQuerySchema = z.object({
  device_key: deviceKeyField.optional(),
  status: z.enum(ACTIVATION_STATUSES).optional(),
});
export const activationListResponseSchema = z.object({ results: z.array(activationSchema) });

/** PATCH /api/activations/{id}: move to a step and/or record one step's state. */
export const updateActivationSchema = z
  .object({
    version: z.number().int().min(0),
    current_step: z.enum(ACTIVATION_STEPS).optional(),
    step: z.enum(ACTIVATION_STEPS).optional(),
    step_state: activationStepStateSchema.optional(),
  })
  .refine((body) => (body.step === undefined) === (body.step_state === undefined), {
    path: ['step_state'],
    message: 'Send the step and its state together.',
  });
/** POST /api/activations/{id}/restart: back to the first step, steps worked out again from the device. */
export const restartActivationSchema = z.object({
  version: z.number().int().min(0),
  iccid_last_digits: iccidLastDigitsField,
  advanced: z.boolean().optional(),
});

/** POST /api/activations/{id}/complete: the unit activated (when its type calls for it) and installed, then completed. */
export const completeActivationSchema = z.object({
  /** The version the phone saw; a stale one is refused (409) as by PATCH. Optional: a retry after a lost answer. */
  version: z.number().int().min(0).optional(),
  exit_service_mode: z.boolean(),
  involved_installers: installSchema.shape.involved_installers,
  iccid_last_digits: iccidLastDigitsField,
});

// ---- Completion (spec 02 §4 "activated after activation and installed after install") ----

/**
 * The types whose completion activates the unit in the device cloud when it is not activated yet: a new unit,
 * a replacement (normally activated by its replace-device step already) and a unit whose SIM was activated
 * (a new unit may come with a new SIM). A service visit is for a unit already activated, and a plan purchase
 * activates nothing: neither touches the activation, so a unit's state (an expired plan, say) stays as it is.
 */
export const ACTIVATING_TYPES: readonly ActivationType[] = ['new-device', 'replace-device', 'verizon-sim'];
export const activatesAtCompletion = (type: ActivationType) => ACTIVATING_TYPES.includes(type);

/** What the completion did and how the unit stands after it: the complete-activation step's data. */
export const completionOutcomeSchema = z.object({
  /** This completion activated the unit (it was not activated before). */
  activated_now: z.boolean(),
  /** The device cloud's word after it. */
  activated: z.boolean(),
  installed: z.boolean(),
  device_state: z.string(),
  service_mode: z.boolean(),
  /** The business it is installed for (a guest's install is for nobody). */
  installed_for: z.string().nullable(),
  /** The car, in words ('2019 Toyota Camry'), when the vehicle step named one. */
  vehicle: z.string().nullable(),
});
export type CompletionOutcome = z.infer<typeof completionOutcomeSchema>;

/** The completion in one line: what was done to the unit, for the summary and the device's history. */
export function completionSummary(o: CompletionOutcome): string {
  const parts = [
    o.activated_now
      ? `Activated: the unit is ${o.device_state} in the device cloud`
      : o.activated
        ? 'Already activated'
        : 'Not activated',
    `${o.installed ? 'Installed' : 'Not installed'}${o.vehicle ? ` in the ${o.vehicle}` : ''}${
      o.installed_for ? ` for ${o.installed_for}` : ''
    }`,
    o.service_mode ? 'still in Service Mode' : 'out of Service Mode',
  ];
  return parts.join('; ');
}

/** The completion screen's title, from what the device cloud says now. */
export function completionHeadline(deviceKey: string, o: Pick<CompletionOutcome, 'activated' | 'installed'>): string {
  if (o.activated && o.installed) return `${deviceKey} is activated and installed.`;
  if (o.installed) return `${deviceKey} is installed, but not activated.`;
  if (o.activated) return `${deviceKey} is activated, but not installed.`;
  return `${deviceKey}: the activation is complete, but the unit is neither activated nor installed.`;
}

/** The car the set-vehicle-details step saved, as device/install takes it (fields it lacks are left out). */
export function vehicleOfStepData(data: Record<string, unknown> | undefined) {
  const vehicle = data?.vehicle as { vin?: unknown; year?: unknown; make?: unknown; model?: unknown } | undefined;
  if (!vehicle || typeof vehicle !== 'object') return undefined;
  const year = typeof vehicle.year === 'number' ? vehicle.year : Number(vehicle.year);
  const vin = typeof vehicle.vin === 'string' ? vehicle.vin.trim().toUpperCase() : '';
  const picked = {
    ...(isWellFormedVin(vin) && { vin }),
    ...(Number.isInteger(year) && year >= 1980 && year <= 2100 && { year }),
    ...(typeof vehicle.make === 'string' && vehicle.make.trim() && { make: vehicle.make.trim().slice(0, 60) }),
    ...(typeof vehicle.model === 'string' && vehicle.model.trim() && { model: vehicle.model.trim().slice(0, 60) }),
  };
  return Object.keys(picked).length > 0 ? picked : undefined;
}

/** '2019 Toyota Camry', else the VIN; null without a car. */
export function vehicleWords(vehicle: ReturnType<typeof vehicleOfStepData>): string | null {
  if (!vehicle) return null;
  return [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ') || vehicle.vin || null;
}
