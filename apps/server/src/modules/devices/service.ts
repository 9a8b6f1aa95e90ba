import type { z } from 'zod';
import {
  OPTION_TABLE_CONTROLLERS,
  DASHCAM_QUERY_COUNT,
  DEVICE_TEXTS,
  OPTION_TABLE_REQUERY_LIMIT,
  REFUSAL_CODES,
  isX1Class,
  requestsExitServiceMode,
  type ActivationType,
  type Device,
  type DeviceHistoryEntry,
  type OptionTables,
  type SendCommandResponse,
  type TakenOver,
  type activateSchema,
  type clearPinQuerySchema,
  type deviceCheckSchema,
  type deviceLogsQuerySchema,
  type featuresUpdateSchema,
  type firmwareCheckSchema,
  type firmwareUpdateSchema,
  type hardwiredModeSchema,
  type installSchema,
  type keylockerModeSchema,
  type optionTablesQuerySchema,
  type optionTablesUpdateSchema,
  type sendCommandSchema,
  type setPinSchema,
  type specialOptionTablesQuerySchema,
  type specialOptionTablesUpdateSchema,
  type swapSchema,
  type welcomeSchema,
} from '@portal/contracts';
import type { ActivationStepLink } from '@portal/contracts/activation';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { Limit } from '../../plugins/rate-limit.ts';
import { Refusal } from '../../refusal.ts';
import {
  DeviceCloudError,
  TERMINAL_JOB_STATUSES,
  type DeviceCommand,
  type Job,
  type OptionTablesQuery,
  type OptionTablesView,
  type Shadow,
} from '../../adapters/devices/index.ts';
import { staffOfBusiness } from '../dealers/index.ts';
import { createDeviceAccess, fromCloud, refusalOfCloudError, type DeviceAccess } from './access.ts';
import { settleDeviceCommand } from './events.ts';
import * as repo from './repo.ts';
import { setInstallationVehicle } from './repo/listing.ts';
import { createDeviceListing } from './listing.ts';

/**
 * Where a call comes from: the address the proof-of-possession limits count by, and the activation step
 * that makes it (the X-Activation-Step header), recorded on the call for the device's history.
 */
export interface CallOrigin {
  ip: string;
  activationStep?: ActivationStepLink | null;
}

type Input<S extends z.ZodType> = z.output<S>;
/** What a recorded call is recorded for: the business, and the activation step that made it, if any. */
type Recorded = { link: ActivationStepLink | null };
type RecordedFor = Pick<DeviceAccess, 'installedFor'> & Partial<Recorded>;

/** How long send-command waits for the device's answer by default (ms of the cloud's clock). */
const DEFAULT_WAIT_MS = 15_000;
/**
 * How long the settings calls (PIN, mode, hardwire) wait for the device (ms of the cloud's clock): past a
 * command's time-out, so they answer how it ended (spec 02 §4: a PIN that failed flips its toggle back).
 */
const SETTING_WAIT_MS = 45_000;
/**
 * How long the calls that answer the device's data (option tables, features, a replacement's verification)
 * let the cloud wait for the device (ms of its clock): past a command's time-out, with room for a store that
 * is slow next to a fast clock (tests).
 */
const DATA_WAIT_MS = 120_000;
/** Past the cloud's own wait, how long (real ms) a settings call still looks for the job's end. */
const SETTLE_POLL_MS = 2_000;

const isTerminal = (job: Pick<Job, 'status'>) => TERMINAL_JOB_STATUSES.includes(job.status);
const withoutProof = (input: object): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(input).filter(([key, value]) => !key.endsWith('iccid_last_digits') && value !== undefined),
  );

/**
 * spec 02 §4: which activation types a device allows now. Paused and in service mode: replace-device only.
 * A device not in service mode is only for a plan purchase (device-check refuses it); a replaced or
 * retired unit for nothing.
 */
export function allowedActivationTypesOf(reported: Shadow['reported']): ActivationType[] {
  const state = reported.device_state;
  if (state === 'replaced' || state === 'retired') return [];
  const hasPlanLife = state === 'active' || state === 'paused';
  if (state === 'paused' && reported.service_mode) return ['replace-device'];
  if (!reported.service_mode) return hasPlanLife ? ['purchase-subscription'] : [];
  const types: ActivationType[] = reported.activated
    ? ['service-device', 'replace-device', 'verizon-sim']
    : ['new-device', 'replace-device', 'verizon-sim'];
  return hasPlanLife ? [...types, 'purchase-subscription'] : types;
}

