/**
 * Vehicles and wiring (spec 01 §2.6, §3, §4, §5, §7, §8; issue 6). Every call needs a
 * signed-in session (spec 01 §2.2: /wiring and /installer-guides are "login required");
 * without one the answer is 401 { detail }. Bad input is 400 { validation }, an unknown
 * vehicle, category, product or folder is 404 { detail: 'Not Found' }.
 *
 * POST /api/year-make-model        { year, makeId? }            → { results: Option[] }
 *   year only → the makes of that year; year + makeId → the models of that make and year.
 *   Option = { name, value, id } (value and id are the same make or model id).
 * POST /api/dot-vehicle-by-vin     { VIN }                       → { ModelYear, Make, Model }
 *   The VIN is trimmed and upper-cased. An undecodable VIN (wrong length or characters, bad
 *   check digit, unknown maker or model) → 404 { detail: vinNotFound }; decoder unavailable →
 *   503 { detail: vinUnavailable }. The web then matches Make and Model to the year-make-model
 *   options by case-insensitive name (spec 01 §5).
 * POST /api/vehicle-info           { year, makeId, modelId }     → VehicleInfo
 *   The vehicle with everything the vehicle slide shows in one round trip: tech tip,
 *   documents, image, wiring and instruction categories WITH their wires and steps,
 *   T-harnesses, compatible module SKUs (productSkus, for /api/vehicle-saleor-products),
 *   installer guides and whether external (3rd party) wiring exists. A vehicle that mirrors
 *   another answers the mirrored vehicle's data (mirrors_vehicle names it).
 * POST /api/internal-vehicle-wiring { year, makeId, modelId }    → { vehicleId, results: WiringCategory[] }
 * POST /api/external-vehicle-wiring { year, makeId, modelId }    → ExternalWiring
 *   { autoMobWiring: { [Trim]: Wire[] }, adsWiring: { [trim]: Wire[] }, adsProducts: { [trim]: {id,name}[] } }
 * POST /api/wiring-by-category      { vehicleId, categoryId }    → WiringCategory
 * POST /api/instructions-by-category { vehicleId, categoryId }   → InstructionCategory
 *   Push-to-start / standard-key variants have ids ending -pts / -sk and titles prefixed
 *   'Push-to-Start. ' / 'Std. Key. ' (see variantOf, variantTitle).
 * POST /api/vehicle-saleor-accessory-products { vehicleId? , productId?, sapBpCode? }
 *   → { results: ProductSummary[] } accessories of a vehicle's modules, or of one product,
 *   at the session's prices (sapBpCode is accepted and ignored: the session decides).
 * POST /api/t-harness-by-sku        { items: [{ sku }] }         → { results: THarness[] }
 * POST /api/product-features        { productId }  (id or SKU)   → ProductFeatures
 * POST /api/guides-by-vehicle-ids   { vehicleIds }               → { results: InstallerGuide[] }
 * GET  /api/folder                                               → { results: Folder[] } (root folders)
 * GET  /api/folder/{slug}                                        → FolderDetail
 */
import { z } from 'zod';
import { FIRST_VEHICLE_YEAR } from './constants.ts';
import { messages } from './messages.ts';
import { productSchema } from './search.ts';
import { lastVehicleYear, VEHICLE_VARIANTS } from './vehicle-rules.ts';

/** spec 01 §5, §8: the vehicle texts, word for word (kept once, in messages.ts). */
export const vehicleMessages = {
  selectYearMakeModel: messages.selectYearMakeModel,
  provideVin: messages.provideVin,
  missingVehicleDetails: messages.missingVehicleDetails,
  noVehicleData: messages.noVehicleData,
  vinNotFound: messages.vinNotFound,
  vinUnavailable: messages.vinUnavailable,
  notFound: messages.notFound,
} as const;

// ---- request pieces ----
const id = (field: string) =>
  z.string({ error: messages.requiredField }).trim().min(1, messages.requiredField).max(80, `${field} is too long`);
export const vehicleYearField = () =>
  z.coerce
    .number({ error: messages.mustBeNumber })
    .int(messages.mustBeWholeNumber)
    .min(FIRST_VEHICLE_YEAR, messages.moreThan(FIRST_VEHICLE_YEAR - 1))
    .refine((year) => year <= lastVehicleYear(), { message: messages.lessThan(lastVehicleYear() + 1) });

