import type { Activation, ActivationStep, ActivationStepState } from '@portal/contracts/activation';
import { STORAGE_KEYS } from '@portal/contracts/constants';
import type { Device } from '@portal/contracts/devices';
import { storage } from '../../lib/storage.ts';

/**
 * The installer's place (issue 29 §3), kept in local storage under spec 01 §9's activation state key beside
 * the server's record: a reload, a phone that slept or a lost connection resumes from here at once, and the
 * changes made while offline wait in `pending` until the server has them.
 */
export interface SavedActivation {
  device_key: string;
  /** The ICCID digits the unit was proved with (sent on every device call). */
  proof: string | null;
  /** A guest's token of their activation (signed-in people have none). */
  guest_token: string | null;
  /** The last device check's answer. */
  device: Device | null;
  /** The activation as last known (its id, steps, current step, step states, version); null before the start. */
  activation: Activation | null;
  /** Changes the server has not acknowledged yet, oldest first (sent in order once online). */
  pending: PendingChange[];
}

/** One change of the activation: a move to a step and/or one step's state. */
export interface PendingChange {
  current_step?: ActivationStep;
  step?: ActivationStep;
  step_state?: ActivationStepState;
}

export function readSaved(): SavedActivation | null {
  const text = storage.get(STORAGE_KEYS.activationState);
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<SavedActivation> | null;
    if (!value || typeof value.device_key !== 'string') return null;
    return {
      device_key: value.device_key,
      proof: value.proof ?? null,
      guest_token: value.guest_token ?? null,
      device: value.device ?? null,
      activation: value.activation ?? null,
      pending: Array.isArray(value.pending) ? value.pending : [],
    };
  } catch {
    return null;
  }
}

export function writeSaved(saved: SavedActivation) {
  storage.set(STORAGE_KEYS.activationState, JSON.stringify(saved));
}

export const clearSaved = () => storage.remove(STORAGE_KEYS.activationState);

/** spec 01 §9 advanced activation flow: on unless the installer turned it off. */
export const readAdvanced = () => storage.get(STORAGE_KEYS.advancedActivationFlow) !== 'false';
export const writeAdvanced = (advanced: boolean) =>
  storage.set(STORAGE_KEYS.advancedActivationFlow, advanced ? 'true' : 'false');

// ---- The stepper's moves (pure) ----------------------------------------------------------------------

/** 1-based place of the step in the flow (1 when it is not in the list). */
export const stepNumberOf = (steps: readonly ActivationStep[], step: ActivationStep) =>
  Math.max(steps.indexOf(step), 0) + 1;

/** The step after `step`, or null at the last one. */
export function nextStepOf(steps: readonly ActivationStep[], step: ActivationStep): ActivationStep | null {
  const at = steps.indexOf(step);
  return at >= 0 && at + 1 < steps.length ? steps[at + 1]! : null;
}

/** The step before `step`, or null at the first (spec 02 §2: Back from there goes to the type selection). */
export function previousStepOf(steps: readonly ActivationStep[], step: ActivationStep): ActivationStep | null {
  const at = steps.indexOf(step);
  return at > 0 ? steps[at - 1]! : null;
}

/** The activation with one change applied, as the server will apply it (optimistic, shown at once). */
export function applyChange(activation: Activation, change: PendingChange, now = new Date().toISOString()): Activation {
  const next: Activation = { ...activation, step_states: { ...activation.step_states }, updated_at: now };
  if (change.step && change.step_state) next.step_states[change.step] = { ...change.step_state, updated_at: now };
  if (change.current_step) next.current_step = change.current_step;
  if (change.step === 'complete-activation' && change.step_state?.status === 'done') {
    next.status = 'completed';
    next.completed_at = now;
  }
  return next;
}

/** The server's record with the changes it has not seen yet laid over it. */
export const withPending = (activation: Activation, pending: readonly PendingChange[]) =>
  pending.reduce((record, change) => applyChange(record, change, record.updated_at), activation);
