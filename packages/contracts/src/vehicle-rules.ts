/* Vehicle rules free of Zod, so the wiring screens and the top-bar form can use them without the schemas. */
import { FIRST_VEHICLE_YEAR } from './constants.ts';

/** spec 01 §9: vehicle years run from next year down to 1940. */
export const lastVehicleYear = (now = new Date()) => now.getUTCFullYear() + 1;
export const vehicleYears = (now = new Date()) =>
  Array.from({ length: lastVehicleYear(now) - FIRST_VEHICLE_YEAR + 1 }, (_, i) => lastVehicleYear(now) - i);

// ---- push-to-start and standard-key variants (spec 01 §3) ----
export const VEHICLE_VARIANTS = ['pts', 'sk'] as const;
export type VehicleVariant = (typeof VEHICLE_VARIANTS)[number];
export const VARIANT_TITLE_PREFIX: Record<VehicleVariant, string> = {
  pts: 'Push-to-Start. ',
  sk: 'Std. Key. ',
};
/** The synthetic id of a category's variant: `${id}-pts` or `${id}-sk`. */
export const variantId = (id: string, variant: VehicleVariant) => `${id}-${variant}`;
export const variantTitle = (title: string, variant: VehicleVariant | null) =>
  variant ? `${VARIANT_TITLE_PREFIX[variant]}${title}` : title;
/** Which variant an id names, read from its ending (null for a category without variants). */
export const variantOf = (id: string): VehicleVariant | null =>
  VEHICLE_VARIANTS.find((variant) => id.endsWith(`-${variant}`)) ?? null;

/**
 * The data groups of a vehicle's info (`VehicleInfo` of vehicles.ts) that this rule reads, named by
 * their shape: vehicles.ts builds its schemas from this file, so this file does not import it back.
 */
export interface VehicleDataGroups {
  description: string | null;
  vehicle_documents: readonly unknown[];
  t_harnesses: readonly unknown[];
  wiring_categories: readonly unknown[];
  instruction_categories: readonly unknown[];
  productSkus: readonly unknown[];
  hasExternalWiring: boolean;
}

/** spec 01 §4: a vehicle whose every data group is empty counts as "no data". */
export const isVehicleWithoutData = (info: VehicleDataGroups) =>
  !info.description &&
  !info.vehicle_documents.length &&
  !info.t_harnesses.length &&
  !info.wiring_categories.length &&
  !info.instruction_categories.length &&
  !info.productSkus.length &&
  !info.hasExternalWiring;
