import type { ComponentType } from 'react';
import type { Activation, ActivationStep, ActivationStepState } from '@portal/contracts/activation';
import type { Device } from '@portal/contracts/devices';

/**
 * Issue 29: what the stepper (/activation/device) gives each step's screen. A step does its own work with
 * the device calls (features/activation/api.ts) and reports through `save` and `finish`; the stepper keeps
 * the place (local storage under STORAGE_KEYS.activationState and the server's activation record), draws
 * the progress, Back, the offline notice and the device's reachability above every step.
 */
export interface StepProps {
  step: ActivationStep;
  /** The latest device check's answer (spec 02 §3 Device); `refreshDevice` asks again. */
  device: Device;
  refreshDevice: () => Promise<Device>;
  /** The ICCID digits the installer proved the unit with (sent on every device call); null once installed. */
  proof: string | null;
  activation: Activation;
  /** This step's saved state (undefined until it saved anything). */
  state: ActivationStepState | undefined;
  /**
   * Keeps what the step has done so far (choices, job ids) without leaving it: a reload or another phone
   * resumes from here. Saving never sends anything to the device.
   */
  save: (data: Record<string, unknown>, summary?: string) => Promise<void>;
  /** The step is over (done, skipped or failed for good) and the flow moves to the next one. */
  finish: (outcome: {
    status: 'done' | 'skipped' | 'failed';
    summary: string;
    data?: Record<string, unknown>;
  }) => Promise<void>;
  /**
   * complete-activation only: the server activates the unit (when the type calls for it), installs it and
   * completes the activation, in one call; the record shown is the server's answer.
   */
  complete: (input: { exit_service_mode: boolean; involved_installers?: string[] }) => Promise<void>;
  /** False while the browser is offline: a step waits and says so; it never replays a command by itself. */
  online: boolean;
}

export type StepComponent = ComponentType<StepProps>;
