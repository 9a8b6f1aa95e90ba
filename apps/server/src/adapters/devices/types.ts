import type { z } from 'zod';
import type {
  ACTIVATION_TYPES,
  DEVICE_COMMAND_NAMES,
  DEVICE_PRODUCTS,
  DEVICE_STATES,
  FIRMWARE_TARGETS,
  HARDWIRE_INPUT_OPTIONS,
  HARDWIRE_OUTPUT_OPTIONS,
  JOB_STATUSES,
  KEYLOCKER_MODES,
  featureSettingsSchema,
} from '@portal/contracts';
import type {
  DeviceCommand,
  DeviceModel,
  DeviceState,
  FeatureSettings,
  FirmwareTarget,
  HardwireInput,
  HardwireOutput,
  JobStatus,
  KeylockerMode,
} from '@portal/device-sim';

/**
 * The device cloud as the portal sees it: the interface of packages/device-sim (api.ts), which the
 * simulated fleet, its HTTP client and a real cloud implement alike. Modules name these types from here,
 * never from the simulator's package.
 */
export type {
  CloudErrorCode,
  CloudEvent,
  DeviceCloud,
  DeviceCommand,
  DeviceLog,
  FeatureSettings,
  FirmwareObject,
  FirmwareTarget,
  Job,
  OptionTablesQuery,
  OptionTablesView,
  Shadow,
} from '@portal/device-sim';
export { DeviceCloudError, TERMINAL_JOB_STATUSES } from '@portal/device-sim';

/*
 * The contracts carry the cloud's lists for the browser (packages/contracts/src/devices.ts); these lines
 * fail to compile the day the two drift apart.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const agree = <T extends true>(value: T) => value;
agree<Same<(typeof DEVICE_PRODUCTS)[number], DeviceModel>>(true);
agree<Same<(typeof DEVICE_STATES)[number], DeviceState>>(true);
agree<Same<(typeof DEVICE_COMMAND_NAMES)[number], DeviceCommand>>(true);
agree<Same<(typeof JOB_STATUSES)[number], JobStatus>>(true);
agree<Same<(typeof KEYLOCKER_MODES)[number], KeylockerMode>>(true);
agree<Same<(typeof FIRMWARE_TARGETS)[number], FirmwareTarget>>(true);
agree<Same<(typeof HARDWIRE_INPUT_OPTIONS)[number], HardwireInput>>(true);
agree<Same<(typeof HARDWIRE_OUTPUT_OPTIONS)[number], HardwireOutput>>(true);
agree<Same<z.infer<typeof featureSettingsSchema>, FeatureSettings>>(true);
export type ActivationType = (typeof ACTIVATION_TYPES)[number];
