import type { ActivationStep } from '@portal/contracts/activation';
import { settingsSteps } from './steps/settings/index.ts';
import type { StepComponent } from './steps/types.ts';
import { CheckFirmwareStep } from './steps/CheckFirmwareStep.tsx';
import { CompleteActivationStep } from './steps/CompleteActivationStep.tsx';
import { DeviceRewardsStep } from './steps/DeviceRewardsStep.tsx';
import { DeviceTestingStep } from './steps/DeviceTestingStep.tsx';
import { PowerOnDeviceStep } from './steps/PowerOnDeviceStep.tsx';
import { PurchasePlanStep } from './steps/PurchasePlanStep.tsx';
import { ReplaceDeviceStep } from './steps/ReplaceDeviceStep.tsx';
import { ResetKeylockerPairingStep } from './steps/ResetKeylockerPairingStep.tsx';
import { VerifyConnectionStep } from './steps/VerifyConnectionStep.tsx';

export type StepRegistry = Partial<Record<ActivationStep, StepComponent>>;

/** The stepper's own steps (issue 29 §2); the settings steps come from steps/settings. */
const FLOW_STEPS: StepRegistry = {
  'replace-device': ReplaceDeviceStep,
  'power-on-device': PowerOnDeviceStep,
  'verify-connection': VerifyConnectionStep,
  'check-firmware': CheckFirmwareStep,
  'reset-keylocker-pairing': ResetKeylockerPairingStep,
  'device-testing': DeviceTestingStep,
  'purchase-plan': PurchasePlanStep,
  'device-rewards': DeviceRewardsStep,
  'complete-activation': CompleteActivationStep,
};

/** Step name → screen: every step built so far; a step not in it shows MissingStep. */
export const STEP_SCREENS: StepRegistry = { ...settingsSteps, ...FLOW_STEPS };

export const screenOf = (step: ActivationStep, registry: StepRegistry = STEP_SCREENS): StepComponent | null =>
  registry[step] ?? null;
