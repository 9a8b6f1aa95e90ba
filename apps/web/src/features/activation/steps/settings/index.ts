import type { ActivationStep } from '@portal/contracts/activation';
import type { StepComponent } from '../types.ts';

/** The settings steps' screens by step (the stepper merges this map with its own). */
export const settingsSteps: Partial<Record<ActivationStep, StepComponent>> = {};
