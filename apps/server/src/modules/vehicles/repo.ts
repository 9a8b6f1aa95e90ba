import { and, arrayOverlaps, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  documents,
  folders,
  installerGuides,
  installerGuideVehicles,
  productFeatures,
  vehicleCategories,
  vehicleExternalWiring,
  vehicleMakes,
  vehicleModels,
  vehicles,
} from './schema.ts';

/** The makes sold in a year: read from the (year, make, model) index. */
export const makesOfYear = (db: Db, year: number) =>
  db
    .selectDistinct({ id: vehicleMakes.id, name: vehicleMakes.name })
    .from(vehicles)
    .innerJoin(vehicleMakes, eq(vehicleMakes.id, vehicles.makeId))
    .where(eq(vehicles.year, year))
    .orderBy(asc(vehicleMakes.name));

export const modelsOfYearAndMake = (db: Db, year: number, makeId: string) =>
  db
    .select({ id: vehicleModels.id, name: vehicleModels.name })
    .from(vehicles)
    .innerJoin(vehicleModels, eq(vehicleModels.id, vehicles.modelId))
    .where(and(eq(vehicles.year, year), eq(vehicles.makeId, makeId)))
    .orderBy(asc(vehicleModels.name));

const vehicleColumns = {
  vehicle: vehicles,
  makeName: vehicleMakes.name,
  modelName: vehicleModels.name,
};
const vehicleSelect = (db: Db) =>
  db
    .select(vehicleColumns)
    .from(vehicles)
    .innerJoin(vehicleMakes, eq(vehicleMakes.id, vehicles.makeId))
    .innerJoin(vehicleModels, eq(vehicleModels.id, vehicles.modelId));
export type VehicleRecord = Awaited<ReturnType<typeof vehicleSelect>>[number];

export async function vehicleByKey(db: Db, year: number, makeId: string, modelId: string) {
  const [row] = await vehicleSelect(db)
    .where(and(eq(vehicles.year, year), eq(vehicles.makeId, makeId), eq(vehicles.modelId, modelId)))
    .limit(1);
  return row ?? null;
}

export async function vehicleById(db: Db, id: string) {
  const [row] = await vehicleSelect(db).where(eq(vehicles.id, id)).limit(1);
  return row ?? null;
}

export type CategoryRow = typeof vehicleCategories.$inferSelect;

export const categoriesOf = (db: Db, vehicleId: string, kind?: 'wiring' | 'instructions') =>
  db
    .select()
    .from(vehicleCategories)
    .where(and(eq(vehicleCategories.vehicleId, vehicleId), kind ? eq(vehicleCategories.kind, kind) : undefined))
    .orderBy(asc(vehicleCategories.kind), asc(vehicleCategories.position));

export async function categoryOf(db: Db, vehicleId: string, categoryId: string, kind: 'wiring' | 'instructions') {
  const [row] = await db
    .select()
    .from(vehicleCategories)
    .where(
      and(
        eq(vehicleCategories.id, categoryId),
        eq(vehicleCategories.vehicleId, vehicleId),
        eq(vehicleCategories.kind, kind),
      ),
    );
  return row ?? null;
}

export const documentsOfVehicle = (db: Db, vehicleId: string) =>
  db
    .select({ id: documents.id, title: documents.title, kind: documents.kind })
    .from(documents)
    .where(eq(documents.vehicleId, vehicleId))
    .orderBy(asc(documents.position));

export async function documentById(db: Db, id: string) {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row ?? null;
}

export async function externalWiringOf(db: Db, vehicleId: string) {
  const [row] = await db.select().from(vehicleExternalWiring).where(eq(vehicleExternalWiring.vehicleId, vehicleId));
  return row ?? null;
}

export async function hasExternalWiring(db: Db, vehicleId: string) {
  const [row] = await db
    .select({ vehicleId: vehicleExternalWiring.vehicleId })
    .from(vehicleExternalWiring)
    .where(eq(vehicleExternalWiring.vehicleId, vehicleId));
  return Boolean(row);
}

export async function guidesOfVehicles(db: Db, vehicleIds: string[]) {
  const links = await db
    .select({ guideId: installerGuideVehicles.guideId, vehicleId: installerGuideVehicles.vehicleId })
    .from(installerGuideVehicles)
    .where(inArray(installerGuideVehicles.vehicleId, vehicleIds));
  const guideIds = [...new Set(links.map((l) => l.guideId))];
  if (!guideIds.length) return [];
  const guides = await db
    .select()
    .from(installerGuides)
    .where(inArray(installerGuides.id, guideIds))
    .orderBy(asc(installerGuides.title));
  return guides.map((g) => ({
    ...g,
    vehicleIds: links.filter((l) => l.guideId === g.id).map((l) => l.vehicleId),
  }));
}

export const existingVehicleIds = async (db: Db, ids: string[]) =>
  (await db.select({ id: vehicles.id }).from(vehicles).where(inArray(vehicles.id, ids))).map((r) => r.id);

/** Vehicles (at most 20 per harness) whose sheet lists one of these harnesses: GIN-served. */
export const vehiclesWithHarnesses = (db: Db, skus: string[]) =>
  db
    .select({ id: vehicles.id, skus: vehicles.tHarnessSkus })
    .from(vehicles)
    .where(arrayOverlaps(vehicles.tHarnessSkus, skus))
    .orderBy(asc(vehicles.id))
    .limit(20 * skus.length);

export async function featuresOfProduct(db: Db, productId: string) {
  const [row] = await db.select().from(productFeatures).where(eq(productFeatures.productId, productId));
  return row ?? null;
}

const folderCounts = {
  id: folders.id,
  slug: folders.slug,
  name: folders.name,
  parentId: folders.parentId,
  documentCount: sql<number>`(select count(*)::int from documents d where d.folder_id = "folders"."id")`,
  folderCount: sql<number>`(select count(*)::int from folders f2 where f2.parent_id = "folders"."id")`,
};

export const rootFolders = (db: Db) =>
  db.select(folderCounts).from(folders).where(isNull(folders.parentId)).orderBy(asc(folders.position));

export const childFolders = (db: Db, parentId: string) =>
  db.select(folderCounts).from(folders).where(eq(folders.parentId, parentId)).orderBy(asc(folders.position));

export async function folderBySlug(db: Db, slug: string) {
  const [row] = await db.select(folderCounts).from(folders).where(eq(folders.slug, slug));
  return row ?? null;
}

export async function folderById(db: Db, id: string) {
  const [row] = await db.select(folderCounts).from(folders).where(eq(folders.id, id));
  return row ?? null;
}

export const documentsOfFolder = (db: Db, folderId: string) =>
  db
    .select({ id: documents.id, title: documents.title, kind: documents.kind, updatedAt: documents.updatedAt })
    .from(documents)
    .where(eq(documents.folderId, folderId))
    .orderBy(asc(documents.position));