export const yearMakeModelRequestSchema = z.object({
  year: vehicleYearField(),
  makeId: id('makeId').optional(),
  /** Accepted for compatibility with the original payload; not used to filter. */
  modelId: id('modelId').optional(),
});
export type YearMakeModelRequest = z.input<typeof yearMakeModelRequestSchema>;
export const vehicleOptionSchema = z.object({ name: z.string(), value: z.string(), id: z.string() });
export type VehicleOption = z.infer<typeof vehicleOptionSchema>;
export const vehicleOptionListSchema = z.object({ results: z.array(vehicleOptionSchema) });

/** The vehicle a year/make/model search names (recent search value "year,makeId,modelId"). */
export const vehicleKeySchema = z.object({ year: vehicleYearField(), makeId: id('makeId'), modelId: id('modelId') });
export type VehicleKey = z.input<typeof vehicleKeySchema>;

export const vinRequestSchema = z.object({
  VIN: z
    .string({ error: messages.provideVin })
    .trim()
    .min(1, messages.provideVin)
    .max(32, messages.vinNotFound)
    .transform((vin) => vin.toUpperCase()),
});
/** vPIC field names (spec 01 §3: VIN lookup fields read ModelYear, Model, Make). */
export const vinAnswerSchema = z.object({ ModelYear: z.string(), Make: z.string(), Model: z.string() });
export type VinAnswer = z.infer<typeof vinAnswerSchema>;

export const categoryRequestSchema = z.object({ vehicleId: id('vehicleId'), categoryId: id('categoryId') });
export type CategoryRequest = z.infer<typeof categoryRequestSchema>;

// ---- answers ----
export const WIRE_POLARITIES = ['+', '-', 'data', 'AC', 'n/a'] as const;
/** One wire of a wiring sheet: what an installer reads at the car. */
export const wireSchema = z.object({
  function: z.string(),
  color: z.string(),
  location: z.string(),
  polarity: z.enum(WIRE_POLARITIES),
  notes: z.string().nullable(),
});
export type Wire = z.infer<typeof wireSchema>;

export const instructionSchema = z.object({
  step: z.number().int(),
  text: z.string(),
  image: z.string().nullable(),
});
export type Instruction = z.infer<typeof instructionSchema>;

const categoryBase = {
  /** Synthetic for variants: ends -pts or -sk. */
  id: z.string(),
  uuid: z.string(),
  /** Prefixed 'Push-to-Start. ' or 'Std. Key. ' for variants. */
  title: z.string(),
  variant: z.enum(VEHICLE_VARIANTS).nullable(),
};
export const wiringCategorySchema = z.object({ ...categoryBase, wires: z.array(wireSchema) });
export type WiringCategory = z.infer<typeof wiringCategorySchema>;
export const instructionCategorySchema = z.object({ ...categoryBase, instructions: z.array(instructionSchema) });
export type InstructionCategory = z.infer<typeof instructionCategorySchema>;

export const vehicleRefSchema = z.object({ id: z.string(), name: z.string(), value: z.string() });
export const vehicleDocumentSchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(['wiring', 'instructions', 'bulletin', 'guide']),
  url: z.string(),
});
export type VehicleDocument = z.infer<typeof vehicleDocumentSchema>;
export const tHarnessRefSchema = z.object({ sku: z.string(), name: z.string(), notes: z.string().nullable() });
export type THarnessRef = z.infer<typeof tHarnessRefSchema>;

/** spec 01 §3 Vehicle, as stored (snake_case names are the contract). */
export const vehicleSchema = z.object({
  id: z.string(),
  year: z.number().int(),
  make: vehicleRefSchema,
  model: vehicleRefSchema,
  /** The tech tip. */
  description: z.string().nullable(),
  vehicle_description: z.string().nullable(),
  vehicle_documents: z.array(vehicleDocumentSchema),
  /** The vehicle whose wiring this one shares (same platform), if any. */
  mirrors_vehicle: z.object({ id: z.string(), name: z.string() }).nullable(),
  image: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  t_harnesses: z.array(tHarnessRefSchema),
  wiring_categories: z.array(wiringCategorySchema),
  instruction_categories: z.array(instructionCategorySchema),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

export const installerGuideSchema = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  /** Which of the vehicles asked about (or the vehicle opened) the guide covers. */
  vehicleIds: z.array(z.string()),
  steps: z.array(z.string()),
  url: z.string().nullable(),
});
export type InstallerGuide = z.infer<typeof installerGuideSchema>;
export const installerGuideListSchema = z.object({ results: z.array(installerGuideSchema) });

