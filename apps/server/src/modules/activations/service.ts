import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  ACTIVATION_TEXTS,
  activatesAtCompletion,
  activationSteps,
  completionSummary,
  firstActivationStep,
  vehicleOfStepData,
  vehicleWords,
  type Activation,
  type ActivationStep,
  type CompletionOutcome,
  type completeActivationSchema,
  type restartActivationSchema,
  type startActivationSchema,
  type updateActivationSchema,
} from '@portal/contracts/activation';
import type { ActivationType, Device } from '@portal/contracts/devices';
import { DEVICE_TEXTS, REFUSAL_CODES } from '@portal/contracts';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { Refusal } from '../../refusal.ts';
import { createDeviceAccess, type DeviceService } from '../devices/index.ts';
import * as repo from './repo.ts';
import type { StoredStepState } from './repo.ts';

type Input<S extends z.ZodType> = z.output<S>;

/**
 * Who calls, beside the actor: a guest's token (the X-Activation-Token header) and the address the device
 * proof's limits count by.
 */
export interface ActivationCaller {
  guestToken?: string;
  ip: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const notFound = () =>
  new Refusal('not_found', ACTIVATION_TEXTS.notFound, { code: REFUSAL_CODES.ACTIVATION_NOT_FOUND });
const versionConflict = () =>
  new Refusal('conflict', ACTIVATION_TEXTS.versionConflict, { code: REFUSAL_CODES.ACTIVATION_VERSION_CONFLICT });
const closed = (status: repo.ActivationStatus) =>
  new Refusal('conflict', status === 'completed' ? ACTIVATION_TEXTS.completed : ACTIVATION_TEXTS.abandoned, {
    code: REFUSAL_CODES.ACTIVATION_CLOSED,
  });
const stepNotInFlow = (step: ActivationStep) =>
  new Refusal('unprocessable', ACTIVATION_TEXTS.stepNotInFlow(step), {
    code: REFUSAL_CODES.ACTIVATION_STEP_NOT_IN_FLOW,
  });

/** Signed in: the user; a guest: their token's hash; a guest without a token owns nothing. */
function ownerOf(actor: Actor | null, caller: Pick<ActivationCaller, 'guestToken'>): repo.Owner | null {
  if (actor) return { userId: actor.user.id };
  return caller.guestToken ? { guestTokenHash: hashOf(caller.guestToken) } : null;
}

/** The wire's activation (contracts' activationSchema). */
function activationOf({ activation: a, user, business }: repo.ActivationWithPeople): Activation {
  const name = user?.id ? `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() || (user.name ?? '') : '';
  return {
    id: a.id,
    device_key: a.deviceKey,
    activation_type: a.activationType,
    steps: a.steps,
    current_step: a.currentStep,
    step_states: a.stepStates as Record<string, StoredStepState>,
    advanced: a.advanced,
    status: a.status,
    version: a.version,
    user: user?.id ? { id: user.id, name } : null,
    business: business?.id ? { id: business.id, companyName: business.companyName ?? '' } : null,
    started_at: a.startedAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
    completed_at: a.completedAt?.toISOString() ?? null,
  };
}

/**
 * Issue 29 §3 "Never lose the installer's place": the activation record (docs/decisions.md "Activation steps
 * and the activation record (issue 29)"). Its steps come from contracts' activationSteps over the device as
 * the device check answers it, through the devices module's service: the same access rules, proof of
 * possession and its limits, and the same refusals as the device check itself. Only its owner — the user who
 * started it, or the guest holding its token — reads or moves it; anyone else is told it does not exist.
 */
export function createActivationService(ctx: AppContext, devices: DeviceService) {
  const db = ctx.db;
  const accessFor = createDeviceAccess({ db, devices: ctx.devices });

  /**
   * The device check an activation of `type` needs: spec 02 §4 "a service-mode check comes first" (its
   * error included), except a plan purchase, which needs no service mode (the purchasing check); then the
   * type must be one the device allows now.
   */
  async function checkedDevice(
    actor: Actor | null,
    type: ActivationType,
    deviceKey: string,
    digits: string | undefined,
    caller: ActivationCaller,
  ): Promise<Device> {
    const input = { device_key: deviceKey, iccid_last_digits: digits };
    const origin = { ip: caller.ip };
    const { results } =
      type === 'purchase-subscription'
        ? await devices.devicePurchasingCheck(actor, input, origin)
        : await devices.deviceCheck(actor, input, origin);
    const device = results[0]!;
    if (!device.allowedActivationTypes.includes(type))
      throw new Refusal('unprocessable', ACTIVATION_TEXTS.typeNotAllowed(type, device.allowedActivationTypes), {
        code: REFUSAL_CODES.ACTIVATION_TYPE_NOT_ALLOWED,
      });
    return device;
  }

  async function own(actor: Actor | null, id: string, caller: ActivationCaller) {
    const owner = ownerOf(actor, caller);
    if (!owner || !UUID.test(id)) throw notFound();
    const row = await repo.ownActivation(db, id, owner);
    if (!row) throw notFound();
    return { row, owner };
  }

  /** An open activation at `version`, or the refusal that says why it can not be changed. */
  function assertChangeable(row: repo.ActivationWithPeople, version: number | null) {
    if (row.activation.status !== 'in_progress') throw closed(row.activation.status);
    if (version !== null && version !== row.activation.version) throw versionConflict();
  }

  /** Writes a change by compare-and-set; a lost race is answered as what the winner left. */
  async function change(
    row: repo.ActivationWithPeople,
    owner: repo.Owner,
    values: Parameters<typeof repo.changeActivation>[3],
  ): Promise<Activation> {
    const written = await repo.changeActivation(db, row.activation.id, row.activation.version, values);
    const now = await repo.ownActivation(db, row.activation.id, owner);
    if (!now) throw notFound();
    if (!written) {
      assertChangeable(now, row.activation.version);
      throw versionConflict();
    }
    return activationOf(now);
  }

  return {
    /** POST /api/activations: a new activation, or the caller's open one of this device and type. */
    async start(actor: Actor | null, input: Input<typeof startActivationSchema>, caller: ActivationCaller) {
      const device = await checkedDevice(
        actor,
        input.activation_type,
        input.device_key,
        input.iccid_last_digits,
        caller,
      );
      const owner = ownerOf(actor, caller);
      const open = owner ? await repo.openActivationOf(db, owner, device.device_key, input.activation_type) : undefined;
      if (open) return { activation: activationOf(open), guest_token: null };

      const advanced = input.advanced ?? true;
      const steps = activationSteps(input.activation_type, device, { advanced });
      // A guest's activation is theirs by a token answered once; only its hash is kept.
      const guestToken = actor ? null : randomBytes(32).toString('base64url');
      const id = await repo.insertActivation(db, {
        deviceKey: device.device_key,
        activationType: input.activation_type,
        steps,
        currentStep: firstActivationStep(steps),
        stepStates: {},
        advanced,
        userId: actor?.user.id ?? null,
        businessPartnerId: actor?.business?.id ?? null,
        guestTokenHash: guestToken ? hashOf(guestToken) : null,
      });
      // A double tap: the other request made it first (one open activation per person, device and type).
      const row = id
        ? await repo.ownActivation(db, id, guestToken ? { guestTokenHash: hashOf(guestToken) } : owner!)
        : owner && (await repo.openActivationOf(db, owner, device.device_key, input.activation_type));
      if (!row) throw notFound();
      return { activation: activationOf(row), guest_token: id ? guestToken : null };
    },

    /** GET /api/activations: the caller's own, newest first (the same installer on another phone resumes here). */
    async list(
      actor: Actor | null,
      filters: { device_key?: string; status?: repo.ActivationStatus },
      caller: ActivationCaller,
    ) {
      const owner = ownerOf(actor, caller);
      if (!owner) return { results: [] };
      const rows = await repo.activationsOf(db, owner, { deviceKey: filters.device_key, status: filters.status });
      return { results: rows.map(activationOf) };
    },

    /** GET /api/activations/{id}. */
    async get(actor: Actor | null, id: string, caller: ActivationCaller) {
      return activationOf((await own(actor, id, caller)).row);
    },

    /** PATCH /api/activations/{id}: moves to a step and/or records one; complete-activation done completes it. */
    async update(
      actor: Actor | null,
      id: string,
      input: Input<typeof updateActivationSchema>,
      caller: ActivationCaller,
    ) {
      const { row, owner } = await own(actor, id, caller);
      assertChangeable(row, input.version);
      const steps = row.activation.steps;
      if (input.current_step && !steps.includes(input.current_step)) throw stepNotInFlow(input.current_step);
      if (input.step && !steps.includes(input.step)) throw stepNotInFlow(input.step);

      const now = new Date();
      const stepStates = { ...row.activation.stepStates };
      if (input.step && input.step_state)
        stepStates[input.step] = { ...input.step_state, updated_at: now.toISOString() };
      // Done only through complete (below): it activates and installs the unit first, so a record that says
      // complete is never ahead of the device cloud.
      if (input.step === 'complete-activation' && input.step_state?.status === 'done')
        throw new Refusal('unprocessable', ACTIVATION_TEXTS.completeByCall, {
          code: REFUSAL_CODES.ACTIVATION_COMPLETE_BY_CALL,
        });
      return change(row, owner, {
        ...(input.current_step && { currentStep: input.current_step }),
        stepStates,
      });
    },

    /**
     * POST /api/activations/{id}/complete (issue 29 §2, spec 02 §4 "activated after activation and installed
     * after install"): one call. The unit is activated in the device cloud when the type calls for it
     * (contracts' ACTIVATING_TYPES) and it is not activated yet, and installed with the car of the record's own
     * vehicle step, each recorded under complete-activation; then the record is completed with what was done.
     * Again (a retry after a lost answer, a double tap): a completed activation is answered as it is, nothing
     * sent again. A failure part way leaves the record open and the unit as far as it got (an activated
     * unit is not activated again), so the next try finishes it.
     */
    async complete(
      actor: Actor | null,
      id: string,
      input: Input<typeof completeActivationSchema>,
      caller: ActivationCaller,
    ) {
      const { row, owner } = await own(actor, id, caller);
      if (row.activation.status === 'completed') return activationOf(row);
      assertChangeable(row, input.version ?? null);
      const a = row.activation;
      const vehicle = vehicleOfStepData(a.stepStates['set-vehicle-details']?.data);
      const done = await devices.installAtCompletion(
        actor,
        {
          device_key: a.deviceKey,
          exit_service_mode: input.exit_service_mode,
          involved_installers: input.involved_installers,
          iccid_last_digits: input.iccid_last_digits,
          vehicle,
        },
        { ip: caller.ip, activationStep: { activation_id: a.id, step: 'complete-activation' } },
        { activate: activatesAtCompletion(a.activationType) },
      );
      const outcome: CompletionOutcome = {
        activated_now: done.activatedNow,
        activated: done.reported.activated,
        installed: done.reported.installed,
        device_state: done.reported.device_state,
        service_mode: done.reported.service_mode,
        installed_for: done.device.installed ? (row.business?.companyName ?? null) : null,
        vehicle: vehicleWords(vehicle),
      };
      // The device's part is done: the record follows whatever was written meanwhile (a step move sent just
      // before), so completion is not lost to a race it has no reason to lose.
      let current = row;
      for (let attempt = 0; ; attempt++) {
        const now = new Date();
        const written = await repo.changeActivation(db, current.activation.id, current.activation.version, {
          currentStep: 'complete-activation',
          stepStates: {
            ...current.activation.stepStates,
            'complete-activation': {
              status: 'done',
              summary: completionSummary(outcome),
              data: outcome,
              updated_at: now.toISOString(),
            },
          },
          status: 'completed',
          completedAt: now,
        });
        const after = await repo.ownActivation(db, current.activation.id, owner);
        if (!after) throw notFound();
        if (written || after.activation.status === 'completed') return activationOf(after);
        assertChangeable(after, null);
        if (attempt >= 2) throw versionConflict();
        current = after;
      }
    },

    /** POST /api/activations/{id}/restart: the device checked again, its steps worked out again, from the first. */
    async restart(
      actor: Actor | null,
      id: string,
      input: Input<typeof restartActivationSchema>,
      caller: ActivationCaller,
    ) {
      const { row, owner } = await own(actor, id, caller);
      assertChangeable(row, input.version);
      const a = row.activation;
      const device = await checkedDevice(actor, a.activationType, a.deviceKey, input.iccid_last_digits, caller);
      const advanced = input.advanced ?? a.advanced;
      const steps = activationSteps(a.activationType, device, { advanced });
      return change(row, owner, { steps, currentStep: firstActivationStep(steps), stepStates: {}, advanced });
    },

    /** DELETE /api/activations/{id}: an unfinished activation abandoned (again: the same answer). */
    async abandon(actor: Actor | null, id: string, caller: ActivationCaller) {
      const { row, owner } = await own(actor, id, caller);
      if (row.activation.status === 'abandoned') return { detail: ACTIVATION_TEXTS.abandonedDone };
      assertChangeable(row, null);
      await change(row, owner, { status: 'abandoned' });
      return { detail: ACTIVATION_TEXTS.abandonedDone };
    },

    /**
     * GET /api/device/{key}/activations (the device's history, issue 29 §5): a device installed for the
     * caller's business (its people, a rep acting for it: the devices module's access rules) shows the
     * activations made for that business and by guests; the person who ran an activation always sees their
     * own. Anyone else is answered as for a device that does not exist.
     */
    async ofDevice(actor: Actor | null, deviceKey: string, caller: ActivationCaller) {
      let businessId: string | null = null;
      if (actor?.business) {
        // No proof is passed: holding the unit lets one drive it, not read others' work on it.
        const granted = await accessFor(actor, deviceKey, { ip: caller.ip }).catch((error: unknown) => {
          if (error instanceof Refusal) return null;
          throw error;
        });
        if (granted?.installedFor && granted.installedFor === actor.business.id) businessId = granted.installedFor;
      }
      const owner = ownerOf(actor, caller);
      const rows = businessId || owner ? await repo.activationsOfDevice(db, deviceKey, { businessId, owner }) : [];
      if (!businessId && rows.length === 0)
        throw new Refusal('not_found', DEVICE_TEXTS.deviceNotFound, { code: REFUSAL_CODES.DEVICE_NOT_FOUND });
      return { results: rows.map(activationOf) };
    },
  };
}

export type ActivationService = ReturnType<typeof createActivationService>;
