import { z } from 'zod';
import {
  accessoryProductListSchema,
  accessoryProductsRequestSchema,
  categoryRequestSchema,
  externalWiringSchema,
  folderDetailSchema,
  folderListSchema,
  folderSlugSchema,
  guidesRequestSchema,
  installerGuideListSchema,
  instructionCategorySchema,
  internalWiringSchema,
  productFeaturesRequestSchema,
  productFeaturesSchema,
  tHarnessListSchema,
  tHarnessRequestSchema,
  vehicleInfoSchema,
  vehicleKeySchema,
  vehicleOptionListSchema,
  vinAnswerSchema,
  vinRequestSchema,
  wiringCategorySchema,
  yearMakeModelRequestSchema,
} from '../vehicles.ts';
import { endpoint } from './endpoint.ts';

const tags = ['vehicles'];

/** Body styles of the generated vehicle pictures (`/api/vehicle-images/suv.svg`). */
export const VEHICLE_BODIES = ['sedan', 'coupe', 'hatch', 'suv', 'truck', 'van'] as const;

const documentIdParamsSchema = z.object({ id: z.string().min(1).max(200) });
const vehicleImageParamsSchema = z.object({ file: z.enum(VEHICLE_BODIES.map((body) => `${body}.svg` as const)) });

/** Every vehicle lookup is a read sent as POST (spec 01 §7), for a signed-in user (spec 01 §2.2). */
const lookup = <const E extends { path: string; body: z.ZodType; response: z.ZodType; summary: string }>(
  definition: E,
) => endpoint({ method: 'POST', readOnly: true, tags, ...definition });

/** spec 01 §7 vehicle and wiring calls, and the resources folders; /wiring is "login required". */
export const vehicles = {
  yearMakeModel: lookup({
    path: '/api/year-make-model',
    body: yearMakeModelRequestSchema,
    response: vehicleOptionListSchema,
    summary: 'Makes of a year, or models of a year and make',
  }),
  decodeVin: lookup({
    path: '/api/dot-vehicle-by-vin',
    body: vinRequestSchema,
    response: vinAnswerSchema,
    summary: 'Decode a VIN (NHTSA vPIC, offline) to the cascade’s year, make and model',
  }),
  vehicleInfo: lookup({
    path: '/api/vehicle-info',
    body: vehicleKeySchema,
    response: vehicleInfoSchema,
    summary: 'A vehicle with its wiring, instructions, harnesses, documents and modules',
  }),
  internalWiring: lookup({
    path: '/api/internal-vehicle-wiring',
    body: vehicleKeySchema,
    response: internalWiringSchema,
    summary: 'The wiring categories of a vehicle',
  }),
  externalWiring: lookup({
    path: '/api/external-vehicle-wiring',
    body: vehicleKeySchema,
    response: externalWiringSchema,
    summary: 'Third-party wiring lists by trim',
  }),
  wiringByCategory: lookup({
    path: '/api/wiring-by-category',
    body: categoryRequestSchema,
    response: wiringCategorySchema,
    summary: 'One wiring category',
  }),
  instructionsByCategory: lookup({
    path: '/api/instructions-by-category',
    body: categoryRequestSchema,
    response: instructionCategorySchema,
    summary: 'One instruction category',
  }),
  guides: lookup({
    path: '/api/guides-by-vehicle-ids',
    body: guidesRequestSchema,
    response: installerGuideListSchema,
    summary: 'Installer guides of vehicles',
  }),
  accessoryProducts: lookup({
    path: '/api/vehicle-saleor-accessory-products',
    body: accessoryProductsRequestSchema,
    response: accessoryProductListSchema,
    summary: 'Accessories of a vehicle’s modules or of a product, at the session’s prices',
  }),
  tHarnessesBySku: lookup({
    path: '/api/t-harness-by-sku',
    body: tHarnessRequestSchema,
    response: tHarnessListSchema,
    summary: 'T-harnesses by SKU',
  }),
  productFeatures: lookup({
    path: '/api/product-features',
    body: productFeaturesRequestSchema,
    response: productFeaturesSchema,
    summary: 'The features view of a module',
  }),
  rootFolders: endpoint({
    method: 'GET',
    path: '/api/folder',
    response: folderListSchema,
    summary: 'Root folders',
    tags,
  }),
  folder: endpoint({
    method: 'GET',
    path: '/api/folder/:slug',
    params: folderSlugSchema,
    response: folderDetailSchema,
    summary: 'A folder with its sub-folders and documents',
    tags,
  }),
  /** The demo has no PDFs: a document is a plain printable page. */
  document: endpoint({
    method: 'GET',
    path: '/api/documents/:id',
    params: documentIdParamsSchema,
    response: z.string(),
    answers: 'html',
    summary: 'A vehicle or folder document, as a printable page',
    tags,
  }),
  vehicleImage: endpoint({
    method: 'GET',
    path: '/api/vehicle-images/:file',
    params: vehicleImageParamsSchema,
    response: z.string(),
    answers: 'svg',
    summary: 'A vehicle picture by body style (SVG)',
    tags,
  }),
};