/** spec 02 §3 Device from the cloud's shadow and the portal's own records of it. */
export function deviceOf(
  shadow: Shadow,
  facts: { commandsSent: number; firmwareChecked: boolean; installed: boolean },
  isCanadianUser = false,
): Device {
  const r = shadow.reported;
  return {
    device_key: shadow.device_key,
    product: r.product,
    plan: r.plan,
    device_state: r.device_state,
    service_mode: r.service_mode,
    initialDeviceState: r.device_state,
    initialServiceMode: r.service_mode,
    controller_model: r.controller_model,
    controller_version: r.controller_version,
    controller: OPTION_TABLE_CONTROLLERS.includes(r.controller_model) ? r.controller_model : null,
    is_keylocker_present: r.keylocker !== null,
    keylocker: r.keylocker ? { mode: r.keylocker.mode } : null,
    firmware_version: r.firmware.controller?.current_version ?? '',
    ble_firmware_version: r.ble_firmware_version,
    firmwareChecked: facts.firmwareChecked,
    firmwareUpdated: r.firmware.controller?.result === 'success',
    numberOfCommandsSent: facts.commandsSent,
    deviceReplaced: r.replacement.replaces !== null || r.replacement.replaced_by !== null,
    replacedDeviceVerified: r.replacement.verified,
    replaces: r.replacement.replaces,
    replaced_by: r.replacement.replaced_by,
    activated: r.activated,
    installed: facts.installed,
    online: r.online,
    isCanadianUser,
    requestsExitServiceMode: requestsExitServiceMode(r.product),
    replaceDeviceOnly: r.device_state === 'paused' && r.service_mode,
    allowedActivationTypes: allowedActivationTypesOf(r),
    hasHardwire: r.hardwire !== null,
    canEraseDevice: isX1Class(r.product),
  };
}