/** POST /api/vehicle-info: one round trip for the vehicle slide. */
export const vehicleInfoSchema = vehicleSchema.extend({
  /** Compatible modules, for /api/vehicle-saleor-products. */
  productSkus: z.array(z.string()),
  guides: z.array(installerGuideSchema),
  hasExternalWiring: z.boolean(),
  /** Whether push-to-start / standard-key variants exist for this vehicle. */
  variants: z.array(z.enum(VEHICLE_VARIANTS)),
});
export type VehicleInfo = z.infer<typeof vehicleInfoSchema>;

export const internalWiringSchema = z.object({ vehicleId: z.string(), results: z.array(wiringCategorySchema) });
export type InternalWiring = z.infer<typeof internalWiringSchema>;

export const adsProductSchema = z.object({ id: z.string(), name: z.string() });
/** spec 01 §3: autoMobWiring keyed by Trim, adsWiring keyed by trim, ads products grouped by trim. */
export const externalWiringSchema = z.object({
  vehicleId: z.string(),
  autoMobWiring: z.record(z.string(), z.array(wireSchema)),
  adsWiring: z.record(z.string(), z.array(wireSchema)),
  adsProducts: z.record(z.string(), z.array(adsProductSchema)),
});
export type ExternalWiring = z.infer<typeof externalWiringSchema>;

export const accessoryProductsRequestSchema = z
  .object({
    vehicleId: id('vehicleId').optional(),
    productId: id('productId').optional(),
    sapBpCode: z.string().max(40).optional(),
  })
  .refine((body) => body.vehicleId || body.productId, { message: messages.requiredField, path: ['vehicleId'] });
export const accessoryProductListSchema = z.object({ results: z.array(productSchema) });

export const tHarnessRequestSchema = z.object({
  items: z
    .array(z.object({ sku: z.string().trim().min(1).max(40) }).loose())
    .min(1)
    .max(100),
});
export const tHarnessSchema = z.object({
  sku: z.string(),
  name: z.string(),
  notes: z.string().nullable(),
  /** Vehicles (ids, at most 20) whose sheet lists this harness. */
  vehicleIds: z.array(z.string()),
  /** Whether the catalog sells it (so the product search can be offered). */
  inCatalog: z.boolean(),
});
export type THarness = z.infer<typeof tHarnessSchema>;
export const tHarnessListSchema = z.object({ results: z.array(tHarnessSchema) });

export const productFeaturesRequestSchema = z.object({ productId: id('productId') });
/** spec 01 §2.6: the product features view. */
export const productFeaturesSchema = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  cloning: z.enum(['Yes', 'No']),
  keysForInstall: z.number().int(),
  keysForProgramming: z.number().int(),
  features: z.array(z.string()),
  accessories: z.array(z.object({ sku: z.string(), name: z.string() })),
});
export type ProductFeatures = z.infer<typeof productFeaturesSchema>;

export const guidesRequestSchema = z.object({ vehicleIds: z.array(id('vehicleIds')).min(1).max(50) });

export const folderDocumentSchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.string(),
  url: z.string(),
  updatedAt: z.string(),
});
export const folderSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  documentCount: z.number().int(),
  folderCount: z.number().int(),
});
export type Folder = z.infer<typeof folderSchema>;
export const folderListSchema = z.object({ results: z.array(folderSchema) });
export const folderDetailSchema = folderSchema.extend({
  /** Root first, ending with this folder: the folder browser's breadcrumbs. */
  path: z.array(z.object({ slug: z.string(), name: z.string() })),
  folders: z.array(folderSchema),
  documents: z.array(folderDocumentSchema),
});
export type FolderDetail = z.infer<typeof folderDetailSchema>;
export const folderSlugSchema = z.object({
  slug: z
    .string()
    .max(80)
    .regex(/^[a-z0-9-]+$/, messages.notFound),
});
