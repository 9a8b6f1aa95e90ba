import type { ActivationStep } from '@portal/contracts/activation';
import type { StepComponent } from '../types.ts';
import { ControllerOptionTables } from './ControllerOptionTables.tsx';
import { DeviceConfiguration } from './DeviceConfiguration.tsx';
import { HardwireX1max } from './HardwireX1max.tsx';
import { KeylockerMode } from './KeylockerMode.tsx';
import { KeylockerOptionTables } from './KeylockerOptionTables.tsx';
import { KeylockerPinCodes } from './KeylockerPinCodes.tsx';
import { KeylockerPocPic } from './KeylockerPocPic.tsx';
import { SendWelcome } from './SendWelcome.tsx';
import { SetVehicleDetails } from './SetVehicleDetails.tsx';
import { SystemSettings } from './SystemSettings.tsx';

/** The settings steps' screens by step (the stepper merges this map with its own). */
export const settingsSteps: Partial<Record<ActivationStep, StepComponent>> = {
  'set-vehicle-details': SetVehicleDetails,
  'controller-option-tables': ControllerOptionTables,
  'keylocker-mode': KeylockerMode,
  'keylocker-option-tables': KeylockerOptionTables,
  'keylocker-poc-pic': KeylockerPocPic,
  'keylocker-pin-codes': KeylockerPinCodes,
  'system-settings': SystemSettings,
  'device-configuration': DeviceConfiguration,
  'hardwire-x1max': HardwireX1max,
  'send-welcome': SendWelcome,
};