/** A date (YYYY-MM-DD, its whole UTC day: spec 02 §9) or a time, as the cloud's ISO bound. */
function boundOf(value: string | undefined, end: boolean): string | undefined {
  if (!value) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`;
  const time = new Date(/(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
}

const fieldError = (field: string, message: string, code = REFUSAL_CODES.DEVICE_INVALID) =>
  new Refusal('invalid', message, { code, validation: [{ field, messages: [message] }] });

/** spec 02 §9 requery limit: a skip_query the device refuses is asked again with the query forced, twice at most. */
export async function withRequery(
  query: OptionTablesQuery,
  call: (query: OptionTablesQuery) => Promise<OptionTablesView>,
): Promise<OptionTables> {
  let asked = query;
  for (let requeries = 0; ; requeries++) {
    try {
      return { ...(await call(asked)), requeries };
    } catch (error) {
      if (
        !(error instanceof DeviceCloudError && error.code === 'QUERY_REQUIRED') ||
        requeries >= OPTION_TABLE_REQUERY_LIMIT
      )
        throw error;
      asked = { ...asked, skip_query: false };
    }
  }
}

/**
 * The device calls of spec 02 §7 (issue 28 §3). Every call asks who may drive the device first (access.ts);
 * every call that acts on it is recorded in device_commands (who, acting for whom, what, the answer), with
 * the portal's own writes of the call in the same transaction. The cloud is reached through the adapter
 * only, and outside the portal's transactions (it keeps its own state, as a real cloud would).
 */
export function createDeviceService(ctx: AppContext, limit: Limit) {
  const cloud = ctx.devices;
  const accessFor = createDeviceAccess({ db: ctx.db, devices: cloud });
  const listing = createDeviceListing(ctx);

  /** Who may drive the device; what is granted carries the activation step the call is recorded under. */
  const access = async (
    actor: Actor | null,
    deviceKey: string,
    digits: string | undefined,
    origin: CallOrigin,
  ): Promise<DeviceAccess & Recorded> => ({
    ...(await accessFor(actor, deviceKey, { iccidLastDigits: digits, ip: origin.ip })),
    link: origin.activationStep ?? null,
  });

  /** issue 28 §5: commands a device takes per minute, from everyone together. */
  async function limitCommands(deviceKey: string) {
    try {
      await limit(
        `device-commands:${deviceKey}`,
        { limit: ctx.config.DEVICE_COMMANDS_PER_MINUTE, windowMs: 60_000 },
        DEVICE_TEXTS.commandsLimited,
      );
    } catch (error) {
      if (error instanceof Refusal && error.kind === 'limited')
        throw new Refusal('limited', error.detail, {
          code: REFUSAL_CODES.DEVICE_COMMANDS_LIMITED,
          retryAfterMs: error.retryAfterMs,
        });
      throw error;
    }
  }

  interface Outcome {
    job?: Job;
    status?: string;
    answer?: Record<string, unknown> | null;
  }

  /** One recorded call (issue 28 §5); a job's row is finished when the job has ended. */
  async function record(
    actor: Actor | null,
    granted: RecordedFor,
    deviceKey: string,
    action: string,
    request: object,
    outcome: Outcome,
    tx: Tx | typeof ctx.db = ctx.db,
  ) {
    const job = outcome.job;
    await repo.recordCommand(tx, {
      deviceKey,
      userId: actor?.user.id ?? null,
      actingUserId: actor?.impersonating ? actor.actingUser.id : null,
      businessPartnerId: granted.installedFor ?? actor?.business?.id ?? null,
      action,
      request: withoutProof(request),
      jobId: job?.job_id ?? null,
      status: job?.status ?? outcome.status ?? 'ok',
      answer: job ? { reason: job.reason, result: job.result } : (outcome.answer ?? null),
      finishedAt: job ? (isTerminal(job) ? new Date(job.finished_at ?? Date.now()) : null) : new Date(),
      activationId: granted.link?.activation_id ?? null,
      activationStep: granted.link?.step ?? null,
    });
    // A job still running when recorded: its end may already have been relayed (events.ts). Outside the
    // caller's transaction only (settle reads the events table through the pool).
    if (job && !isTerminal(job) && tx === ctx.db) await settle([job]);
  }

  /** A settings job to its end: the cloud's wait, then a look now and then for the time a slow store takes. */
  async function toEnd(job: Job): Promise<Job> {
    const deadline = Date.now() + SETTLE_POLL_MS;
    let current = job;
    while (!isTerminal(current) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      current = (await fromCloud(() => cloud.job(job.job_id))) ?? current;
    }
    return current;
  }

  async function settle(jobs: Job[]) {
    for (const job of jobs) if (!isTerminal(job)) await settleDeviceCommand(ctx.db, job.device_key, job.job_id);
  }

  /** A call that failed at the cloud is recorded too (its refusal's code), then refused. */
  async function recordingRefusals<T>(
    actor: Actor | null,
    granted: RecordedFor,
    deviceKey: string,
    action: string,
    request: object,
    call: () => Promise<T>,
    field?: string,
  ): Promise<T> {
    try {
      return await call();
    } catch (error) {
      const refusal = refusalOfCloudError(error, field);
      if (refusal instanceof Refusal)
        await record(actor, granted, deviceKey, action, request, {
          status: refusal.code ?? refusal.kind,
          answer: { detail: refusal.detail },
        });
      throw refusal;
    }
  }
  /**
   * A call that queues a job on a device: counted against the device's command limit, asked of the cloud,
   * and recorded with its job (or its refusal). `request` is what the record keeps (never a PIN).
   */
  async function jobCall(
    actor: Actor | null,
    granted: RecordedFor,
    deviceKey: string,
    action: string,
    request: object,
    call: () => Promise<Job>,
    field?: string,
  ): Promise<Job> {
    await limitCommands(deviceKey);
    const job = await recordingRefusals(actor, granted, deviceKey, action, request, call, field);
    await record(actor, granted, deviceKey, action, request, { job });
    return job;
  }

  async function factsOf(deviceKey: string, installedFor: string | null) {
    return { ...(await repo.commandFactsOf(ctx.db, deviceKey)), installed: installedFor !== null };
  }

  /** The cloud's activation; a replacement not verified yet is verified first (it answers and takes over). */
  async function activateInCloud(deviceKey: string, reported: Shadow['reported']): Promise<Shadow> {
    if (reported.replacement.replaces && !reported.replacement.verified)
      await cloud.verifyReplacement(deviceKey, { waitMs: DATA_WAIT_MS });
    return cloud.activate(deviceKey);
  }

  /**
   * What a verified replacement holds of the unit it replaced, compared as the cloud has both now: the option
   * tables with the old unit's values, the feature settings, the KeyLocker's PINs and mode, and its plan.
   */
  async function takenOverOf(shadow: Shadow): Promise<TakenOver | null> {
    const { replaces, verified } = shadow.reported.replacement;
    if (!replaces || !verified) return null;
    const old = await fromCloud(() => cloud.shadow(replaces));
    if (!old) return null;
    const [now, was] = [shadow.reported, old.reported];
    const same = (a: object, b: object) =>
      JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
    const pins = now.keylocker?.pins;
    return {
      replaces,
      option_tables: Object.keys(was.option_tables)
        .filter((schema) => {
          const table = now.option_tables[schema];
          return table !== undefined && same(table.values, was.option_tables[schema]!.values);
        })
        .sort(),
      feature_settings: same(now.features, was.features),
      keylocker:
        pins && was.keylocker && now.keylocker!.mode === was.keylocker.mode && same(pins, was.keylocker.pins)
          ? { mode: now.keylocker!.mode, pins_enabled: Object.values(pins).filter((pin) => pin.enabled).length }
          : null,
      plan: now.plan,
    };
  }

  async function installing(
    actor: Actor | null,
    input: Input<typeof installSchema>,
    origin: CallOrigin,
    options: { activate: boolean },
  ): Promise<{ device: Device; activatedNow: boolean; reported: Shadow['reported'] }> {
    const granted = await access(actor, input.device_key, input.iccid_last_digits, origin);
    const reported = granted.shadow.reported;
    if (input.exit_service_mode && !requestsExitServiceMode(reported.product))
      throw new Refusal('unprocessable', DEVICE_TEXTS.exitServiceModeXOnly, {
        code: REFUSAL_CODES.DEVICE_NOT_SUPPORTED,
      });
    const involved = [...new Set(input.involved_installers ?? [])];
    const business = granted.installedFor ?? actor?.business?.id ?? null;
    if (involved.length > 0) {
      const staff = business ? new Set((await staffOfBusiness(ctx.db, business)).map((s) => s.id)) : new Set();
      if (involved.some((id) => !staff.has(id))) throw fieldError('involved_installers', DEVICE_TEXTS.notStaff);
    }
    await limitCommands(input.device_key);
    const activating =
      options.activate &&
      (!reported.activated || (reported.replacement.replaces !== null && !reported.replacement.verified));
    if (activating) {
      // Recorded on its own as soon as the cloud has done it: an install that fails next leaves the unit
      // activated, and the history says so (a retry then only installs).
      const request = { device_key: input.device_key, iccid_last_digits: input.iccid_last_digits };
      const activated = await recordingRefusals(actor, granted, input.device_key, 'activate', request, () =>
        activateInCloud(input.device_key, reported),
      );
      await record(actor, granted, input.device_key, 'activate', request, {
        answer: { device_state: activated.reported.device_state, verified: activated.reported.replacement.verified },
      });
    }
    const shadow = await recordingRefusals(actor, granted, input.device_key, 'install', input, () =>
      cloud.install(input.device_key, input.exit_service_mode),
    );
    await ctx.db.transaction(async (tx) => {
      if (business && !granted.installedFor)
        await repo.insertInstallation(tx, {
          deviceKey: input.device_key,
          businessPartnerId: business,
          installedByUserId: actor?.user.id ?? null,
          involvedInstallers: involved,
        });
      else if (business && involved.length > 0) {
        const current = await repo.installationOf(tx, input.device_key);
        await repo.setInvolvedInstallers(tx, input.device_key, [
          ...new Set([...(current?.involvedInstallers ?? []), ...involved]),
        ]);
      }
      // The car it went into (issue 29 §5): the device's history and a search by VIN.
      if (business && input.vehicle) await setInstallationVehicle(tx, input.device_key, input.vehicle);
      await record(
        actor,
        { installedFor: business, link: granted.link },
        input.device_key,
        'install',
        input,
        {
          answer: { installed: shadow.reported.installed, service_mode: shadow.reported.service_mode },
        },
        tx,
      );
    });
    return {
      device: deviceOf(shadow, await factsOf(input.device_key, business)),
      activatedNow: activating && !reported.activated,
      reported: shadow.reported,
    };
  }

  async function deviceNow(deviceKey: string, installedFor: string | null, isCanadianUser = false) {
    const shadow = await fromCloud(() => cloud.shadow(deviceKey));
    if (!shadow) throw new Refusal('not_found', DEVICE_TEXTS.deviceNotFound, { code: REFUSAL_CODES.DEVICE_NOT_FOUND });
    return deviceOf(shadow, await factsOf(deviceKey, installedFor), isCanadianUser);
  }

  return {
    /** POST /api/iot/device-check: spec 02 §4 "a service-mode check comes first". */
    async deviceCheck(actor: Actor | null, input: Input<typeof deviceCheckSchema>, origin: CallOrigin) {
      const granted = await access(actor, input.device_key, input.iccid_last_digits, origin);
      if (!granted.shadow.reported.service_mode)
        throw new Refusal('conflict', DEVICE_TEXTS.notInServiceMode, { code: REFUSAL_CODES.NOT_IN_SERVICE_MODE });
      const facts = await factsOf(input.device_key, granted.installedFor);
      return { results: [deviceOf(granted.shadow, facts, input.isCanadianUser ?? false)] };
    },

    /** POST /api/iot/device-purchasing-check: a plan purchase and a replacement's old unit need no service mode. */
    async devicePurchasingCheck(actor: Actor | null, input: Input<typeof deviceCheckSchema>, origin: CallOrigin) {
      const granted = await access(actor, input.device_key, input.iccid_last_digits, origin);
      const facts = await factsOf(input.device_key, granted.installedFor);
      return { results: [deviceOf(granted.shadow, facts, input.isCanadianUser ?? false)] };
    },

    /**
     * POST /api/iot/send-command: a job, answered as it stands after `wait_ms` of the device's time. The dash
     * camera query sends five queries (spec 02 §4); Reset Device Settings is for X1-class devices only.
     */
    async sendCommand(
      actor: Actor | null,
      input: Input<typeof sendCommandSchema>,
      origin: CallOrigin,
    ): Promise<SendCommandResponse> {
      const granted = await access(actor, input.device_key, input.iccid_last_digits, origin);
      const command = input.command as DeviceCommand;
      if (command === 'erase_device' && !isX1Class(granted.shadow.reported.product))
        throw new Refusal('unprocessable', DEVICE_TEXTS.eraseX1Only, { code: REFUSAL_CODES.DEVICE_NOT_SUPPORTED });
      await limitCommands(input.device_key);
      const action = `send-command:${command}`;
      const options = {
        waitMs: input.wait_ms ?? DEFAULT_WAIT_MS,
        ...(input.bit !== undefined && { bit: input.bit }),
        ...(input.value !== undefined && { value: input.value }),
      };
      const times = command === 'dashcam_query' ? DASHCAM_QUERY_COUNT : 1;
      const jobs = await recordingRefusals(actor, granted, input.device_key, action, input, () =>
        Promise.all(Array.from({ length: times }, () => cloud.sendCommand(input.device_key, command, options))),
      );
      // One job is one row (a statement of its own, settled by record); the dash camera's five go in together.
      if (jobs.length === 1) await record(actor, granted, input.device_key, action, input, { job: jobs[0]! });
      else {
        await ctx.db.transaction(async (tx) => {
          for (const job of jobs) await record(actor, granted, input.device_key, action, input, { job }, tx);
        });
        await settle(jobs);
      }
      return { ...jobs[jobs.length - 1]!, jobs };
    },

    /** GET /api/iot/jobs/{id}: the job as it stands; its end is written on the command that started it. */
    async job(actor: Actor | null, jobId: string, digits: string | undefined, origin: CallOrigin) {
      const job = await fromCloud(() => cloud.job(jobId));
      if (!job) throw new Refusal('not_found', DEVICE_TEXTS.jobNotFound, { code: REFUSAL_CODES.DEVICE_NOT_FOUND });
      // Someone who may not drive the device does not learn its jobs exist either.
      await access(actor, job.device_key, digits, origin).catch((error: unknown) => {
        if (error instanceof Refusal && error.kind === 'not_found')
          throw new Refusal('not_found', DEVICE_TEXTS.jobNotFound, { code: REFUSAL_CODES.DEVICE_NOT_FOUND });
        throw error;
      });
      if (isTerminal(job))
        await repo.finishCommandOfJob(
          ctx.db,
          job.job_id,
          job.status,
          { reason: job.reason, result: job.result },
          new Date(job.finished_at ?? Date.now()),
        );
      return job;
    },

    /** GET /api/iot/logs. */
    async logs(actor: Actor | null, input: Input<typeof deviceLogsQuerySchema>, origin: CallOrigin) {
      await access(actor, input.device_key, input.iccid_last_digits, origin);
      const results = await fromCloud(() =>
        cloud.logs(input.device_key, {
          from: boundOf(input.from, false),
          to: boundOf(input.to, true),
          type: input.type,
          limit: input.limit,
        }),
      );
      return { results };
    },

    /**
     * PATCH /api/device/swap (spec 02 §4): the old unit is marked replaced, the new one must then be verified;
     * the new unit takes the old one's installation (same business, same installers).
     */
    async swap(actor: Actor | null, input: Input<typeof swapSchema>, origin: CallOrigin) {
      const old = await access(actor, input.old_device_key, input.old_iccid_last_digits, origin);
      const replacement = await access(actor, input.new_device_key, input.new_iccid_last_digits, origin);
      // After who may see both (another's device is 404 whatever else is wrong with the request).
      if (input.old_device_key === input.new_device_key)
        throw new Refusal('invalid', DEVICE_TEXTS.sameDevice, { code: REFUSAL_CODES.DEVICE_INVALID });
      const swapped = await recordingRefusals(actor, replacement, input.new_device_key, 'swap', input, () =>
        cloud.swap(input.old_device_key, input.new_device_key),
      );
      const answer = { old_device_key: input.old_device_key, new_device_key: input.new_device_key };
      await ctx.db.transaction(async (tx) => {
        await repo.moveInstallation(tx, input.old_device_key, input.new_device_key);
        await record(actor, old, input.old_device_key, 'swap', input, { answer }, tx);
        await record(actor, old.installedFor ? old : replacement, input.new_device_key, 'swap', input, { answer }, tx);
      });
      const [oldFacts, newFacts] = await Promise.all([
        factsOf(input.old_device_key, old.installedFor),
        factsOf(input.new_device_key, old.installedFor ?? replacement.installedFor),
      ]);
      return { old: deviceOf(swapped.old, oldFacts), new: deviceOf(swapped.new, newFacts) };
    },

    /** PATCH /api/device/activate: a replacement is verified first (its new unit answers and takes over). */
    async activate(actor: Actor | null, input: Input<typeof activateSchema>, origin: CallOrigin) {
      const granted = await access(actor, input.device_key, input.iccid_last_digits, origin);
      await limitCommands(input.device_key);
      const shadow = await recordingRefusals(actor, granted, input.device_key, 'activate', input, () =>
        activateInCloud(input.device_key, granted.shadow.reported),
      );
      await record(actor, granted, input.device_key, 'activate', input, {
        answer: { device_state: shadow.reported.device_state, verified: shadow.reported.replacement.verified },
      });
      return {
        ...deviceOf(shadow, await factsOf(input.device_key, granted.installedFor)),
        taken_over: await takenOverOf(shadow),
      };
    },

    /**
     * PATCH /api/device/install: installed for the caller's business (the portal's device_installations, with
     * the installers involved); a guest's installation stays the business of nobody. Exit service mode is for
     * products whose name contains X (spec 02 §4).
     */
    async install(actor: Actor | null, input: Input<typeof installSchema>, origin: CallOrigin) {
      return (await installing(actor, input, origin, { activate: false })).device;
    },

    /**
     * An activation's completion (the activations module's complete, issue 29): spec 02 §4 "activated after
     * activation and installed after install" in one call. The unit is activated first when asked and it is
     * not yet (a replacement not verified yet is verified, as device/activate does), and that is recorded as
     * it happens; then it is installed as by device/install. A unit already activated is not activated
     * again, so calling this twice (a retry after a lost answer, a crash between the two) activates once.
     */
    async installAtCompletion(
      actor: Actor | null,
      input: Input<typeof installSchema>,
      origin: CallOrigin,
      options: { activate: boolean },
    ) {
      return installing(actor, input, origin, options);
    },
    /** POST /api/device/welcome (no sign-in needed): the welcome message, through the outbox, recorded with it. */
    async welcome(actor: Actor | null, input: Input<typeof welcomeSchema>, origin: CallOrigin) {
      const granted = await access(actor, input.device_key, input.iccid_last_digits, origin);
      const product = granted.shadow.reported.product;
      await ctx.db.transaction(async (tx) => {
        await ctx.mailer.send(
          {
            to: input.email,
            subject: `Welcome to your ${product} remote start`,
            text: [
              `Hello ${input.name},`,
              '',
              `Your ${product} (serial ${input.device_key}) has been installed and activated.`,
              'Download the mobile app and sign in with this e-mail address to start, lock and find your vehicle.',
              '',
              'If you did not have a remote start installed, you can ignore this message.',
            ].join('\n'),
          },
          tx,
        );
        await record(
          actor,
          granted,
          input.device_key,
          'welcome',
          { email: input.email, name: input.name },
          {
            answer: { email: input.email },
          },
          tx,
        );
      });
      return { device_key: input.device_key, email: input.email, detail: DEVICE_TEXTS.welcomeSent };
    },

    /** PATCH /api/device/hardwired-mode: the hardwire step applies to X1MAX-class devices only. */
    async hardwiredMode(actor: Actor | null, input: Input<typeof hardwiredModeSchema>, origin: CallOrigin) {
      const granted = await access(actor, input.device_key, input.iccid_last_digits, origin);
      if (granted.shadow.reported.hardwire === null)
        throw new Refusal('unprocessable', DEVICE_TEXTS.hardwireMaxOnly, {
          code: REFUSAL_CODES.DEVICE_NOT_SUPPORTED,
        });
      return jobCall(actor, granted, input.device_key, 'hardwired-mode', input, () =>
        cloud
          .setHardwire(input.device_key, input.hardwired_input, input.hardwired_output, { waitMs: SETTING_WAIT_MS })
          .then(toEnd),
      );
    },

    /** GET /api/device/{key}/check-firmware-update (recorded: the device check's firmwareChecked). */
    async checkFirmwareUpdate(
      actor: Actor | null,
      deviceKey: string,
      digits: string | undefined,
      origin: CallOrigin,
    ): Promise<z.output<typeof firmwareCheckSchema>> {
      const granted = await access(actor, deviceKey, digits, origin);
      const firmware = await fromCloud(() => cloud.checkFirmwareUpdate(deviceKey));
      const controller = firmware.controller ?? {
        state: 'idle' as const,
        result: 'initial' as const,
        current_version: '',
        available_version: null,
        progress: 0,
      };
      const answer = {
        device_key: deviceKey,
        is_firmware_available: controller.available_version !== null,
        firmware_details: controller,
        is_ext_device_firmware_available: firmware.kl1?.available_version != null,
        ext_device_firmware_details: firmware.kl1
          ? { ...firmware.kl1, device: 'kl1' as const, name: 'KeyLocker' }
          : null,
        timestamp: new Date().toISOString(),
      };
      await record(
        actor,
        granted,
        deviceKey,
        'check-firmware-update',
        {},
        {
          answer: {
            is_firmware_available: answer.is_firmware_available,
            is_ext_device_firmware_available: answer.is_ext_device_firmware_available,
          },
        },
      );
      return answer;
    },

    /** POST /api/device/{key}/firmware-update: starts the over-the-air update of one target. */
    async firmwareUpdate(
      actor: Actor | null,
      deviceKey: string,
      input: Input<typeof firmwareUpdateSchema>,
      origin: CallOrigin,
    ) {
      const granted = await access(actor, deviceKey, input.iccid_last_digits, origin);
      return jobCall(actor, granted, deviceKey, `firmware-update:${input.target}`, input, () =>
        cloud.startFirmwareUpdate(deviceKey, input.target),
      );
    },

    /** PATCH /api/device/{key}/pin. */
    async setPin(actor: Actor | null, deviceKey: string, input: Input<typeof setPinSchema>, origin: CallOrigin) {
      const granted = await access(actor, deviceKey, input.iccid_last_digits, origin);
      // A PIN is a secret: the record says which one was set, never its digits.
      const request = { is_secondary_pin: input.is_secondary_pin };
      return jobCall(
        actor,
        granted,
        deviceKey,
        'pin',
        request,
        () => cloud.setPin(deviceKey, input.pin, input.is_secondary_pin, { waitMs: SETTING_WAIT_MS }).then(toEnd),
        'pin',
      );
    },

    /** DELETE /api/device/{key}/pin?master_pin=: clears the secondary PIN. */
    async clearPin(
      actor: Actor | null,
      deviceKey: string,
      input: Input<typeof clearPinQuerySchema>,
      origin: CallOrigin,
    ) {
      const granted = await access(actor, deviceKey, input.iccid_last_digits, origin);
      return jobCall(
        actor,
        granted,
        deviceKey,
        'clear-pin',
        {},
        async () => {
          const job = await toEnd(await cloud.clearPin(deviceKey, input.master_pin, { waitMs: SETTING_WAIT_MS }));
          // The KeyLocker checks the master PIN: a wrong one fails the job (the cloud refuses a waiting call).
          if (job.status === 'FAILED' && /PIN/.test(job.reason ?? ''))
            throw new DeviceCloudError('INVALID', job.reason ?? 'Wrong master PIN');
          return job;
        },
        'master_pin',
      );
    },

    /** PATCH /api/device/{key}/keylocker-mode. */
    async keylockerMode(
      actor: Actor | null,
      deviceKey: string,
      input: Input<typeof keylockerModeSchema>,
      origin: CallOrigin,
    ) {
      const granted = await access(actor, deviceKey, input.iccid_last_digits, origin);
      return jobCall(actor, granted, deviceKey, 'keylocker-mode', input, () =>
        cloud.setKeylockerMode(deviceKey, input.mode, { waitMs: SETTING_WAIT_MS }).then(toEnd),
      );
    },

    /** GET option-tables and special-option-tables: a query of the device is recorded; a skip_query read is not. */
    async optionTables(
      actor: Actor | null,
      deviceKey: string,
      input: Input<typeof optionTablesQuerySchema> | Input<typeof specialOptionTablesQuerySchema>,
      origin: CallOrigin,
    ) {
      const granted = await access(actor, deviceKey, input.iccid_last_digits, origin);
      const query = withoutProof(input) as OptionTablesQuery;
      if (!query.skip_query) await limitCommands(deviceKey);
      const tables = await recordingRefusals(actor, granted, deviceKey, 'option-tables:query', query, () =>
        withRequery(query, (asked) => cloud.optionTables(deviceKey, asked, { waitMs: DATA_WAIT_MS })),
      );
      if (!query.skip_query || tables.requeries > 0)
        await record(actor, granted, deviceKey, 'option-tables:query', query, {
          answer: { schema: tables.schema, requeries: tables.requeries },
        });
      return tables;
    },

    /** PATCH option-tables and special-option-tables. */
    async updateOptionTables(
      actor: Actor | null,
      deviceKey: string,
      input: Input<typeof optionTablesUpdateSchema> | Input<typeof specialOptionTablesUpdateSchema>,
      origin: CallOrigin,
    ) {
      const granted = await access(actor, deviceKey, input.iccid_last_digits, origin);
      await limitCommands(deviceKey);
      const { values, ...rest } = input;
      const query = withoutProof(rest) as OptionTablesQuery;
      const tables = await recordingRefusals(
        actor,
        granted,
        deviceKey,
        'option-tables:update',
        input,
        () =>
          withRequery(query, (asked) => cloud.updateOptionTables(deviceKey, values, asked, { waitMs: DATA_WAIT_MS })),
        'values',
      );
      await record(actor, granted, deviceKey, 'option-tables:update', input, {
        answer: { schema: tables.schema, requeries: tables.requeries },
      });
      return tables;
    },

    /** GET /api/device/{key}/features: query_device asks the device first (recorded). */
    async features(
      actor: Actor | null,
      deviceKey: string,
      input: { query_device?: boolean; iccid_last_digits?: string },
      origin: CallOrigin,
    ) {
      const granted = await access(actor, deviceKey, input.iccid_last_digits, origin);
      if (!input.query_device) return fromCloud(() => cloud.features(deviceKey, false));
      await limitCommands(deviceKey);
      const features = await recordingRefusals(actor, granted, deviceKey, 'features:query', {}, () =>
        cloud.features(deviceKey, true, { waitMs: DATA_WAIT_MS }),
      );
      await record(actor, granted, deviceKey, 'features:query', {}, { answer: { ...features } });
      return features;
    },

    /** PATCH /api/device/{key}/features. */
    async updateFeatures(
      actor: Actor | null,
      deviceKey: string,
      input: Input<typeof featuresUpdateSchema>,
      origin: CallOrigin,
    ) {
      const granted = await access(actor, deviceKey, input.iccid_last_digits, origin);
      await limitCommands(deviceKey);
      const { query_device: queryDevice, iccid_last_digits: _digits, ...patch } = input;
      const features = await recordingRefusals(actor, granted, deviceKey, 'features:update', patch, async () => {
        if (queryDevice) await cloud.features(deviceKey, true, { waitMs: DATA_WAIT_MS });
        return cloud.updateFeatures(deviceKey, patch, { waitMs: DATA_WAIT_MS });
      });
      await record(actor, granted, deviceKey, 'features:update', patch, { answer: { ...features } });
      return features;
    },

    /**
     * POST /api/device/link-installer/{key}: a staff member of the business the device is installed for joins
     * its installers (the caller's business only: a device installed for nobody is refused).
     */
    async linkInstaller(actor: Actor | null, deviceKey: string, userId: string, origin: CallOrigin) {
      const granted = await access(actor, deviceKey, undefined, origin).catch((error: unknown) => {
        // Not installed: nobody's installers to link (a proof would not change that).
        if (error instanceof Refusal && error.code?.startsWith('DEVICE_PROOF_'))
          throw new Refusal('conflict', DEVICE_TEXTS.notInstalled, { code: REFUSAL_CODES.DEVICE_NOT_INSTALLED });
        throw error;
      });
      const business = granted.installedFor!;
      const staff = new Set((await staffOfBusiness(ctx.db, business)).map((s) => s.id));
      if (!staff.has(userId)) throw fieldError('user_id', DEVICE_TEXTS.notStaff);
      return ctx.db.transaction(async (tx) => {
        const current = await repo.installationOf(tx, deviceKey);
        const involved = [...new Set([...(current?.involvedInstallers ?? []), userId])];
        await repo.setInvolvedInstallers(tx, deviceKey, involved);
        await record(
          actor,
          granted,
          deviceKey,
          'link-installer',
          { user_id: userId },
          {
            answer: { involved_installers: involved },
          },
          tx,
        );
        return { device_key: deviceKey, involved_installers: involved };
      });
    },

    /** GET /api/device/{key}/history: the recorded calls, newest first. */
    async history(
      actor: Actor | null,
      deviceKey: string,
      input: { limit: number; iccid_last_digits?: string },
      origin: CallOrigin,
    ): Promise<{ results: DeviceHistoryEntry[] }> {
      await access(actor, deviceKey, input.iccid_last_digits, origin);
      const rows = await repo.historyOf(ctx.db, deviceKey, input.limit);
      const person = (
        p: { id: string | null; firstName: string | null; lastName: string | null; email: string | null } | null,
      ) => (p?.id ? { id: p.id, name: `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim(), email: p.email ?? '' } : null);
      return {
        results: rows.map(({ command, user, actingUser, business }) => ({
          id: command.id,
          device_key: command.deviceKey,
          action: command.action,
          request: command.request,
          job_id: command.jobId,
          status: command.status,
          answer: command.answer,
          user: person(user),
          acting_user: person(actingUser),
          business: business?.id ? { id: business.id, companyName: business.companyName ?? '' } : null,
          created_at: command.createdAt.toISOString(),
          finished_at: command.finishedAt?.toISOString() ?? null,
          activation_id: command.activationId,
          activation_step: command.activationStep,
        })),
      };
    },

    /** The device now, for callers that changed it through another door (the subscriptions issue). */
    deviceNow,
    /** GET /api/devices: the devices installed for the business acted for (listing.ts, issue 29 §5). */
    list: listing.list,
  };
}

export type DeviceService = ReturnType<typeof createDeviceService>;
