import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { Instruction, VehicleVariant, Wire } from '@portal/contracts';
import { products } from '../catalog/schema.ts';

/** Vehicles and wiring (spec 01 §3, issue 6). Ids are readable slugs: 'toyota', 'toyota-camry', '2019-toyota-camry'. */
export const vehicleMakes = pgTable('vehicle_makes', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const vehicleModels = pgTable(
  'vehicle_models',
  {
    id: text('id').primaryKey(),
    makeId: text('make_id')
      .notNull()
      .references(() => vehicleMakes.id),
    name: text('name').notNull(),
    /** sedan, truck, suv, coupe, van: picks the generated picture. */
    body: text('body').notNull(),
  },
  (t) => [index('vehicle_models_make_idx').on(t.makeId)],
);

/** One model year of a model: the unit the year/make/model cascade and the wiring slides name. */
export const vehicles = pgTable(
  'vehicles',
  {
    id: text('id').primaryKey(),
    year: integer('year').notNull(),
    makeId: text('make_id')
      .notNull()
      .references(() => vehicleMakes.id),
    modelId: text('model_id')
      .notNull()
      .references(() => vehicleModels.id),
    /** The tech tip. */
    description: text('description'),
    vehicleDescription: text('vehicle_description'),
    /** Same platform: this vehicle's wiring, instructions, harnesses and modules are the mirrored one's. */
    mirrorsVehicleId: text('mirrors_vehicle_id').references((): AnyPgColumn => vehicles.id),
    image: text('image'),
    tHarnessSkus: text('t_harness_skus')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Compatible modules (remote starts, controllers, bypass modules) by catalog SKU. */
    productSkus: text('product_skus')
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The cascade reads (year) → makes and (year, make) → models from this index alone.
  (t) => [
    uniqueIndex('vehicles_year_make_model_idx').on(t.year, t.makeId, t.modelId),
    // t-harness-by-sku: which vehicles list a harness.
    index('vehicles_t_harness_skus_idx').using('gin', t.tHarnessSkus),
  ],
);

/** A wiring or an instruction category of a vehicle; variants carry ids ending -pts / -sk. */
export const vehicleCategories = pgTable(
  'vehicle_categories',
  {
    id: text('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    vehicleId: text('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'wiring' | 'instructions'>().notNull(),
    title: text('title').notNull(),
    variant: text('variant').$type<VehicleVariant>(),
    position: integer('position').notNull(),
    wires: jsonb('wires').$type<Wire[]>().notNull().default([]),
    instructions: jsonb('instructions').$type<Instruction[]>().notNull().default([]),
  },
  (t) => [index('vehicle_categories_vehicle_idx').on(t.vehicleId, t.kind, t.position)],
);

/** Third-party wiring lists (spec 01 §3): autoMobWiring keyed by Trim, adsWiring keyed by trim. */
export const vehicleExternalWiring = pgTable('vehicle_external_wiring', {
  vehicleId: text('vehicle_id')
    .primaryKey()
    .references(() => vehicles.id, { onDelete: 'cascade' }),
  autoMobWiring: jsonb('auto_mob_wiring').$type<Record<string, Wire[]>>().notNull(),
  adsWiring: jsonb('ads_wiring').$type<Record<string, Wire[]>>().notNull(),
  adsProducts: jsonb('ads_products').$type<Record<string, { id: string; name: string }[]>>().notNull(),
});

/** Folders of the folder browser; root folders have no parent. */
export const folders = pgTable(
  'folders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => folders.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('folders_parent_idx').on(t.parentId, t.position)],
);

/** A document: of a vehicle (wiring sheet, bulletin) or in a folder. Served as a printable page. */
export const documents = pgTable(
  'documents',
  {
    id: text('id').primaryKey(),
    vehicleId: text('vehicle_id').references(() => vehicles.id, { onDelete: 'cascade' }),
    folderId: uuid('folder_id').references(() => folders.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    kind: text('kind').$type<'wiring' | 'instructions' | 'bulletin' | 'guide'>().notNull(),
    body: text('body').notNull(),
    position: integer('position').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('documents_vehicle_idx').on(t.vehicleId, t.position),
    index('documents_folder_idx').on(t.folderId, t.position),
  ],
);

export const installerGuides = pgTable('installer_guides', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  summary: text('summary').notNull(),
  steps: jsonb('steps').$type<string[]>().notNull(),
  documentId: text('document_id').references(() => documents.id),
});

export const installerGuideVehicles = pgTable(
  'installer_guide_vehicles',
  {
    guideId: text('guide_id')
      .notNull()
      .references(() => installerGuides.id, { onDelete: 'cascade' }),
    vehicleId: text('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.guideId, t.vehicleId] }),
    index('installer_guide_vehicles_vehicle_idx').on(t.vehicleId),
  ],
);

/** The product features view (spec 01 §2.6) of a module. */
export const productFeatures = pgTable('product_features', {
  productId: uuid('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  isCloning: boolean('is_cloning').notNull(),
  keysForInstall: integer('keys_for_install').notNull(),
  keysForProgramming: integer('keys_for_programming').notNull(),
  features: text('features')
    .array()
    .notNull()
    .default(sql`'{}'`),
  accessorySkus: text('accessory_skus')
    .array()
    .notNull()
    .default(sql`'{}'`),
});
